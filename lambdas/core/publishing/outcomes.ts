/**
 * How an attempt ends, as writes on the publication (./engine.ts, ./publish.ts). Every write of a
 * holder is conditional on its `leaseId` (false when the lease was taken over meanwhile: the new
 * holder decides); `markMissed` (no holder) on the revision and state read.
 * - `markPublished`: `publicado` with the network's post id, URL and instant; then the post's
 *   tracked link when it needs one (issue 15 item 4, ./links.ts);
 * - `markFailed`: `error` with the Spanish reason and fix link; `markUnconfirmed`: `sin_confirmar`
 *   (the create may have published and the network cannot say); `markMissed`: `no_publicado`.
 *   These three also put the owner on the daily digest;
 * - `postpone`: back to `programado` at `until` in a new revision, its schedule moved; `creating`
 *   kept when a create may have been sent, so the next holder asks the network first;
 * - `saveProgress`: the Prepared state and the `creating` flag, before the visible step.
 */
import type { Published } from '../../platform/social';
import { publications } from '../../platform/db/entities/publication';
import { publicationDigests } from '../../platform/db/entities/publicationDigest';
import { PUBLICATION_MSG, type SocialNetwork } from '@director-ia/shared';
import { linkPublication } from './links';
import { putPublicationSchedule } from './schedules';
import { compact } from './sync';
import { conditional, dueKeyFor, keyOf, putPublication, type PublicationItem } from './store';

/** A fix link: where the owner repairs it. */
export interface Fix {
  label: string;
  href: string;
}

/** Where connections are repaired. */
export const SOCIAL_PAGE = '/redes';

/** The reconnect fix of `network` ("Reconecta Instagram"). */
export const reconnectFix = (network: SocialNetwork): Fix => ({ label: PUBLICATION_MSG.reconnect(network), href: SOCIAL_PAGE });

/** What leaves GSI1 and the holder's state when a publication reaches a final state. */
const FINAL_REMOVES = ['dueKey', 'leaseId', 'leaseUntil', 'creating'] as const;

/** Puts `owner` on the digest (pending since `at`, kept when already pending). */
async function notePending(owner: string, at: string): Promise<void> {
  // Already pending: the earlier instant stands.
  await conditional(
    publicationDigests()
      .update({ owner })
      .set({ pendingSince: at })
      .where((attr, op) => op.notExists(attr.pendingSince))
      .go(),
  );
}

/** A final write of the holder of `item`; false when its lease was taken over. */
async function finish(item: PublicationItem, set: Partial<PublicationItem>, remove: readonly (keyof PublicationItem)[], now: Date): Promise<boolean> {
  const at = now.toISOString();
  const written = await conditional(
    publications()
      .patch(keyOf(item))
      .set({ ...set, updatedAt: at })
      .remove([...FINAL_REMOVES, ...remove] as never)
      .where((attr, op) => op.eq(attr.leaseId, item.leaseId ?? ''))
      .go(),
  );
  if (written && set.digestPending) await notePending(item.uid, at);
  return written;
}

/** `publicado` (see the module header), then its tracked link (./links.ts, never throws). */
export async function markPublished(item: PublicationItem, published: Published, now: Date): Promise<boolean> {
  const written = await finish(
    item,
    { state: 'publicado', networkPostId: published.postId, ...(published.url ? { url: published.url } : {}), publishedAt: now.toISOString() },
    ['reason', 'fixLabel', 'fixHref', 'postponed', ...(published.url ? [] : (['url'] as const))],
    now,
  );
  if (written) await linkPublication(item, now);
  return written;
}

/** `error` with `reason` and `fix` (see the module header). */
export const markFailed = (item: PublicationItem, reason: string, fix: Fix | null, now: Date) =>
  finish(
    item,
    { state: 'error', reason, ...(fix ? { fixLabel: fix.label, fixHref: fix.href } : {}), failedAt: now.toISOString(), digestPending: true },
    fix ? [] : ['fixLabel', 'fixHref'],
    now,
  );

/** `sin_confirmar` (see the module header). */
export const markUnconfirmed = (item: PublicationItem, now: Date) =>
  finish(item, { state: 'sin_confirmar', reason: PUBLICATION_MSG.unconfirmed(item.network), failedAt: now.toISOString(), digestPending: true }, ['fixLabel', 'fixHref'], now);

/** `no_publicado` for a publication nobody holds (the event or the sweep found it too late). */
export async function markMissed(item: PublicationItem, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const written = await conditional(
    publications()
      .patch(keyOf(item))
      .set({ state: 'no_publicado', reason: PUBLICATION_MSG.notPublished, failedAt: at, digestPending: true, updatedAt: at })
      .remove([...FINAL_REMOVES, 'fixLabel', 'fixHref'])
      .where((attr, op) => `${op.eq(attr.revision, item.revision)} AND ${op.eq(attr.state, item.state)} AND ${op.notExists(attr.creating)}`)
      .go(),
  );
  if (written) await notePending(item.uid, at);
  return written;
}

/** Back to `programado` at `until` (see the module header); false when the lease was lost. */
export async function postpone(item: PublicationItem, until: Date, options: { reason?: string; prepared?: string; keepCreating?: boolean }, now: Date): Promise<boolean> {
  const dueAt = until.toISOString();
  const next: PublicationItem = compact({
    ...item,
    state: 'programado',
    revision: item.revision + 1,
    dueAt,
    dueKey: dueKeyFor(item, dueAt),
    postponed: true,
    reason: options.reason,
    prepared: options.prepared ?? item.prepared,
    creating: options.keepCreating ? true : undefined,
    leaseId: undefined,
    leaseUntil: undefined,
    updatedAt: now.toISOString(),
  });
  await putPublicationSchedule(next);
  return putPublication(next, { revision: item.revision, state: 'publicando', leaseId: item.leaseId ?? '' });
}

/** Stores `prepared` (JSON) and, when `creating`, the flag that a create may be sent; false when the lease was lost. */
export async function saveProgress(item: PublicationItem, prepared: string, creating: boolean): Promise<boolean> {
  const patch = publications().patch(keyOf(item));
  const changed = creating ? patch.set({ prepared, creating: true }) : patch.set({ prepared }).remove(['creating']);
  return conditional(changed.where((attr, op) => op.eq(attr.leaseId, item.leaseId ?? '')).go());
}
