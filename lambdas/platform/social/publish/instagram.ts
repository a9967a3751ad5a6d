/**
 * Instagram professional accounts (Instagram Graph API through Facebook Login: the page token as
 * Bearer, form bodies as Meta documents them). Meta fetches the media from their URLs.
 * - prepare (invisible): the container, `POST /{ig-user}/media` with `image_url` + `caption`, or
 *   `media_type=REELS` + `video_url` + `caption`; a carousel (2 to MAX_CAROUSEL items) makes one
 *   child per item (`image_url`, or `media_type=VIDEO` + `video_url`, with `is_carousel_item=true`),
 *   waits for them, then `media_type=CAROUSEL` + `children` (comma-separated) + `caption`. It then
 *   waits for `GET /{container}?fields=status_code` to say FINISHED: ERROR → `rejected`; EXPIRED
 *   (containers live 24 hours) → made again; still IN_PROGRESS when the budget ends → NotReady.
 * - create: first `instagramPublishingLimit` (Meta's rolling 24-hour cap, read rather than
 *   assumed): at the cap → RateLimited in LIMIT_RETRY_MS; then the visible
 *   `POST /{ig-user}/media_publish` (`creation_id`) → `{id}`; then, best effort,
 *   `GET /{media}?fields=permalink` for the URL (null when it cannot be read: the post exists).
 *   Meta refuses to publish a container twice, so a repeated publish cannot double the post.
 * - findPublished: the container's status; PUBLISHED → our caption among
 *   `GET /{ig-user}/media?fields=id,caption,permalink,timestamp&limit=25` (`unknowable` when it
 *   is not there); any other status → null (not published).
 */
import * as z from 'zod/mini';
import { logger } from '../../logger';
import { NetworkError, RateLimited, type NetworkApp } from '../types';
import { apiUrl, parsed, parsedVisible, preparedBase, publishCall, requireReady, unsupported, type PublishCall } from './call';
import { searchResult } from './match';
import { NotReady, type MediaItem, type PreparedOf, type PublishAdapter, type PublishOptions, type PublishRequest } from './types';
import { waitFor } from './wait';

/** Most items in one carousel. */
export const MAX_CAROUSEL = 10;
/** How often a container's status is checked while Meta processes it, ms. */
export const CONTAINER_CHECK_MS = 5_000;
/** When to try again after the publishing cap was reached (Meta's window is a rolling 24 hours), ms. */
export const LIMIT_RETRY_MS = 60 * 60_000;
const RECENT = '25';

const IdAnswer = z.object({ id: z.string() });
const StatusAnswer = z.object({ status_code: z.string() });
const LimitAnswer = z.object({
  data: z.array(z.object({ config: z.optional(z.object({ quota_total: z.number(), quota_duration: z.optional(z.number()) })), quota_usage: z.number() })),
});
const PermalinkAnswer = z.object({ permalink: z.optional(z.nullable(z.string())) });
const MediaList = z.object({
  data: z.array(z.object({ id: z.string(), caption: z.optional(z.nullable(z.string())), permalink: z.optional(z.nullable(z.string())), timestamp: z.optional(z.string()) })),
});

/** An Instagram account's publishing cap as Meta reports it. */
export interface PublishingLimit {
  /** Posts published in the current window. */
  used: number;
  /** Posts allowed per window; null when Meta did not say. */
  total: number | null;
  /** The window, seconds; null when Meta did not say. */
  durationSeconds: number | null;
}

/**
 * `GET /{ig-user}/content_publishing_limit?fields=config,quota_usage` of `target` with
 * `accessToken` (the page token): how many posts the account published in Meta's window and how
 * many it may. NetworkError (or RateLimited) when Meta refuses or cannot be reached.
 */
export async function instagramPublishingLimit(
  app: NetworkApp,
  request: Pick<PublishRequest, 'target' | 'accessToken'>,
  options: PublishOptions = {},
): Promise<PublishingLimit> {
  const url = apiUrl(app, `/${request.target.id}/content_publishing_limit`, { fields: 'config,quota_usage' });
  const answer = await publishCall({ network: 'instagram', resource: 'GET /content_publishing_limit', url, bearer: request.accessToken }, options);
  const [entry] = parsed('instagram', LimitAnswer, answer.body, 'publishing limit').data;
  if (!entry) throw new NetworkError('instagram', 'unavailable', 'unexpected publishing limit answer');
  return { used: entry.quota_usage, total: entry.config?.quota_total ?? null, durationSeconds: entry.config?.quota_duration ?? null };
}

type Plan = 'image' | 'reel' | 'carousel';

function planOf(request: PublishRequest): Plan {
  const count = request.media.length;
  if (count === 0) throw unsupported('instagram', 'a post without media');
  if (count > MAX_CAROUSEL) throw unsupported('instagram', `${count} media in one carousel`);
  if (count > 1) return 'carousel';
  return request.media[0]?.kind === 'video' ? 'reel' : 'image';
}

const childFields = (item: MediaItem): Record<string, string> =>
  item.kind === 'video' ? { media_type: 'VIDEO', video_url: item.url, is_carousel_item: 'true' } : { image_url: item.url, is_carousel_item: 'true' };

function singleFields(request: PublishRequest, plan: Plan): Record<string, string> {
  const item = request.media[0];
  if (!item) throw unsupported('instagram', 'a post without media');
  return plan === 'reel' ? { media_type: 'REELS', video_url: item.url, caption: request.text } : { image_url: item.url, caption: request.text };
}

type Call = (call: Omit<PublishCall, 'network' | 'bearer'>) => ReturnType<typeof publishCall>;

/** The calls of one publication (the page token as Bearer). */
const callsOf =
  (request: PublishRequest, options: PublishOptions): Call =>
  (call) =>
    publishCall({ ...call, network: 'instagram', bearer: request.accessToken }, options);

async function createContainer(app: NetworkApp, request: PublishRequest, call: Call, form: Record<string, string>): Promise<string> {
  const answer = await call({ resource: 'POST /media', url: apiUrl(app, `/${request.target.id}/media`), method: 'POST', form });
  return parsed('instagram', IdAnswer, answer.body, 'container').id;
}

async function statusOf(app: NetworkApp, call: Call, containerId: string): Promise<string> {
  const answer = await call({ resource: 'GET /{container}', url: apiUrl(app, `/${containerId}`, { fields: 'status_code' }) });
  return parsed('instagram', StatusAnswer, answer.body, 'container status').status_code;
}

/** Waits until every container in `ids` is FINISHED: `finished`, `expired` (one of them), or undefined when the budget ends; `rejected` on ERROR. */
async function whenFinished(app: NetworkApp, call: Call, ids: readonly string[], options: PublishOptions): Promise<'finished' | 'expired' | undefined> {
  return waitFor(
    async () => {
      const statuses = [];
      for (const id of ids) statuses.push(await statusOf(app, call, id));
      if (statuses.includes('ERROR')) throw new NetworkError('instagram', 'rejected', 'Instagram could not process the media (container status ERROR)');
      if (statuses.includes('EXPIRED')) return 'expired';
      return statuses.every((status) => status === 'FINISHED' || status === 'PUBLISHED') ? 'finished' : undefined;
    },
    CONTAINER_CHECK_MS,
    options,
  );
}

export const instagram: PublishAdapter<'instagram'> = {
  async prepare(app, request, previous, options) {
    const base = preparedBase(previous, options);
    const plan = planOf(request);
    const call = callsOf(request, options);
    const now = options.now ?? Date.now;
    let children = [...(previous?.children ?? [])];
    let containerId = previous?.containerId ?? null;
    const state = (ready: boolean): PreparedOf<'instagram'> => ({ ...base, ready, network: 'instagram', children, containerId });
    const notReady = (what: string) => new NotReady('instagram', `${what} still processing`, state(false), now() + CONTAINER_CHECK_MS);
    if (containerId && (await statusOf(app, call, containerId)) === 'EXPIRED') {
      children = [];
      containerId = null;
    }
    if (!containerId && plan === 'carousel') {
      for (const item of request.media.slice(children.length)) children.push(await createContainer(app, request, call, childFields(item)));
      const items = await whenFinished(app, call, children, options);
      if (items === 'expired') children = [];
      if (items !== 'finished') throw notReady('carousel items');
      containerId = await createContainer(app, request, call, { media_type: 'CAROUSEL', children: children.join(','), caption: request.text });
    } else if (!containerId) {
      containerId = await createContainer(app, request, call, singleFields(request, plan));
    }
    const container = await whenFinished(app, call, [containerId], options);
    if (container === 'expired') {
      children = [];
      containerId = null;
    }
    if (container !== 'finished') throw notReady('container');
    return state(true);
  },

  async create(app, request, prepared, options) {
    requireReady(prepared);
    if (!prepared.containerId) throw new Error('instagram: create needs a container');
    const limit = await instagramPublishingLimit(app, request, options);
    if (limit.total !== null && limit.used >= limit.total) {
      throw new RateLimited('instagram', `content publishing limit reached (${limit.used}/${limit.total})`, {
        scope: 'account',
        retryAt: (options.now ?? Date.now)() + LIMIT_RETRY_MS,
      });
    }
    const answer = await publishCall(
      {
        network: 'instagram',
        resource: 'POST /media_publish',
        url: apiUrl(app, `/${request.target.id}/media_publish`),
        method: 'POST',
        bearer: request.accessToken,
        form: { creation_id: prepared.containerId },
        visible: prepared,
        key: request.idempotencyKey,
      },
      options,
    );
    const { id } = parsedVisible('instagram', IdAnswer, answer.body, 'media_publish', prepared);
    return { postId: id, url: await permalinkOf(app, callsOf(request, options), id) };
  },

  async findPublished(app, request, prepared, options) {
    if (!prepared.containerId) return null;
    const call = callsOf(request, options);
    if ((await statusOf(app, call, prepared.containerId)) !== 'PUBLISHED') return null;
    const answer = await call({ resource: 'GET /media', url: apiUrl(app, `/${request.target.id}/media`, { fields: 'id,caption,permalink,timestamp', limit: RECENT }) });
    const posts = parsed('instagram', MediaList, answer.body, 'media').data.map((post) => ({ ...post, text: post.caption, time: post.timestamp }));
    return searchResult(request.text, posts, prepared.preparedAt, (post) => ({ postId: post.id, url: post.permalink ?? null })) ?? 'unknowable';
  },
};

/** The published media's permalink, or null when Meta does not say (never throws: the post exists). */
async function permalinkOf(app: NetworkApp, call: Call, mediaId: string): Promise<string | null> {
  try {
    const answer = await call({ resource: 'GET /{media}', url: apiUrl(app, `/${mediaId}`, { fields: 'permalink' }) });
    return parsed('instagram', PermalinkAnswer, answer.body, 'permalink').permalink ?? null;
  } catch (error) {
    logger.warn('instagram: the permalink of a published post could not be read', { error: (error as Error).name });
    return null;
  }
}
