/**
 * X (API v2, the user's token as Bearer). X wants the media bytes, read from our URL (./media.ts).
 * - prepare (invisible), the uploads: each image (up to MAX_IMAGES) `POST /media/upload` multipart
 *   (`media`, `media_category=tweet_image`, `media_type`) → `{data: {id, expires_after_secs}}`; a
 *   video `POST /media/upload/initialize` JSON `{media_type, total_bytes, media_category:
 *   "tweet_video"}` → `{data: {id}}`, `POST /media/upload/{id}/append` multipart (`segment_index`,
 *   `media`) per APPEND_CHUNK bytes, `POST /media/upload/{id}/finalize` →
 *   `{data: {id, processing_info?}}`, then `GET /media/upload?media_id={id}&command=STATUS` until
 *   `succeeded` (`failed` → `rejected`; the budget ends → NotReady). X forgets media after
 *   `expires_after_secs`: a resume reuses them until MEDIA_MARGIN_MS before that.
 * - create, visible: `POST /tweets` JSON `{text, media?: {media_ids}}` → 201 `{data: {id, text}}`.
 * - findPublished: our text among `GET /users/{id}/tweets?max_results=10&tweet.fields=created_at`
 *   (./match.ts ignores the t.co links X puts in place of URLs and media).
 * URL `https://x.com/{username}/status/{id}`; without the username `https://x.com/i/web/status/{id}`.
 */
import * as z from 'zod/mini';
import { NetworkError, type NetworkApp } from '../types';
import { apiUrl, parsed, parsedVisible, preparedBase, publishCall, requireReady, unsupported, type PublishCall } from './call';
import { searchResult } from './match';
import { chunksOf, MEDIA_TIMEOUT_MS, readMedia } from './media';
import { NotReady, type MediaItem, type PreparedOf, type PublishAdapter, type PublishOptions, type PublishRequest } from './types';
import { waitFor } from './wait';

/** Most images in one post. */
export const MAX_IMAGES = 4;
/** Bytes per APPEND of a chunked video upload (X takes up to 5 MB). */
export const APPEND_CHUNK = 4 * 1024 * 1024;
/** How often a video's processing is checked, ms. */
export const PROCESSING_CHECK_MS = 5_000;
/** Uploaded media are reused until this long before X forgets them, ms. */
export const MEDIA_MARGIN_MS = 30 * 60_000;
const RECENT = '10';

const UploadAnswer = z.object({
  data: z.object({
    id: z.string(),
    expires_after_secs: z.optional(z.number()),
    processing_info: z.optional(z.object({ state: z.string(), check_after_secs: z.optional(z.number()) })),
  }),
});
const StatusAnswer = z.object({ data: z.object({ processing_info: z.optional(z.object({ state: z.string() })) }) });
const TweetAnswer = z.object({ data: z.object({ id: z.string() }) });
const Timeline = z.object({ data: z.optional(z.array(z.object({ id: z.string(), text: z.string(), created_at: z.optional(z.string()) }))) });

type Plan = { kind: 'none' } | { kind: 'images'; items: readonly MediaItem[] } | { kind: 'video'; item: MediaItem };

function planOf(request: PublishRequest): Plan {
  const { media } = request;
  if (media.length === 0) return { kind: 'none' };
  const [first] = media;
  if (media.length === 1 && first?.kind === 'video') return { kind: 'video', item: first };
  if (media.every((item) => item.kind === 'image') && media.length <= MAX_IMAGES) return { kind: 'images', items: media };
  throw unsupported('x', `${media.length} media (images and videos mixed, more than ${MAX_IMAGES} images or several videos)`);
}

const postUrl = (request: PublishRequest, id: string) =>
  request.account.username ? `https://x.com/${encodeURIComponent(request.account.username)}/status/${id}` : `https://x.com/i/web/status/${id}`;

/** One upload call with the user's token (invisible: retried by the client). */
function uploadCall(request: PublishRequest, options: PublishOptions, call: Omit<PublishCall, 'network' | 'bearer' | 'method'>) {
  return publishCall({ ...call, network: 'x', method: 'POST', bearer: request.accessToken, timeoutMs: MEDIA_TIMEOUT_MS }, options);
}

function mediaForm(fields: Record<string, string>, bytes: Uint8Array<ArrayBuffer>, contentType: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('media', new Blob([bytes], { type: contentType }), 'media');
  return form;
}

/** Uploads one image: its media id and when X forgets it (epoch ms, or undefined). */
async function uploadImage(app: NetworkApp, request: PublishRequest, item: MediaItem, options: PublishOptions): Promise<{ id: string; expiresAt?: number }> {
  const bytes = await readMedia('x', item, options);
  const multipart = mediaForm({ media_category: 'tweet_image', media_type: item.contentType }, bytes, item.contentType);
  const answer = await uploadCall(request, options, { resource: 'POST /media/upload', url: apiUrl(app, '/media/upload'), multipart });
  const { data } = parsed('x', UploadAnswer, answer.body, 'media upload');
  return { id: data.id, expiresAt: expiryOf(data.expires_after_secs, options) };
}

const expiryOf = (seconds: number | undefined, options: PublishOptions) => (seconds === undefined ? undefined : (options.now ?? Date.now)() + seconds * 1000);

/** Uploads a video in chunks and finalizes it: its media id, expiry and whether X still processes it. */
async function uploadVideo(app: NetworkApp, request: PublishRequest, item: MediaItem, options: PublishOptions): Promise<{ id: string; expiresAt?: number; processing: boolean }> {
  const init = await uploadCall(request, options, {
    resource: 'POST /media/upload/initialize',
    url: apiUrl(app, '/media/upload/initialize'),
    json: { media_type: item.contentType, total_bytes: item.size, media_category: 'tweet_video' },
  });
  const { id, expires_after_secs: initExpiry } = parsed('x', UploadAnswer, init.body, 'upload initialize').data;
  const path = `/media/upload/${encodeURIComponent(id)}`;
  for (const [index, range] of chunksOf(item.size, APPEND_CHUNK).entries()) {
    const bytes = await readMedia('x', item, options, range);
    const multipart = mediaForm({ segment_index: String(index) }, bytes, item.contentType);
    await uploadCall(request, options, { resource: 'POST /media/upload/append', url: apiUrl(app, `${path}/append`), multipart });
  }
  const finalize = await uploadCall(request, options, { resource: 'POST /media/upload/finalize', url: apiUrl(app, `${path}/finalize`) });
  const { data } = parsed('x', UploadAnswer, finalize.body, 'upload finalize');
  const state = data.processing_info?.state;
  return { id, expiresAt: expiryOf(data.expires_after_secs ?? initExpiry, options), processing: state !== undefined && state !== 'succeeded' };
}

/** Waits for X to process video `id`: true when it succeeded, false when the budget ended; `rejected` when it failed. */
async function processed(app: NetworkApp, request: PublishRequest, id: string, options: PublishOptions): Promise<boolean> {
  const done = await waitFor(
    async () => {
      const url = apiUrl(app, '/media/upload', { media_id: id, command: 'STATUS' });
      const answer = await publishCall({ network: 'x', resource: 'GET /media/upload STATUS', url, bearer: request.accessToken }, options);
      const state = parsed('x', StatusAnswer, answer.body, 'upload status').data.processing_info?.state ?? 'succeeded';
      if (state === 'failed') throw new NetworkError('x', 'rejected', 'X could not process the video');
      return state === 'succeeded' ? true : undefined;
    },
    PROCESSING_CHECK_MS,
    options,
  );
  return done ?? false;
}

export const x: PublishAdapter<'x'> = {
  async prepare(app, request, previous, options) {
    const now = (options.now ?? Date.now)();
    const base = preparedBase(previous, options);
    const plan = planOf(request);
    const fresh = previous && (previous.expiresAt === null || previous.expiresAt - MEDIA_MARGIN_MS > now) ? previous : undefined;
    const state = (mediaIds: string[], expiresAt: number | null, ready: boolean): PreparedOf<'x'> => ({ ...base, ready, network: 'x', mediaIds, expiresAt });
    if (fresh?.ready) return fresh;
    if (plan.kind === 'none') return state([], null, true);
    if (plan.kind === 'images') {
      const uploads = [];
      for (const item of plan.items) uploads.push(await uploadImage(app, request, item, options));
      const expiries = uploads.flatMap((upload) => (upload.expiresAt === undefined ? [] : [upload.expiresAt]));
      return state(
        uploads.map((upload) => upload.id),
        expiries.length > 0 ? Math.min(...expiries) : null,
        true,
      );
    }
    // A video: resume one X is still processing, else upload it.
    const pending = fresh?.mediaIds[0];
    const video: { id: string; expiresAt?: number; processing: boolean } =
      fresh && pending ? { id: pending, expiresAt: fresh.expiresAt ?? undefined, processing: true } : await uploadVideo(app, request, plan.item, options);
    const expiresAt = video.expiresAt ?? null;
    if (video.processing && !(await processed(app, request, video.id, options))) {
      throw new NotReady('x', 'video still processing', state([video.id], expiresAt, false), (options.now ?? Date.now)() + PROCESSING_CHECK_MS);
    }
    return state([video.id], expiresAt, true);
  },

  async create(app, request, prepared, options) {
    requireReady(prepared);
    const json: { text: string; media?: { media_ids: string[] } } = { text: request.text };
    if (prepared.mediaIds.length > 0) json.media = { media_ids: prepared.mediaIds };
    const answer = await publishCall(
      { network: 'x', resource: 'POST /tweets', url: apiUrl(app, '/tweets'), method: 'POST', bearer: request.accessToken, json, visible: prepared, key: request.idempotencyKey },
      options,
    );
    const { id } = parsedVisible('x', TweetAnswer, answer.body, 'tweet', prepared).data;
    return { postId: id, url: postUrl(request, id) };
  },

  async findPublished(app, request, prepared, options) {
    const url = apiUrl(app, `/users/${encodeURIComponent(request.account.id)}/tweets`, { max_results: RECENT, 'tweet.fields': 'created_at' });
    const answer = await publishCall({ network: 'x', resource: 'GET /users/tweets', url, bearer: request.accessToken }, options);
    const posts = (parsed('x', Timeline, answer.body, 'timeline').data ?? []).map((tweet) => ({ ...tweet, time: tweet.created_at }));
    return searchResult(request.text, posts, prepared.preparedAt, (tweet) => ({ postId: tweet.id, url: postUrl(request, tweet.id) }));
  },
};
