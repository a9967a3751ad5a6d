/**
 * Conversation retention (issue 17 item 2): a setting per owner (days, RETENTION_CHOICES; 0 = no
 * automatic deletion, the default and the behaviour before it existed) and the scheduled job that
 * enforces it.
 *
 * - `readRetention(sub)` → days (0 when never set).
 * - `saveRetention(sub, days, now)` → days: a DataSettings item while days > 0 (it is in GSI1
 *   `dataRetention`, the job's list of owners), none for 0.
 * - `enforceRetention(now)` → `{owners, conversations}`: for each owner with a retention (one
 *   GSI1 Query, no Scan), deletes every conversation (widget or Bandeja) whose last message
 *   (`lastMessageAt`, else `updatedAt`) is older than the retention, with its messages; a lead
 *   that pointed at it keeps its data and loses the transcript. Idempotent: a repeated run finds
 *   nothing more to delete.
 */
import { RETENTION_CHOICES } from '@director-ia/shared';
import { conversations } from '../../platform/db/entities/conversation';
import { dataSettings } from '../../platform/db/entities/dataSettings';
import { deleteKeys, queryPartition, keyOf } from '../../platform/db/partition';
import { InvalidInputError } from '../../platform/errors';
import { logger } from '../../platform/logger';

/** `sub`'s retention in days (0 = keep). */
export async function readRetention(sub: string): Promise<number> {
  const { data } = await dataSettings().get({ uid: sub }).go();
  return data?.retentionDays ?? 0;
}

/** Stores `sub`'s retention (see the module header). */
export async function saveRetention(sub: string, days: number, now = new Date()): Promise<number> {
  if (!(RETENTION_CHOICES as readonly number[]).includes(days)) throw new InvalidInputError('Elige uno de los periodos de conservación ofrecidos.');
  if (days === 0) await dataSettings().delete({ uid: sub }).go();
  else await dataSettings().put({ uid: sub, retentionDays: days, lastUpdated: now.toISOString() }).go();
  return days;
}

/** Deletes conversation `id` of `sub` and all its messages (messages first: a retry still finds the conversation). */
export async function deleteConversation(sub: string, id: string): Promise<void> {
  for (;;) {
    const { items } = await queryPartition(`user#${sub}`, { prefix: `convmsg#${id}#`, limit: 500 });
    if (items.length === 0) break;
    await deleteKeys(items.map(keyOf));
  }
  await conversations().delete({ uid: sub, id }).go();
}

/** Deletes `sub`'s conversations older than `days` at `now`; returns how many. */
export async function expireConversations(sub: string, days: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const { data } = await conversations().query.byUser({ uid: sub }).go({ pages: 'all' });
  let removed = 0;
  for (const conversation of data) {
    const last = conversation.lastMessageAt ?? conversation.updatedAt;
    if (last >= cutoff) continue;
    await deleteConversation(sub, conversation.id);
    removed++;
  }
  return removed;
}

/** The scheduled enforcement (see the module header). */
export async function enforceRetention(now = new Date()): Promise<{ owners: number; conversations: number }> {
  const { data } = await dataSettings().query.withRetention({}).go({ pages: 'all' });
  let removed = 0;
  for (const setting of data) {
    if (setting.retentionDays <= 0) continue;
    try {
      removed += await expireConversations(setting.uid, setting.retentionDays, now);
    } catch (error) {
      logger.error('Conversation retention failed for an owner; the next run retries', { error: error as Error });
    }
  }
  return { owners: data.length, conversations: removed };
}
