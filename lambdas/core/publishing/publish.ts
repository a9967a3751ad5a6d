/**
 * One attempt of a claimed publication (./engine.ts claims; the adapters' contract is the header
 * of lambdas/platform/social/publish/index.ts):
 * 1. what to publish: the post (gone or no longer approved → the publication is removed), the
 *    connection and destination (missing → `error` PUBLICATION_MSG.notConnected / noTarget), the
 *    network app, the gallery assets (presigned GET URLs valid for MEDIA_URL_SECONDS; a missing
 *    one → `error` mediaMissing), the rules of the network (validatePost → `error` invalidNow),
 *    the privacy (TikTok and YouTube `private` unless the app is `audited`), and a token refreshed
 *    when it expires within 7 days (PUBLISHING_MARGIN_MS);
 * 2. a publication left `creating` by an earlier holder is first looked up (findPublished): found →
 *    `publicado`; `unknowable` → `sin_confirmar`; null → it did not publish, go on;
 * 3. the invisible steps (prepare, resuming the stored Prepared), stored;
 * 4. rate limits: any usage of the network at 90 % with a reset ahead, or Instagram's
 *    content_publishing_limit reached → postponed (PUBLICATION_MSG.postponed / dailyCap);
 * 5. `creating` stored, then the ONE visible create: its answer → `publicado`; OutcomeUnknown →
 *    findPublished as in 2.
 * Errors: RateLimited → postponed to its `retryAt`; NotReady → postponed to its `retryAt` with its
 * progress; `unavailable` → postponed with backoff; all within PUBLISH_DEADLINE_MS of the first
 * attempt (then `error`, or `sin_confirmar` when a create may have been sent); `invalid_grant` /
 * `denied` → `error` PUBLICATION_MSG.accessRevoked with the reconnect fix, and the connection
 * marked `reconectar`; `rejected` → `error` PUBLICATION_MSG.rejected (with the network's words).
 */
import { localDateTime, postWhenLabel, PUBLICATION_MSG, SOCIAL_MSG, validatePost, type SocialNetwork } from '@director-ia/shared';
import { assets } from '../../platform/db/entities/asset';
import { logger } from '../../platform/logger';
import {
  createPublication,
  findPublished,
  instagramPublishingLimit,
  loadNetworkApps,
  NetworkError,
  NotReady,
  OutcomeUnknown,
  preparePublication,
  PROCESSING_BUDGET_MS,
  RateLimited,
  type FindResult,
  type MediaItem,
  type NetworkApp,
  type Prepared,
  type PublishOptions,
  type PublishRequest,
} from '../../platform/social';
import { presignGet } from '../../platform/storage/presign';
import { brandTimeZone } from '../settings/aiSettings';
import { markConnectionRefused, PUBLISHING_MARGIN_MS, targetAccessToken } from '../social/refresh';
import { readConnection } from '../social/store';
import type { PublishEventResult } from './engine';
import { markFailed, markPublished, markUnconfirmed, postpone, reconnectFix, saveProgress, SOCIAL_PAGE, type Fix } from './outcomes';
import { limitedUntil, usageRecorder } from './rates';
import { deletePublicationSchedule } from './schedules';
import { deletePublication, readPost, type PublicationItem } from './store';
import { contentFor } from './sync';

/** How long a claim holds, ms: prepare's processing budget, the create and the writes, with room. */
export const LEASE_MS = 10 * 60_000;
/** How long postponements may go on, from the first attempt, before it is an error, ms (a YouTube daily quota resets within a day). */
export const PUBLISH_DEADLINE_MS = 26 * 60 * 60_000;
/** Waits after `unavailable`, by attempt, ms (the last one repeats). */
export const UNAVAILABLE_BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000, 60 * 60_000] as const;
/** When an Instagram account at its publishing cap is tried again, ms (Meta's window is a rolling 24 hours). */
export const DAILY_CAP_RETRY_MS = 60 * 60_000;
/** Validity of the media URLs handed to the network, seconds (the whole attempt and the network's own fetching). */
export const MEDIA_URL_SECONDS = 2 * 60 * 60;
/** Time kept back from the Lambda's remaining time for the writes after the network's answer, ms. */
const WRITE_RESERVE_MS = 30_000;
/** Longest network detail shown after PUBLICATION_MSG.rejectedWith. */
const MAX_DETAIL = 200;

/** A claimed publication and the delivery's clock. */
export interface AttemptContext {
  item: PublicationItem;
  now: Date;
  remainingMs: () => number;
}

/** An attempt that ends before the network: `error` with a reason and fix. */
class Refused extends Error {
  constructor(
    readonly reason: string,
    readonly fix: Fix | null,
  ) {
    super(reason);
  }
}

/** An attempt that waits: back to `programado` at `until`. */
class Later extends Error {
  constructor(
    readonly until: Date,
    readonly why: 'rate' | 'unavailable' | 'processing',
    readonly reason?: string,
    readonly prepared?: Prepared,
  ) {
    super(why);
  }
}

const connectFix = (network: SocialNetwork): Fix => ({ label: PUBLICATION_MSG.connect(network), href: SOCIAL_PAGE });

/** The gallery assets of the post as the adapters take them. */
async function mediaOf(sub: string, ids: readonly string[]): Promise<MediaItem[]> {
  const found: MediaItem[] = [];
  for (const id of ids) {
    const { data } = await assets().get({ uid: sub, id }).go();
    if (!data) throw new Refused(PUBLICATION_MSG.mediaMissing, null);
    found.push({ kind: data.mediaType.startsWith('video/') ? 'video' : 'image', contentType: data.mediaType, size: data.size, url: await presignGet(data.key, MEDIA_URL_SECONDS) });
  }
  return found;
}

/** The token to publish with; Refused (reconnect) or Later (network unreachable) when there is none. */
async function tokenFor(item: PublicationItem, targetId: string, now: Date): Promise<string> {
  try {
    return await targetAccessToken(item.uid, item.network, targetId, now, { marginMs: PUBLISHING_MARGIN_MS });
  } catch (error) {
    const connection = await readConnection(item.uid, item.network);
    if (!connection || connection.state === 'desconectada') throw new Refused(PUBLICATION_MSG.notConnected(item.network), connectFix(item.network));
    if (connection.state === 'reconectar') throw new Refused(PUBLICATION_MSG.accessRevoked(item.network), reconnectFix(item.network));
    logger.warn('No fresh token to publish with', { network: item.network, error: { name: (error as Error).name } });
    throw new Later(new Date(now.getTime() + backoff(item)), 'unavailable');
  }
}

/** The wait after an `unavailable` answer for `item`'s attempt count. */
const backoff = (item: PublicationItem) => UNAVAILABLE_BACKOFF_MS[Math.min((item.attempts ?? 1) - 1, UNAVAILABLE_BACKOFF_MS.length - 1)] as number;

/** Everything the adapters need (step 1 of the module header); null when the post is gone or no longer approved. */
async function requestOf(item: PublicationItem, now: Date): Promise<{ app: NetworkApp; request: PublishRequest } | null> {
  const { network } = item;
  const post = await readPost(item.uid, item.postId);
  if (!post || post.status !== 'aprobado') return null;
  const connection = await readConnection(item.uid, network);
  if (!connection || connection.state === 'desconectada') throw new Refused(PUBLICATION_MSG.notConnected(network), connectFix(network));
  if (connection.state === 'reconectar') throw new Refused(PUBLICATION_MSG.accessRevoked(network), reconnectFix(network));
  const target = item.targetId ? connection.targets.find((candidate) => candidate.id === item.targetId) : undefined;
  if (!target) throw new Refused(PUBLICATION_MSG.noTarget(network), null);
  const app = (await loadNetworkApps())[network];
  if (!app) throw new Refused(PUBLICATION_MSG.notConnected(network), connectFix(network));
  const { text, title } = contentFor(post, network);
  const media = await mediaOf(item.uid, post.media ?? []);
  const [problem] = await validatePost(network, { text, title, media });
  if (problem) throw new Refused(PUBLICATION_MSG.invalidNow(problem.message), null);
  const privacy = PUBLICATION_MSG.privateOnly[network] && !app.audited ? 'private' : 'public';
  const accessToken = await tokenFor(item, target.id, now);
  return {
    app,
    request: {
      network,
      target: { id: target.id, kind: target.kind },
      account: { id: connection.accountId ?? target.id },
      accessToken,
      text,
      title,
      media,
      privacy,
      idempotencyKey: item.id,
    },
  };
}

const parsePrepared = (json: string | undefined): Prepared | undefined => (json ? (JSON.parse(json) as Prepared) : undefined);

/** 'el 12 de mayo · 19:00' in the brand's zone, for PUBLICATION_MSG.postponed. */
async function whenLabel(sub: string, instant: Date): Promise<string> {
  const { date, time } = localDateTime(instant, await brandTimeZone(sub));
  return `el ${postWhenLabel(date, time)}`;
}

/** What a finished lookup (findPublished) means; undefined for "not published, go on". */
async function settleFound(item: PublicationItem, found: FindResult, now: Date): Promise<PublishEventResult | undefined> {
  if (found === 'unknowable') {
    await markUnconfirmed(item, now);
    return { outcome: 'unconfirmed', detail: 'the network cannot say whether it published' };
  }
  if (found) {
    await markPublished(item, found, now);
    return { outcome: 'published', detail: 'found at the network' };
  }
  return undefined;
}

/** Runs the attempt (see the module header). */
export async function attempt(context: AttemptContext): Promise<PublishEventResult> {
  const { now } = context;
  let item = context.item;
  const { network } = item;
  let prepared = parsePrepared(item.prepared);
  let maybeSent = item.creating === true;
  try {
    const built = await requestOf(item, now);
    if (!built) {
      if (await deletePublication(item, { revision: item.revision, state: 'publicando' })) await deletePublicationSchedule(item.id);
      return { outcome: 'ignored', detail: 'the post is gone or no longer approved' };
    }
    const { app, request } = built;
    const recorder = usageRecorder(item.uid);
    const options: PublishOptions = {
      onUsage: recorder.onUsage,
      processingBudgetMs: Math.max(5_000, Math.min(PROCESSING_BUDGET_MS, context.remainingMs() - WRITE_RESERVE_MS)),
    };
    try {
      if (maybeSent) {
        if (!prepared) return settled(await settleFound(item, 'unknowable', now));
        const earlier = await settleFound(item, await findPublished(app, request, prepared, options), now);
        if (earlier) return earlier;
        maybeSent = false;
      }
      try {
        prepared = await preparePublication(app, request, prepared, options);
      } catch (error) {
        if (error instanceof NotReady) throw new Later(new Date(error.retryAt), 'processing', undefined, error.prepared);
        throw error;
      }
      const limited = await limitedUntil(item.uid, network, now);
      if (limited) throw new Later(limited, 'rate', PUBLICATION_MSG.postponed(network, await whenLabel(item.uid, limited)), prepared);
      if (network === 'instagram') {
        const limit = await instagramPublishingLimit(app, request, options);
        if (limit.total !== null && limit.used >= limit.total) throw new Later(new Date(now.getTime() + DAILY_CAP_RETRY_MS), 'rate', PUBLICATION_MSG.dailyCap(network), prepared);
      }
      if (!(await saveProgress(item, JSON.stringify(prepared), true))) return { outcome: 'ignored', detail: 'lease lost before the create' };
      item = { ...item, creating: true, prepared: JSON.stringify(prepared) };
      maybeSent = true;
      let published;
      try {
        published = await createPublication(app, request, prepared, options);
      } catch (error) {
        if (!(error instanceof OutcomeUnknown)) {
          // Any NetworkError of the create: certainly not published.
          maybeSent = false;
          throw error;
        }
        logger.warn('Create outcome unknown; asking the network', { network, publicationId: item.id, detail: error.detail });
        prepared = error.prepared;
        item = { ...item, prepared: JSON.stringify(prepared) };
        const found = await findPublished(app, request, prepared, options);
        const known = await settleFound(item, found, now);
        if (known) return known;
        // Checked: not published. Creating again is safe, a little later.
        maybeSent = false;
        throw new Later(new Date(now.getTime() + backoff(item)), 'unavailable', undefined, prepared);
      }
      await markPublished(item, published, now);
      return { outcome: 'published' };
    } finally {
      await recorder.flush();
    }
  } catch (error) {
    return ended(item, error, prepared, maybeSent, now);
  }
}

const settled = (result: PublishEventResult | undefined): PublishEventResult => result ?? { outcome: 'failed', detail: 'nothing to settle' };

/** The outcome of an attempt that threw `error` (see the module header). */
async function ended(item: PublicationItem, error: unknown, prepared: Prepared | undefined, maybeSent: boolean, now: Date): Promise<PublishEventResult> {
  const { network } = item;
  if (maybeSent && (error instanceof Refused || (error instanceof NetworkError && error.kind !== 'unavailable' && error.kind !== 'rate_limited'))) {
    // A create may have gone out and we cannot look: the owner is asked rather than told it failed.
    if (error instanceof NetworkError && (error.kind === 'invalid_grant' || error.kind === 'denied')) await markConnectionRefused(item.uid, network, SOCIAL_MSG.accessRevoked(network), now);
    await markUnconfirmed(item, now);
    return { outcome: 'unconfirmed', detail: error instanceof Refused ? error.reason : error.kind };
  }
  if (error instanceof Refused) {
    await markFailed(item, error.reason, error.fix, now);
    return { outcome: 'failed', detail: error.reason };
  }
  if (error instanceof NetworkError && (error.kind === 'invalid_grant' || error.kind === 'denied')) {
    logger.warn('The network refused the grant while publishing', { network, kind: error.kind, status: error.status ?? null, detail: error.detail });
    await markFailed(item, PUBLICATION_MSG.accessRevoked(network), reconnectFix(network), now);
    await markConnectionRefused(item.uid, network, SOCIAL_MSG.accessRevoked(network), now);
    return { outcome: 'failed', detail: error.kind };
  }
  if (error instanceof NetworkError && error.kind === 'rejected') {
    logger.warn('The network rejected the post', { network, status: error.status ?? null, detail: error.detail });
    const detail = error.detail.trim();
    const reason = detail && detail.length <= MAX_DETAIL ? PUBLICATION_MSG.rejectedWith(network, detail) : PUBLICATION_MSG.rejected(network);
    await markFailed(item, reason, null, now);
    return { outcome: 'failed', detail: 'rejected' };
  }
  let later: Later;
  if (error instanceof Later) later = error;
  else if (error instanceof RateLimited) later = new Later(new Date(Math.max(error.retryAt, now.getTime())), 'rate', PUBLICATION_MSG.postponed(network, await whenLabel(item.uid, new Date(error.retryAt))), prepared);
  else if (error instanceof NetworkError) later = new Later(new Date(now.getTime() + backoff(item)), 'unavailable', undefined, prepared);
  else throw error;
  const deadline = Date.parse(item.firstAttemptAt ?? now.toISOString()) + PUBLISH_DEADLINE_MS;
  if (later.until.getTime() > deadline) {
    if (maybeSent) {
      await markUnconfirmed(item, now);
      return { outcome: 'unconfirmed', detail: 'deadline passed while the outcome was unknown' };
    }
    const reason = later.why === 'rate' ? PUBLICATION_MSG.rateLimited(network) : PUBLICATION_MSG.unavailable(network);
    await markFailed(item, reason, null, now);
    return { outcome: 'failed', detail: `deadline passed (${later.why})` };
  }
  const kept = later.prepared ?? prepared;
  await postpone(item, later.until, { ...(later.reason ? { reason: later.reason } : {}), ...(kept ? { prepared: JSON.stringify(kept) } : {}), keepCreating: maybeSent }, now);
  return { outcome: 'postponed', detail: `${later.why} until ${later.until.toISOString()}` };
}

