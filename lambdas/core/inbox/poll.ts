/**
 * Polling the networks that have no webhook for what the inbox needs (issue 14 item 1): YouTube
 * comments. The Data API has no webhook for comments (PubSubHubbub announces only new videos), but
 * reading and replying are open to every app under the normal quota, so the publishing sweep
 * (../publishing/sweep.ts, every 5 minutes) calls `pollYoutubeComments(now, more)` once a run:
 * 1. the channels to poll are the YouTube inbox routes (GSI1 `inboxRoute`, begins_with
 *    `youtube#`; written at connect, ../social/inbox.ts); a channel claimed by several brands is
 *    polled for the newest claimant (as the webhooks resolve); the least recently polled first,
 *    at most MAX_CHANNELS_PER_RUN;
 * 2. per channel: its fresh access token (../social/refresh.ts), then `commentThreads.list` newest
 *    first, page by page (at most MAX_PAGES_PER_CHANNEL), until a page holds a comment at or
 *    before the cursor. The cursor is the route's `polledUntil` (the newest comment time read,
 *    whole seconds as YouTube gives them) with `polledIds` (the ids read at exactly that second);
 *    a route never polled starts at its `createdAt` (the connection time: no flood of old comments);
 * 3. each comment newer than the cursor, not the channel's own, becomes an InboundMessage
 *    (`youtube`, `comment`, account = channel, customer = the author's channel, post = the video)
 *    stored once (./store.ts: the dedupe by id makes an overlap harmless) and, when new, handed to
 *    the inbox worker, as a webhook's would be (./receive.ts `receive`);
 * 4. the cursor moves to the newest comment read and `polledAt` to now (one UpdateItem; a route
 *    removed meanwhile is left removed).
 * A channel that fails (not connected, token refused, YouTube unavailable) is logged (its reason,
 * never a token or a comment) and the others go on; its cursor stays, so the next run retries.
 * Returns how many comments were newly stored.
 */
import type { InboxRouteItem } from '../../platform/db/entities/inboxRoute';
import { inboxRoutes } from '../../platform/db/entities/inboxRoute';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { logger } from '../../platform/logger';
import { loadNetworkApps, type NetworkApp } from '../../platform/social';
import { listCommentThreads, type ChannelComment } from '../../platform/social/messaging';
import { freshAccessToken } from '../social/refresh';
import { receive } from './receive';

/** Channels polled at most per run (the least recently polled first). */
export const MAX_CHANNELS_PER_RUN = 20;
/** `commentThreads.list` pages read at most per channel and run. */
export const MAX_PAGES_PER_CHANNEL = 3;
/** Threads per page (the API allows 1–100). */
export const COMMENTS_PER_PAGE = 50;

/** YouTube's publishedAt to whole seconds, ISO (`2024-05-01T10:00:00Z` and `…:00.000Z` compare equal). */
const second = (iso: string): string => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();

/** The routes to poll this run (see the module header). */
async function channelsToPoll(): Promise<InboxRouteItem[]> {
  const { data } = await inboxRoutes().query.byClaim({}).begins({ claimKey: 'youtube#' }).go({ pages: 'all' });
  const newest = new Map<string, InboxRouteItem>();
  for (const route of data) {
    if (route.network !== 'youtube') continue;
    const known = newest.get(route.accountId);
    if (!known || route.updatedAt > known.updatedAt || (route.updatedAt === known.updatedAt && route.uid > known.uid)) newest.set(route.accountId, route);
  }
  return [...newest.values()].sort((a, b) => (a.polledAt ?? '').localeCompare(b.polledAt ?? '')).slice(0, MAX_CHANNELS_PER_RUN);
}

/** Comments newer than the cursor, read newest first (see the module header). */
async function newComments(app: NetworkApp, route: InboxRouteItem, token: string, cursor: { until: string; ids: ReadonlySet<string> }): Promise<ChannelComment[]> {
  const found: ChannelComment[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES_PER_CHANNEL; page += 1) {
    const answer = await listCommentThreads(app, { channelId: route.accountId, token, maxResults: COMMENTS_PER_PAGE, ...(pageToken ? { pageToken } : {}) });
    let reachedCursor = false;
    for (const comment of answer.comments) {
      const at = second(comment.publishedAt);
      if (at < cursor.until || (at === cursor.until && cursor.ids.has(comment.id))) reachedCursor = true;
      else found.push(comment);
    }
    pageToken = answer.nextPageToken;
    if (reachedCursor || !pageToken) return found;
  }
  logger.warn('YouTube poll: more new comments than one run reads; the oldest of them are skipped', { pages: MAX_PAGES_PER_CHANNEL });
  return found;
}

/** Polls one channel; how many comments were newly stored. Throws what reading throws. */
async function pollChannel(app: NetworkApp, route: InboxRouteItem, now: Date): Promise<number> {
  const token = await freshAccessToken(route.uid, 'youtube', now);
  const until = second(route.polledUntil ?? route.createdAt);
  const cursor = { until, ids: new Set(route.polledIds ?? []) };
  const comments = await newComments(app, route, token, cursor);
  let stored = 0;
  for (const comment of comments) {
    // The channel's own comments are the brand speaking, not a customer.
    if (!comment.authorChannelId || comment.authorChannelId === route.accountId) continue;
    const isNew = await receive(
      route,
      {
        network: 'youtube',
        kind: 'comment',
        accountId: route.accountId,
        externalId: comment.id,
        customerId: comment.authorChannelId,
        ...(comment.authorName ? { customerName: comment.authorName } : {}),
        text: comment.text,
        sentAt: Date.parse(comment.publishedAt),
        postId: comment.videoId,
      },
      now,
    );
    if (isNew) stored += 1;
  }
  // The new cursor: the newest second read, with every id read at that second.
  const newest = comments.reduce((max, comment) => (second(comment.publishedAt) > max ? second(comment.publishedAt) : max), until);
  const ids = new Set(newest === until ? cursor.ids : []);
  for (const comment of comments) if (second(comment.publishedAt) === newest) ids.add(comment.id);
  try {
    await inboxRoutes()
      .patch({ uid: route.uid, network: 'youtube', accountId: route.accountId })
      .set({ polledUntil: newest, polledIds: [...ids], polledAt: now.toISOString() })
      .go();
  } catch (error) {
    // Disconnected meanwhile: the route stays removed.
    if (!isConditionalCheckFailure(error)) throw error;
  }
  return stored;
}

/** One polling pass over the YouTube channels (see the module header); comments newly stored. */
export async function pollYoutubeComments(now: Date, more: () => boolean = () => true): Promise<number> {
  const app = (await loadNetworkApps()).youtube;
  if (!app) return 0;
  let stored = 0;
  for (const route of await channelsToPoll()) {
    if (!more()) break;
    try {
      stored += await pollChannel(app, route, now);
    } catch (error) {
      logger.warn('YouTube poll: a channel could not be read', { error: { name: (error as Error).name, kind: (error as { kind?: string }).kind ?? null } });
    }
  }
  return stored;
}
