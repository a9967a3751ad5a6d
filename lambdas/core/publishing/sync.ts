/**
 * Keeping a post's publications in step with the post (see ./index.ts for the contract):
 * `syncPublications`, `removePublications`, `rescheduleAll`.
 *
 * Order of writes, so a crash anywhere leaves something the next sync or the sweep repairs:
 * a new or changed `programado` publication gets its schedule put first (carrying the new
 * revision), then the item (conditional on the revision and state read); a removed one is deleted
 * first (conditional), then its schedule. A schedule whose item write lost carries a revision no
 * item has, so its event is ignored; an item without its schedule is re-delivered by the sweep.
 */
import { createHash } from 'node:crypto';
import { isSocialNetwork, postTimeOf, publishInstant, PUBLICATION_MSG, type Publication, type SocialNetwork } from '@director-ia/shared';
import { scheduledPosts, type ScheduledPostItem } from '../../platform/db/entities/scheduledPost';
import { logger } from '../../platform/logger';
import { brandTimeZone } from '../settings/aiSettings';
import { readConnection } from '../social/store';
import { deletePublicationSchedule, putPublicationSchedule } from './schedules';
import { conditional, deletePublication, dueKeyFor, listAllPublications, listPublications, publicationIdOf, putPublication, type PublicationItem } from './store';
import { isPastMissing, publicationView } from './views';

/** States a sync may change or remove (the others belong to the publisher or to history). */
const SYNCABLE: readonly PublicationItem['state'][] = ['programado', 'error', 'no_publicado'];

/** One resolved destination of a post. */
interface Destination {
  network: SocialNetwork;
  targetId: string | null;
  targetName: string | null;
  sandbox: boolean;
}

/** What a post sends to `network`: its version for the network, else its content and title. */
export function contentFor(post: Pick<ScheduledPostItem, 'content' | 'title' | 'versions'>, network: SocialNetwork): { text: string; title: string } {
  const version = post.versions?.find((candidate) => candidate.network === network);
  return { text: version?.text ?? post.content, title: version?.title ?? post.title };
}

/** Hash of what `post` publishes to `network` (text, title, media ids). */
function contentHashOf(post: ScheduledPostItem, network: SocialNetwork): string {
  const { text, title } = contentFor(post, network);
  return createHash('sha256')
    .update(JSON.stringify([text, title, post.media ?? []]))
    .digest('hex')
    .slice(0, 32);
}

/** The post's targets, or `[{network: platform}]` for a post stored without targets. */
const targetsOf = (post: ScheduledPostItem) => post.targets ?? (isSocialNetwork(post.platform) ? [{ network: post.platform }] : []);

/** Each target expanded: a target without id → every destination selected on the connection now; none → one with targetId null. */
async function destinationsOf(sub: string, post: ScheduledPostItem): Promise<Destination[]> {
  const connections = new Map<SocialNetwork, Awaited<ReturnType<typeof readConnection>>>();
  const connection = async (network: SocialNetwork) => {
    if (!connections.has(network)) connections.set(network, await readConnection(sub, network));
    return connections.get(network) ?? null;
  };
  const found: Destination[] = [];
  for (const target of targetsOf(post)) {
    const item = await connection(target.network);
    const connected = item && item.state !== 'desconectada' ? item : null;
    const sandbox = connected?.sandbox ?? false;
    if (target.targetId) {
      const name = connected?.targets.find((candidate) => candidate.id === target.targetId)?.name ?? null;
      found.push({ network: target.network, targetId: target.targetId, targetName: name, sandbox });
      continue;
    }
    const selected = connected?.targets.filter((candidate) => candidate.selected) ?? [];
    if (selected.length === 0) found.push({ network: target.network, targetId: null, targetName: null, sandbox });
    for (const chosen of selected) found.push({ network: target.network, targetId: chosen.id, targetName: chosen.name, sandbox });
  }
  return found;
}

/** The fields that say a publication is due (programado) or not past due (no_publicado) at `dueAt`. */
export function dueFields(item: Pick<PublicationItem, 'uid' | 'postId' | 'id'>, dueAt: string, now: Date): Pick<PublicationItem, 'state' | 'dueAt' | 'dueKey' | 'reason'> {
  // Within MISSED_AFTER_MS of its instant it still goes out (its schedule fires at once), as a late delivery would.
  if (isPastMissing(dueAt, now)) return { state: 'no_publicado', dueAt, dueKey: undefined, reason: PUBLICATION_MSG.notPublished };
  return { state: 'programado', dueAt, dueKey: dueKeyFor(item, dueAt), reason: undefined };
}

/** Attributes of a run of attempts that a new revision starts afresh. */
export const ATTEMPT_RESET = {
  leaseId: undefined,
  leaseUntil: undefined,
  creating: undefined,
  attempts: undefined,
  firstAttemptAt: undefined,
  fixLabel: undefined,
  fixHref: undefined,
  failedAt: undefined,
  digestPending: undefined,
  postponed: undefined,
} as const;

/** Drops the keys whose value is undefined (a put stores exactly what is given). */
export function compact<T extends object>(item: T): T {
  return Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)) as T;
}

/**
 * Writes `next` (a new revision of `current`, or a new item when `current` is null) in the
 * module header's order; false when the item's condition failed (someone else changed it).
 */
export async function writeRevision(current: PublicationItem | null, next: PublicationItem): Promise<boolean> {
  if (next.state === 'programado') await putPublicationSchedule(next);
  const written = await putPublication(compact(next), current ? { revision: current.revision, state: current.state } : null);
  if (written && next.state !== 'programado' && current?.state === 'programado') await deletePublicationSchedule(next.id);
  return written;
}

/** Removes `item` and its schedule unless someone changed it meanwhile. */
async function removeOne(item: PublicationItem): Promise<void> {
  if (await deletePublication(item, { revision: item.revision, state: item.state })) await deletePublicationSchedule(item.id);
}

/** See ./index.ts. */
export async function syncPublications(sub: string, post: ScheduledPostItem, now = new Date()): Promise<Publication[]> {
  const existing = new Map((await listPublications(sub, post.id)).map((item) => [item.id, item]));
  const approved = post.status === 'aprobado';
  const destinations = approved ? await destinationsOf(sub, post) : [];
  const zone = approved ? await brandTimeZone(sub) : '';
  const localTime = postTimeOf(post);
  const at = now.toISOString();
  const wanted = new Set<string>();
  for (const [position, destination] of destinations.entries()) {
    const id = publicationIdOf(post.id, destination.network, destination.targetId);
    if (wanted.has(id)) continue;
    wanted.add(id);
    const instant = publishInstant(post.scheduledDate, localTime, zone);
    const contentHash = contentHashOf(post, destination.network);
    const current = existing.get(id) ?? null;
    const base = { title: post.title, localDate: post.scheduledDate, localTime, contentHash, position, targetName: destination.targetName ?? undefined, sandbox: destination.sandbox };
    if (!current) {
      const key = { uid: sub, postId: post.id, id };
      const created: PublicationItem = {
        ...key,
        network: destination.network,
        ...(destination.targetId ? { targetId: destination.targetId } : {}),
        ...base,
        revision: 1,
        ...dueFields(key, instant, now),
        createdAt: at,
        updatedAt: at,
      };
      await writeRevision(null, created);
      continue;
    }
    if (!SYNCABLE.includes(current.state)) continue;
    const changed =
      current.localDate !== post.scheduledDate ||
      current.localTime !== localTime ||
      current.contentHash !== contentHash ||
      (!current.postponed && current.dueAt !== instant);
    if (!changed) {
      if (current.position !== position || current.title !== post.title) await putPublication(compact({ ...current, position, title: post.title }), current);
      continue;
    }
    const next: PublicationItem = { ...current, ...base, ...ATTEMPT_RESET, prepared: undefined, revision: current.revision + 1, ...dueFields(current, instant, now), updatedAt: at };
    if (!(await writeRevision(current, next))) logger.info('Publication changed during a sync; left as it is', { publicationId: id });
  }
  for (const item of existing.values()) {
    if (!wanted.has(item.id) && SYNCABLE.includes(item.state)) await removeOne(item);
  }
  if (post.syncKey) {
    const clear = scheduledPosts().patch({ uid: post.uid, id: post.id, scheduledDate: post.scheduledDate }).remove(['syncKey']);
    await conditional(clear.where((attr, op) => op.eq(attr.syncKey, post.syncKey ?? '')).go());
  }
  return (await listPublications(sub, post.id)).map((item) => publicationView(item, now));
}

/** See ./index.ts. */
export async function removePublications(sub: string, postId: string): Promise<void> {
  for (const item of await listPublications(sub, postId)) {
    await deletePublication(item);
    await deletePublicationSchedule(item.id);
  }
}

/** See ./index.ts. A publication postponed by a network keeps its later instant when that is still after the new one. */
export async function rescheduleAll(sub: string, now = new Date()): Promise<void> {
  const zone = await brandTimeZone(sub);
  for (const item of await listAllPublications(sub)) {
    if (item.state !== 'programado') continue;
    const instant = publishInstant(item.localDate, item.localTime, zone);
    const dueAt = item.postponed && Date.parse(item.dueAt) > Date.parse(instant) ? item.dueAt : instant;
    if (dueAt === item.dueAt) continue;
    const next: PublicationItem = { ...item, revision: item.revision + 1, ...dueFields(item, dueAt, now), updatedAt: now.toISOString() };
    if (!(await writeRevision(item, next))) logger.info('Publication changed during a reschedule; left as it is', { publicationId: item.id });
  }
}
