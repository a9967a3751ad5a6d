/**
 * TikTok (Content Posting API, direct post, the user's token as Bearer).
 * - prepare (invisible): `POST /post/publish/creator_info/query/` →
 *   `{data: {creator_username, privacy_level_options}}`: the level asked (`public` →
 *   PUBLIC_TO_EVERYONE, `private` → SELF_ONLY, what an unaudited app may only use) must be offered,
 *   else `rejected`.
 * - a video (FILE_UPLOAD): prepare also sends `POST /post/publish/video/init/` `{post_info:
 *   {title, privacy_level, disable_comment: false}, source_info: {source: "FILE_UPLOAD",
 *   video_size, chunk_size, total_chunk_count}}` → `{data: {publish_id, upload_url}}` and every
 *   chunk but the last (`PUT upload_url` with `Content-Range: bytes a-b/total` → 206): nothing
 *   appears before TikTok holds every byte, so these are invisible, and the publish_id is in the
 *   Prepared state BEFORE the visible step. create sends the LAST chunk (→ 201). Sending it again
 *   completes the same publish, never a second post, so a crash after TikTok's answer is resolved
 *   by the publish's status (findPublished) and, at worst, a repeated last chunk.
 * - create, photos (1 to MAX_PHOTOS): the visible `POST /post/publish/content/init/`
 *   `{post_info: {title, description, privacy_level, disable_comment: false}, source_info:
 *   {source: "PULL_FROM_URL", photo_images, photo_cover_index: 0}, post_mode: "DIRECT_POST",
 *   media_type: "PHOTO"}` → `{data: {publish_id}}` (TikTok pulls the images from their URLs).
 * - then one status fetch, best effort: PUBLISH_COMPLETE with a public post id gives the post's id
 *   and URL; otherwise the post id is the publish_id and the URL null (TikTok is still processing:
 *   findPublished tells later).
 * - findPublished: `POST /post/publish/status/fetch/` `{publish_id}`, polled within the processing
 *   budget while TikTok says PROCESSING_UPLOAD → PUBLISH_COMPLETE: the public post (else the
 *   publish_id); PROCESSING_DOWNLOAD, SEND_TO_USER_INBOX: the publish_id (it is on its way);
 *   still PROCESSING_UPLOAD (the last chunk did not arrive) or FAILED: null (for a video, creating
 *   again re-sends the last chunk of the same publish). Without a publish_id: null for a video
 *   (nothing was uploaded), `unknowable` for photos (the init's answer was lost).
 * Chunks: a video under CHUNK bytes goes whole; otherwise CHUNK bytes each (more when it would take
 * more than MAX_CHUNKS), the remainder joined to the last (TikTok: total_chunk_count =
 * floor(video_size / chunk_size)). Post ids are 64-bit: read from the raw answer, not from JSON
 * numbers. URL `https://www.tiktok.com/@{username}/video/{id}` for a public post.
 */
import * as z from 'zod/mini';
import { logger } from '../../logger';
import { NetworkError, type NetworkApp } from '../types';
import { apiUrl, handedUrl, parsed, parsedVisible, preparedBase, publishCall, requireReady, unsupported, type PublishAnswer } from './call';
import { MEDIA_TIMEOUT_MS, readMedia, type ByteRange } from './media';
import type { FindResult, MediaItem, PreparedOf, PublishAdapter, PublishOptions, PublishRequest, Published } from './types';
import { waitFor } from './wait';

/** Most images in one photo post. */
export const MAX_PHOTOS = 35;
/** Bytes per uploaded chunk (TikTok takes 5 MB to 64 MB; the last up to 128 MB). */
export const CHUNK = 10 * 1024 * 1024;
const MAX_CHUNK = 64 * 1024 * 1024;
/** Most chunks TikTok accepts for one video. */
export const MAX_CHUNKS = 1000;

/** Where TikTok's upload URLs may point (open-upload.tiktokapis.com). */
const TIKTOK_HOSTS = /(?:^|\.)tiktokapis\.com$/;

const CreatorAnswer = z.object({ data: z.object({ creator_username: z.optional(z.string()), privacy_level_options: z.array(z.string()) }) });
const InitAnswer = z.object({ data: z.object({ publish_id: z.string(), upload_url: z.optional(z.string()) }) });
const StatusAnswer = z.object({ data: z.object({ status: z.string() }) });

/** The chunks of a `size`-byte upload (see the module header). */
export function tiktokChunks(size: number): { chunkSize: number; ranges: ByteRange[] } {
  const chunkSize = Math.min(size, Math.min(MAX_CHUNK, Math.max(CHUNK, Math.ceil(size / MAX_CHUNKS))));
  const count = Math.max(1, Math.floor(size / chunkSize));
  const ranges = Array.from({ length: count }, (_, index) => ({ start: index * chunkSize, end: index === count - 1 ? size - 1 : (index + 1) * chunkSize - 1 }));
  return { chunkSize, ranges };
}

type Plan = { kind: 'video'; video: MediaItem } | { kind: 'photos'; images: readonly MediaItem[] };

function planOf(request: PublishRequest): Plan {
  const { media } = request;
  const [first] = media;
  if (media.length === 1 && first?.kind === 'video') return { kind: 'video', video: first };
  if (media.length > 0 && media.length <= MAX_PHOTOS && media.every((item) => item.kind === 'image')) return { kind: 'photos', images: media };
  throw unsupported('tiktok', `${media.length} media (one video, or 1 to ${MAX_PHOTOS} images)`);
}

const api = (app: NetworkApp, request: PublishRequest, options: PublishOptions, resource: string, path: string, json?: unknown, extra: { retry?: boolean } = {}) =>
  publishCall(
    // TikTok's examples send the JSON content type even without a body (creator_info).
    { network: 'tiktok', resource, url: apiUrl(app, path), method: 'POST', bearer: request.accessToken, json, ...(json === undefined ? { headers: { 'content-type': 'application/json; charset=UTF-8' } } : {}), ...extra },
    options,
  );

/** The first public post id of a status answer, from its raw text (64-bit ids do not survive JSON numbers). */
function publicPostId(answer: PublishAnswer): string | undefined {
  return /"publicaly_available_post_id"\s*:\s*\[\s*"?(\d+)/.exec(answer.text)?.[1];
}

/** TikTok still receiving or processing the upload (PROCESSING_UPLOAD). */
const PROCESSING = Symbol('processing');
/** Between two status checks while TikTok processes, ms. */
const STATUS_POLL_MS = 1000;

/** The status of `publishId` as findPublished answers it (see the module header). */
async function statusOf(app: NetworkApp, request: PublishRequest, prepared: PreparedOf<'tiktok'>, publishId: string, options: PublishOptions): Promise<FindResult | typeof PROCESSING> {
  const answer = await api(app, request, options, 'POST /post/publish/status/fetch/', '/post/publish/status/fetch/', { publish_id: publishId });
  const { status } = parsed('tiktok', StatusAnswer, answer.body, 'publish status').data;
  if (status === 'PUBLISH_COMPLETE') {
    const postId = publicPostId(answer);
    if (!postId) return { postId: publishId, url: null };
    return { postId, url: prepared.username && prepared.privacyLevel === 'PUBLIC_TO_EVERYONE' ? `https://www.tiktok.com/@${encodeURIComponent(prepared.username)}/video/${postId}` : null };
  }
  if (status === 'PROCESSING_DOWNLOAD' || status === 'SEND_TO_USER_INBOX') return { postId: publishId, url: null };
  return status === 'PROCESSING_UPLOAD' ? PROCESSING : null;
}

/** After a create: the public post when TikTok already says it, else the publish_id (never throws: the post exists). */
async function publishedAfter(app: NetworkApp, request: PublishRequest, prepared: PreparedOf<'tiktok'>, publishId: string, options: PublishOptions): Promise<Published> {
  try {
    const found = await statusOf(app, request, prepared, publishId, options);
    if (found && found !== 'unknowable' && found !== PROCESSING) return found;
  } catch (error) {
    logger.warn('tiktok: the status of a created post could not be read', { error: (error as Error).name });
  }
  return { postId: publishId, url: null };
}

/** PUTs one chunk of `video` to `uploadUrl`; `visible` marks the last one (the visible step). */
async function putChunk(uploadUrl: string, request: PublishRequest, video: MediaItem, range: ByteRange, options: PublishOptions, visible?: PreparedOf<'tiktok'>): Promise<void> {
  const bytes = await readMedia('tiktok', video, options, range);
  await publishCall(
    {
      network: 'tiktok',
      resource: 'PUT upload chunk',
      url: uploadUrl,
      method: 'PUT',
      headers: { 'content-range': `bytes ${range.start}-${range.end}/${video.size}` },
      bytes: { data: bytes, contentType: video.contentType },
      timeoutMs: MEDIA_TIMEOUT_MS,
      ...(visible ? { visible, key: request.idempotencyKey } : {}),
    },
    options,
  );
}

/** The invisible part of a video: the init and every chunk but the last (see the module header). */
async function prepareVideo(app: NetworkApp, request: PublishRequest, prepared: PreparedOf<'tiktok'>, video: MediaItem, options: PublishOptions): Promise<PreparedOf<'tiktok'>> {
  const { chunkSize, ranges } = tiktokChunks(video.size);
  const init = await api(
    app,
    request,
    options,
    'POST /post/publish/video/init/',
    '/post/publish/video/init/',
    {
      post_info: { title: request.text, privacy_level: prepared.privacyLevel, disable_comment: false },
      source_info: { source: 'FILE_UPLOAD', video_size: video.size, chunk_size: chunkSize, total_chunk_count: ranges.length },
    },
    { retry: false },
  );
  const { publish_id: publishId, upload_url: uploadUrl } = parsed('tiktok', InitAnswer, init.body, 'video init').data;
  if (!uploadUrl) throw new NetworkError('tiktok', 'unavailable', 'video init without upload_url');
  const url = handedUrl('tiktok', uploadUrl, [app.urls.api], TIKTOK_HOSTS);
  for (const range of ranges.slice(0, -1)) await putChunk(url, request, video, range, options);
  return { ...prepared, publishId, uploadUrl: url };
}

/** The visible step of a video: its last chunk, to the upload the prepare started. */
async function createVideo(app: NetworkApp, request: PublishRequest, prepared: PreparedOf<'tiktok'>, video: MediaItem, options: PublishOptions): Promise<Published> {
  const { publishId, uploadUrl } = prepared;
  if (!publishId || !uploadUrl) throw new Error('tiktok: create a video only after prepare started its upload');
  const last = tiktokChunks(video.size).ranges.at(-1);
  if (!last) throw new Error('tiktok: a video without bytes');
  await putChunk(uploadUrl, request, video, last, options, prepared);
  return publishedAfter(app, request, prepared, publishId, options);
}

export const tiktok: PublishAdapter<'tiktok'> = {
  async prepare(app, request, previous, options) {
    const base = preparedBase(previous, options);
    const answer = await api(app, request, options, 'POST /post/publish/creator_info/query/', '/post/publish/creator_info/query/');
    const creator = parsed('tiktok', CreatorAnswer, answer.body, 'creator info').data;
    const privacyLevel = request.privacy === 'public' ? 'PUBLIC_TO_EVERYONE' : 'SELF_ONLY';
    if (!creator.privacy_level_options.includes(privacyLevel)) throw new NetworkError('tiktok', 'rejected', `privacy level ${privacyLevel} not offered to this creator`);
    const checked: PreparedOf<'tiktok'> = { ...base, ready: true, network: 'tiktok', privacyLevel, username: creator.creator_username ?? null, publishId: null, uploadUrl: null };
    const plan = planOf(request);
    return plan.kind === 'video' ? prepareVideo(app, request, checked, plan.video, options) : checked;
  },

  async create(app, request, prepared, options) {
    requireReady(prepared);
    const plan = planOf(request);
    if (plan.kind === 'video') return createVideo(app, request, prepared, plan.video, options);
    const answer = await publishCall(
      {
        network: 'tiktok',
        resource: 'POST /post/publish/content/init/',
        url: apiUrl(app, '/post/publish/content/init/'),
        method: 'POST',
        bearer: request.accessToken,
        json: {
          post_info: { title: request.title ?? '', description: request.text, privacy_level: prepared.privacyLevel, disable_comment: false },
          source_info: { source: 'PULL_FROM_URL', photo_images: plan.images.map((image) => image.url), photo_cover_index: 0 },
          post_mode: 'DIRECT_POST',
          media_type: 'PHOTO',
        },
        visible: prepared,
        key: request.idempotencyKey,
      },
      options,
    );
    const { publish_id: publishId } = parsedVisible('tiktok', InitAnswer, answer.body, 'photo init', prepared).data;
    return publishedAfter(app, request, { ...prepared, publishId }, publishId, options);
  },

  async findPublished(app, request, prepared, options) {
    const { publishId } = prepared;
    if (!publishId) return planOf(request).kind === 'video' ? null : 'unknowable';
    // TikTok says PROCESSING_UPLOAD both while it processes our last chunk and when it never got it: wait within the budget.
    const found = await waitFor(async () => {
      const status = await statusOf(app, request, prepared, publishId, options);
      return status === PROCESSING ? undefined : status;
    }, STATUS_POLL_MS, options);
    return found === undefined ? null : found;
  },
};
