/**
 * Creador de Blog (spec sections 3, 5; issue 3 item 3): the brand's blog settings and its slug,
 * unique across all brands.
 *
 * A save is one DynamoDB transaction: put the BlogSlug claim of the new slug (condition: unclaimed
 * or already ours), delete the claim of the old slug when it changes (condition: ours or gone), and
 * put the settings (condition: the revision we read, so two saves of one brand cannot both pass
 * and leave a stale claim behind). Two brands claiming one slug at once end with exactly one
 * owner: the other's transaction is cancelled as a whole (409 ABORTED, nothing of theirs changes).
 * Conflicts between concurrent transactions are retried with backoff, re-reading first.
 *
 * The header image is an uploads-bucket key of the caller's own `blogHeader` uploads (never
 * inline data); reads return a short-lived URL for it. A replaced image's file is deleted.
 *
 * The same transaction keeps the scheduled drafts' due-time item in step (issue 5 item 3,
 * core/blog/schedule.ts `scheduleOpFor`): written when the blog is enabled or its frequency
 * changes, removed when it is disabled.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_BLOG_SETTINGS, SETTINGS_MSG, canonicalSlug, type BlogSettings, type BlogSettingsInput } from '@director-ia/shared';
import { blogSettings, type BlogSettingsItem } from '../../platform/db/entities/blogSettings';
import { blogSlugs } from '../../platform/db/entities/blogSlug';
import { TransactionCancelled } from '../../platform/db/errors';
import { transactWrite, type CommittedWrite, type DirectorEntities } from '../../platform/db/service';
import { ConflictError, InvalidInputError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { deleteObject, objectExists } from '../../platform/storage/objects';
import { presignGet } from '../../platform/storage/presign';
import type { Caller } from '../accounts/profiles';
import { scheduleOpFor } from '../blog/schedule';
import { parseUploadKey } from '../uploads/keys';

/** Attempts of a save that meets concurrent transactions before it gives up with 409. */
const MAX_ATTEMPTS = 6;
/** Lifetime of the header image's download URL, seconds. */
export const HEADER_IMAGE_URL_SECONDS = 300;

type StoredSettings = Omit<BlogSettingsItem, 'uid'>;

async function readItem(sub: string): Promise<BlogSettingsItem | null> {
  const { data } = await blogSettings().get({ uid: sub }).go({ consistent: true });
  return data ?? null;
}

async function toView(item: StoredSettings | null): Promise<BlogSettings> {
  if (!item) return { ...DEFAULT_BLOG_SETTINGS };
  const headerImageKey = item.headerImageKey || null;
  return {
    isEnabled: item.isEnabled,
    slug: item.slug,
    tone: item.tone,
    topics: item.topics,
    frequency: item.frequency,
    layout: item.layout,
    headerImageKey,
    headerImageUrl: headerImageKey ? await presignGet(headerImageKey, HEADER_IMAGE_URL_SECONDS) : null,
    lastUpdated: item.lastUpdated,
  };
}

/** The caller's blog settings; the spec's defaults before the first save. */
export async function readBlogSettings(caller: Pick<Caller, 'sub'>): Promise<BlogSettings> {
  return toView(await readItem(caller.sub));
}

/** The brand that owns `slug`, or null (the public blog's lookup; GetItem, no Scan). */
export async function blogOwnerOf(slug: string): Promise<string | null> {
  const canonical = canonicalSlug(slug);
  if (!canonical) return null;
  const { data } = await blogSlugs().get({ slug: canonical }).go({ consistent: true });
  return data?.ownerSub ?? null;
}

function merge(current: BlogSettingsItem | null, input: BlogSettingsInput, now: Date): StoredSettings {
  const base = current ?? { ...DEFAULT_BLOG_SETTINGS, headerImageKey: '', revision: 0 };
  return {
    isEnabled: input.isEnabled ?? base.isEnabled,
    slug: input.slug === undefined ? base.slug : canonicalSlug(input.slug),
    tone: input.tone ?? base.tone,
    topics: input.topics ?? base.topics,
    frequency: input.frequency ?? base.frequency,
    layout: input.layout ?? base.layout,
    headerImageKey: input.headerImageKey === undefined ? (base.headerImageKey ?? '') : (input.headerImageKey ?? ''),
    revision: (current?.revision ?? 0) + 1,
    lastUpdated: now.toISOString(),
  };
}

type Role = 'claim' | 'release' | 'settings' | 'schedule';

type Op = { role: Role; op: (entities: DirectorEntities) => CommittedWrite };

function transaction(sub: string, current: BlogSettingsItem | null, next: StoredSettings, now: Date, releaseOld: boolean): Op[] {
  const ops: Op[] = [];
  if (next.slug) {
    const claim = ({ blogSlug }: DirectorEntities) =>
      blogSlug
        .put({ slug: next.slug, ownerSub: sub, claimedAt: now.toISOString() })
        .where(({ ownerSub }, { notExists, eq }) => `(${notExists(ownerSub)} OR ${eq(ownerSub, sub)})`)
        .commit();
    ops.push({ role: 'claim', op: claim });
  }
  if (releaseOld && current?.slug && current.slug !== next.slug) {
    const oldSlug = current.slug;
    const release = ({ blogSlug }: DirectorEntities) =>
      blogSlug
        .delete({ slug: oldSlug })
        .where(({ ownerSub }, { notExists, eq }) => `(${notExists(ownerSub)} OR ${eq(ownerSub, sub)})`)
        .commit();
    ops.push({ role: 'release', op: release });
  }
  const settings = ({ blogSettings: entity }: DirectorEntities) =>
    entity
      .put({ uid: sub, ...next })
      .where(({ revision }, { eq, notExists }) => (current ? eq(revision, current.revision) : notExists(revision)))
      .commit();
  ops.push({ role: 'settings', op: settings });
  return ops;
}

/**
 * Merges `input` into the caller's blog settings with the slug rules above. Throws
 * INVALID_ARGUMENT for an enabled blog without a slug or a header image that is not the caller's
 * uploaded blog header, and ABORTED when the slug belongs to another brand.
 */
export async function saveBlogSettings(caller: Pick<Caller, 'sub'>, input: BlogSettingsInput, now = new Date()): Promise<BlogSettings> {
  if (input.headerImageKey) await checkHeaderImage(caller.sub, input.headerImageKey);
  let releaseOld = true;
  for (let attempt = 1; ; attempt += 1) {
    const current = await readItem(caller.sub);
    const next = merge(current, input, now);
    if (next.isEnabled && !next.slug) throw new InvalidInputError(SETTINGS_MSG.slugRequired);
    const ops = transaction(caller.sub, current, next, now, releaseOld);
    const schedule = await scheduleOpFor(caller.sub, next, now);
    if (schedule) ops.push({ role: 'schedule', op: schedule });
    try {
      await transactWrite((entities) => ops.map(({ op }) => op(entities)));
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const codes = error.codes;
      const failed = (role: Role, code = 'ConditionalCheckFailed') => codes[ops.findIndex((op) => op.role === role)] === code;
      if (failed('claim')) throw new ConflictError(SETTINGS_MSG.slugTaken(next.slug));
      if (failed('release')) {
        // The old claim is not ours: the records disagree. Leave that claim alone and go on.
        logger.error('Blog slug claim held by another brand', { slug: current?.slug });
        releaseOld = false;
      }
      if (attempt >= MAX_ATTEMPTS) throw new ConflictError(SETTINGS_MSG.settingsConflict);
      await sleep(10 * 2 ** attempt * (0.5 + Math.random()));
      continue;
    }
    const oldImage = current?.headerImageKey;
    if (oldImage && oldImage !== next.headerImageKey) {
      await deleteObject(oldImage).catch((error: unknown) => logger.warn('Old blog header image not deleted', { error: error as Error }));
    }
    return toView(next);
  }
}

/** The key must be one of the caller's own blog header uploads, and the file must be there. */
async function checkHeaderImage(sub: string, key: string): Promise<void> {
  const parsed = parseUploadKey(key);
  if (!parsed || parsed.sub !== sub || parsed.kind !== 'blogHeader') {
    throw new InvalidInputError('Imagen de cabecera no válida.');
  }
  if (!(await objectExists(key))) {
    throw new InvalidInputError('La imagen de cabecera no se ha subido: vuelve a intentarlo.');
  }
}
