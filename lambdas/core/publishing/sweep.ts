/**
 * The publishing sweep (issue 13 item 3; see lambdas/events/publishingSweep.ts), one run:
 * 1. post syncs left in the outbox (GSI1 `publicationSync`, posts whose `syncKey` is older than
 *    SWEEP_GRACE_MS: a sync in flight is left alone) are finished with the post as it stands now;
 * 2. publications still `programado` or `publicando` SWEEP_GRACE_MS after their instant (GSI1
 *    `publicationDue`): a `programado` one more than MISSED_AFTER_MS late (no create possibly
 *    sent) becomes `no_publicado`; any other whose schedule never fired, or whose holder's lease
 *    expired, gets its schedule put again at now with the same revision (a duplicate delivery is
 *    harmless: the claim lets one through);
 * 3. the daily failure digest (./digest.ts), and the daily digest of new leads past the cap of
 *    new-lead e-mails (core/leads/digest.ts, issue 16 finding 1);
 * 4. issue 14: inbound inbox messages still waiting for their answer a minute after they were
 *    stored are handed to the inbox worker again (core/inbox/pending.ts);
 * 5. issue 14: the YouTube channels' new comments are read (YouTube has no comment webhook:
 *    core/inbox/poll.ts), stored and handed to the inbox worker.
 * Stops starting work when `remainingMs()` runs below a minute. Reads of GSI1 are eventually
 * consistent: every write here is conditional or idempotent, so a stale entry does no harm.
 */
import { publications, type PublicationItem } from '../../platform/db/entities/publication';
import { scheduledPosts } from '../../platform/db/entities/scheduledPost';
import { logger } from '../../platform/logger';
import { redeliverPending } from '../inbox/pending';
import { sendLeadDigests } from '../leads/digest';
import { pollYoutubeComments } from '../inbox/poll';
import { sendDigests } from './digest';
import { markMissed } from './outcomes';
import { putPublicationSchedule } from './schedules';
import { readPost } from './store';
import { syncPublications } from './sync';
import { isMissed } from './views';

/** What one run did. */
export interface SweepResult {
  synced: number;
  redelivered: number;
  missed: number;
  digests: number;
  /** New-lead digests sent (issue 16 finding 1). */
  leadDigests: number;
  /** Inbox messages handed to the inbox worker again. */
  inboxRedelivered: number;
  /** YouTube comments newly stored by polling. */
  inboxPolled: number;
}

/** How long after its instant (or its outbox key) the sweep steps in, ms: the schedule and the caller's own sync come first. */
export const SWEEP_GRACE_MS = 2 * 60_000;
/** Time below which a run starts nothing new, ms. */
const STOP_BELOW_MS = 60_000;

/** GSI1 keys start with an ISO instant then '#': '$' sorts right after '#'. */
const before = (instant: Date) => `${instant.toISOString()}$`;

async function finishSyncs(now: Date, more: () => boolean): Promise<number> {
  const { data } = await scheduledPosts().query.sync({}).lt({ syncKey: before(new Date(now.getTime() - SWEEP_GRACE_MS)) }).go({ pages: 'all' });
  let synced = 0;
  for (const entry of data) {
    if (!more()) break;
    try {
      const post = await readPost(entry.uid, entry.id);
      if (!post?.syncKey) continue;
      await syncPublications(post.uid, post, now);
      synced += 1;
    } catch (error) {
      logger.error('Sweep: a post sync failed', { postId: entry.id, error: { name: (error as Error).name } });
    }
  }
  return synced;
}

/** What the sweep does with one publication past its instant. */
async function handleDue(item: PublicationItem, now: Date): Promise<'missed' | 'redelivered' | 'skipped'> {
  if (item.state === 'programado' && !item.creating && isMissed(item, now)) return (await markMissed(item, now)) ? 'missed' : 'skipped';
  if (item.state === 'publicando' && (item.leaseUntil ?? 0) >= now.getTime()) return 'skipped';
  if (item.state !== 'programado' && item.state !== 'publicando') return 'skipped';
  await putPublicationSchedule(item, now);
  return 'redelivered';
}

/** One run at `now`; stops early when `remainingMs()` runs low. */
export async function runPublishingSweep(now: Date = new Date(), options: { remainingMs?: () => number } = {}): Promise<SweepResult> {
  const remainingMs = options.remainingMs ?? (() => Infinity);
  const more = () => remainingMs() > STOP_BELOW_MS;
  const result: SweepResult = { synced: 0, redelivered: 0, missed: 0, digests: 0, leadDigests: 0, inboxRedelivered: 0, inboxPolled: 0 };
  result.synced = await finishSyncs(now, more);
  const { data: due } = await publications().query.due({}).lt({ dueKey: before(new Date(now.getTime() - SWEEP_GRACE_MS)) }).go({ pages: 'all' });
  for (const item of due) {
    if (!more()) break;
    try {
      const outcome = await handleDue(item, now);
      if (outcome !== 'skipped') result[outcome] += 1;
    } catch (error) {
      logger.error('Sweep: a publication could not be re-delivered', { publicationId: item.id, error: { name: (error as Error).name } });
    }
  }
  if (more()) result.digests = await sendDigests(now, remainingMs);
  if (more()) {
    try {
      result.leadDigests = await sendLeadDigests(now, remainingMs);
    } catch (error) {
      logger.error('Sweep: the new-lead digests could not be read', { error: { name: (error as Error).name } });
    }
  }
  if (more()) {
    try {
      result.inboxRedelivered = await redeliverPending(now, more);
    } catch (error) {
      logger.error('Sweep: the pending inbox messages could not be read', { error: { name: (error as Error).name } });
    }
  }
  if (more()) {
    try {
      result.inboxPolled = await pollYoutubeComments(now, more);
    } catch (error) {
      logger.error('Sweep: the YouTube channels to poll could not be read', { error: { name: (error as Error).name } });
    }
  }
  logger.info('Publishing sweep finished', { ...result });
  return result;
}
