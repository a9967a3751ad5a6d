/**
 * The blog's draft schedule in the table (issue 5 item 3): one BlogSchedule item per enabled blog,
 * found by due time through GSI1 (no Scan). See frequency.ts for the slots.
 *
 * - `scheduleOpFor(sub, settings, now)`: the transaction operation the blog settings save adds
 *   (core/settings/blog.ts): put a new item when the blog is enabled and has none, or its frequency
 *   changed (next slot after now); delete it when the blog is disabled; nothing otherwise, so saving
 *   the tone or the topics does not move the next draft.
 * - `dueSchedules(now, limit)`: the items due at `now` (`gsi1sk < <now + 1 ms>`), oldest first.
 * - `claimPeriod(item, now)`: advances the due time to the next slot after `now`, conditional on
 *   the due time read; false when another run claimed it first (or the item is gone), so each
 *   period is drafted at most once however many runs overlap.
 * - `retryLater(sub, claimedNext, retryAt)`: after a failed draft, moves the due time back to
 *   `retryAt` (if the claim still stands), so a later run tries again.
 * - `recordDraft`, `removeSchedule`, `readSchedule`.
 */
import type { BlogFrequency } from '@director-ia/shared';
import { blogSchedules, type BlogScheduleItem } from '../../platform/db/entities/blogSchedule';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import type { CommittedWrite, DirectorEntities } from '../../platform/db/service';
import { nextDueAfter } from './frequency';

export type { BlogScheduleItem } from '../../platform/db/entities/blogSchedule';

/** The brand's schedule item, or null while its blog is disabled. */
export async function readSchedule(sub: string): Promise<BlogScheduleItem | null> {
  const { data } = await blogSchedules().get({ uid: sub }).go({ consistent: true });
  return data ?? null;
}

/** The settings save's schedule operation (see the module header) for its transaction, or null for none. */
export async function scheduleOpFor(
  sub: string,
  settings: { isEnabled: boolean; frequency: BlogFrequency },
  now: Date,
): Promise<((entities: DirectorEntities) => CommittedWrite) | null> {
  const current = await readSchedule(sub);
  if (!settings.isEnabled) return current ? ({ blogSchedule }) => blogSchedule.delete({ uid: sub }).commit() : null;
  if (current?.frequency === settings.frequency) return null;
  const item = { uid: sub, frequency: settings.frequency, nextDueAt: nextDueAfter(settings.frequency, now).toISOString(), updatedAt: now.toISOString() };
  return ({ blogSchedule }) => blogSchedule.put(item).commit();
}

/** Schedule items due at `now`, oldest due first, at most `limit`. */
export async function dueSchedules(now: Date, limit = 50): Promise<BlogScheduleItem[]> {
  const upper = new Date(now.getTime() + 1).toISOString();
  const { data } = await blogSchedules().query.due({}).lt({ nextDueAt: upper }).go({ order: 'asc', count: limit });
  return data;
}

/** Claims `item`'s due period: the next due time, or null when another run got there first. */
export async function claimPeriod(item: Pick<BlogScheduleItem, 'uid' | 'frequency' | 'nextDueAt'>, now: Date): Promise<string | null> {
  const next = nextDueAfter(item.frequency, now).toISOString();
  try {
    await blogSchedules()
      .patch({ uid: item.uid })
      .set({ nextDueAt: next, lastDueAt: item.nextDueAt, updatedAt: now.toISOString() })
      .where((attr, op) => op.eq(attr.nextDueAt, item.nextDueAt))
      .go();
    return next;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
}

/** Puts the due time back to `retryAt` after a failed draft, if the claim (`claimedNext`) still stands. */
export async function retryLater(sub: string, claimedNext: string, retryAt: Date, now: Date): Promise<void> {
  if (retryAt.toISOString() >= claimedNext) return;
  try {
    await blogSchedules()
      .patch({ uid: sub })
      .set({ nextDueAt: retryAt.toISOString(), updatedAt: now.toISOString() })
      .where((attr, op) => op.eq(attr.nextDueAt, claimedNext))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Notes the article a scheduled run drafted (best effort: the item may be gone). */
export async function recordDraft(sub: string, articleId: string, now: Date): Promise<void> {
  try {
    await blogSchedules().patch({ uid: sub }).set({ lastArticleId: articleId, updatedAt: now.toISOString() }).go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Removes the schedule of a brand whose blog turned out to be disabled, if it is still the one read. */
export async function removeSchedule(sub: string, nextDueAt: string): Promise<void> {
  try {
    await blogSchedules()
      .delete({ uid: sub })
      .where((attr, op) => op.eq(attr.nextDueAt, nextDueAt))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
