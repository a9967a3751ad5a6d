/**
 * The publisher's work for one schedule event (issue 13 item 3; see ./index.ts for the model).
 *
 * `handlePublishEvent(event, now, {remainingMs})`:
 * 1. Reads the publication: missing, another revision, a final state or a live lease → `ignored`
 *    (a duplicate, stale or late event never publishes twice). A schedule is put before its
 *    revision is written (./sync.ts `writeRevision`: a revision never exists without its
 *    schedule), so an event due at once ("Publicar ahora", a postponement that already passed) can
 *    arrive first: an event AHEAD of the stored revision waits for it (consistent reads, up to
 *    REVISION_WAIT_MS) rather than being dropped for minutes until the sweep re-delivers it.
 * 2. `programado` more than MISSED_AFTER_MS late (and no create possibly sent) → `no_publicado`
 *    (`missed`): a post that goes out hours late is worse than one reported.
 * 3. Claims it: one conditional update, `programado` at the event's revision, or `publicando` whose
 *    lease expired (a crashed holder), → `publicando` with a new `leaseId` and `leaseUntil`. Of
 *    any number of concurrent deliveries exactly one wins; every later write is conditional on
 *    that leaseId, so a holder whose lease was taken over writes nothing.
 * 4. Runs the attempt (./publish.ts) and records its outcome.
 * Throws only on unexpected failures (storage unreachable); Lambda then retries the event and the
 * claim keeps that safe.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { publications } from '../../platform/db/entities/publication';
import { logger } from '../../platform/logger';
import { attempt, LEASE_MS, type AttemptContext } from './publish';
import { conditional, readPublication, type PublicationItem } from './store';
import { isMissed } from './views';
import { markMissed } from './outcomes';

/** The event of a publication's one-time schedule. */
export interface PublishEvent {
  sub: string;
  postId: string;
  publicationId: string;
  /** The publication's revision when the schedule was put; a stale one is ignored. */
  revision: number;
}

/** What one delivery did (logged and returned; the twin's tests read it). */
export interface PublishEventResult {
  outcome: 'published' | 'failed' | 'unconfirmed' | 'postponed' | 'missed' | 'ignored';
  /** Why an event was ignored (duplicate, stale revision, not found...) or what failed, for logs. */
  detail?: string;
}

/** Takes `item` for this delivery (see the module header); the claimed item, or null when another holder has it. */
async function claim(item: PublicationItem, revision: number, now: Date): Promise<PublicationItem | null> {
  const leaseId = randomUUID();
  const at = now.toISOString();
  const claimed = {
    state: 'publicando' as const,
    leaseId,
    leaseUntil: now.getTime() + LEASE_MS,
    attempts: (item.attempts ?? 0) + 1,
    firstAttemptAt: item.firstAttemptAt ?? at,
    updatedAt: at,
  };
  const won = await conditional(
    publications()
      .patch({ uid: item.uid, postId: item.postId, id: item.id })
      .set(claimed)
      .where(
        (attr, op) =>
          `${op.eq(attr.revision, revision)} AND (${op.eq(attr.state, 'programado')} OR (${op.eq(attr.state, 'publicando')} AND ${op.lt(attr.leaseUntil, now.getTime())}))`,
      )
      .go(),
  );
  return won ? { ...item, ...claimed } : null;
}

const ignored = (detail: string): PublishEventResult => ({ outcome: 'ignored', detail });

/** How long a delivery waits for the revision its schedule was put for, ms (see the module header). */
export const REVISION_WAIT_MS = 10_000;
const REVISION_POLL_MS = 200;

/** Options of one delivery: the Lambda's remaining time, and the revision wait (tests shorten it). */
export interface PublishEventOptions {
  remainingMs?: () => number;
  revisionWaitMs?: number;
}

/** The publication, once its stored revision has reached `revision` or the wait is over (whichever comes first); null when it does not exist. */
async function readAtRevision(event: PublishEvent, waitMs: number): Promise<PublicationItem | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const item = await readPublication(event.sub, event.postId, event.publicationId);
    if (!item || item.revision >= event.revision || Date.now() >= deadline) return item;
    await sleep(REVISION_POLL_MS);
  }
}

/** Handles one delivery (see the module header). */
export async function handlePublishEvent(event: PublishEvent, now: Date = new Date(), options: PublishEventOptions = {}): Promise<PublishEventResult> {
  const log = { publicationId: event?.publicationId, revision: event?.revision };
  if (!event?.sub || !event.postId || !event.publicationId || typeof event.revision !== 'number') return ignored('malformed event');
  const item = await readAtRevision(event, options.revisionWaitMs ?? REVISION_WAIT_MS);
  let result: PublishEventResult;
  if (!item) result = ignored('not found');
  else if (item.revision < event.revision) result = ignored('revision not stored: its writer failed (the sweep re-delivers what is due)');
  else if (item.revision !== event.revision) result = ignored('stale revision');
  else if (item.state === 'publicando' && (item.leaseUntil ?? 0) >= now.getTime()) result = ignored('duplicate: being published');
  else if (item.state !== 'programado' && item.state !== 'publicando') result = ignored(`already ${item.state}`);
  else if (!item.creating && (isMissed(item, now) || (item.state === 'publicando' && isMissed({ ...item, state: 'programado' }, now)))) {
    result = (await markMissed(item, now)) ? { outcome: 'missed' } : ignored('changed meanwhile');
  } else {
    const claimed = await claim(item, event.revision, now);
    if (!claimed) result = ignored('duplicate: claimed by another delivery');
    else {
      const context: AttemptContext = { item: claimed, now, remainingMs: options.remainingMs ?? (() => Infinity) };
      result = await attempt(context);
    }
  }
  logger.info('Publish event handled', { ...log, ...result });
  return result;
}
