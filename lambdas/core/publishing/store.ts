/**
 * The stored side of publications (entity platform/db/entities/publication.ts): ids, reads, and
 * the few writes every part of the engine shares.
 *
 * - `publicationIdOf(postId, network, targetId)`: the deterministic id (24 hex characters of a
 *   SHA-256 of the three; `-` for no target), so a sync never duplicates and a schedule name
 *   (`pub_<id>`) fits Scheduler's 64 characters.
 * - `listPublications(sub, postId)` (one strongly consistent Query, in target order),
 *   `readPublication(sub, postId, id)`, `listAllPublications(sub)` (every `pub#` item of `sub`).
 * - `putPublication(item, expect)`: a put of the whole item (so GSI1 is written whole, see the
 *   entity's header) on condition that the stored item is still as read (`expect`: revision and
 *   state; or absent for a new one). False when the condition failed.
 * - `patchPublication(key, set, remove, condition)`: a conditional patch; false when the condition failed.
 * - `readPost(sub, postId)`: the post by id (its reference, then the post), or null.
 */
import { createHash } from 'node:crypto';
import type { SocialNetwork } from '@director-ia/shared';
import { dueKeyOf, publications, type PublicationItem } from '../../platform/db/entities/publication';
import { scheduledPostRefs, scheduledPosts, type ScheduledPostItem } from '../../platform/db/entities/scheduledPost';
import { isConditionalCheckFailure } from '../../platform/db/errors';

export type { PublicationItem } from '../../platform/db/entities/publication';

/** The states in which a publication sits in GSI1 `publicationDue` (and has a schedule or a holder). */
export const DUE_STATES = ['programado', 'publicando'] as const;

/** The deterministic id of the publication of `postId` to `network`'s `targetId` (see the module header). */
export function publicationIdOf(postId: string, network: SocialNetwork, targetId: string | null | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify([postId, network, targetId ?? '-']))
    .digest('hex')
    .slice(0, 24);
}

/** The primary key of a publication item. */
export const keyOf = (item: Pick<PublicationItem, 'uid' | 'postId' | 'id'>) => ({ uid: item.uid, postId: item.postId, id: item.id });

/** `dueKey` for `item` at `dueAt`. */
export const dueKeyFor = (item: Pick<PublicationItem, 'uid' | 'postId' | 'id'>, dueAt: string) => dueKeyOf(dueAt, item.uid, item.postId, item.id);

/** The publications of post `postId` of `sub`, in target order. */
export async function listPublications(sub: string, postId: string): Promise<PublicationItem[]> {
  const { data } = await publications().query.byUser({ uid: sub, postId }).go({ consistent: true, pages: 'all' });
  return data.sort((a, b) => a.position - b.position);
}

/** Every publication of `sub` (all posts). */
export async function listAllPublications(sub: string): Promise<PublicationItem[]> {
  const { data } = await publications().query.byUser({ uid: sub }).go({ consistent: true, pages: 'all' });
  return data;
}

/** One publication, or null. */
export async function readPublication(sub: string, postId: string, id: string): Promise<PublicationItem | null> {
  const { data } = await publications().get({ uid: sub, postId, id }).go({ consistent: true });
  return data ?? null;
}

/** Whether `write` went through: false when (only) its condition failed. */
export async function conditional(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Puts `item` whole. `expect` null: only when no such item exists; else only while the stored one
 * still has `expect.revision` and `expect.state` (and `expect.leaseId` when given).
 */
export async function putPublication(item: PublicationItem, expect: Pick<PublicationItem, 'revision' | 'state'> & { leaseId?: string } | null): Promise<boolean> {
  const put = publications().put(item);
  if (!expect) return conditional(put.where((attr, op) => op.notExists(attr.state)).go());
  return conditional(
    put
      .where(
        (attr, op) =>
          `${op.eq(attr.revision, expect.revision)} AND ${op.eq(attr.state, expect.state)}${expect.leaseId ? ` AND ${op.eq(attr.leaseId, expect.leaseId)}` : ''}`,
      )
      .go(),
  );
}

/** Deletes `item` while it is still at `revision` and `state` (or unconditionally when not given). */
export async function deletePublication(item: Pick<PublicationItem, 'uid' | 'postId' | 'id'>, expect?: Pick<PublicationItem, 'revision' | 'state'>): Promise<boolean> {
  const remove = publications().delete(keyOf(item));
  if (!expect) return conditional(remove.go());
  return conditional(remove.where((attr, op) => `${op.eq(attr.revision, expect.revision)} AND ${op.eq(attr.state, expect.state)}`).go());
}

/** Post `postId` of `sub` (its reference, then the post; strongly consistent), or null. */
export async function readPost(sub: string, postId: string): Promise<ScheduledPostItem | null> {
  const { data: ref } = await scheduledPostRefs().get({ uid: sub, id: postId }).go({ consistent: true });
  if (!ref) return null;
  const { data } = await scheduledPosts().get({ uid: sub, id: postId, scheduledDate: ref.scheduledDate }).go({ consistent: true });
  return data ?? null;
}
