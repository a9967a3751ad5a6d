/**
 * Publishing on X as its v2 API documents it (issue 13 brief, "Publishing shapes"), under `/x/api`
 * with the user's OAuth 2.0 token:
 * - `POST /tweets` JSON `{text, media?:{media_ids}}` (`tweet.read tweet.write users.read`) → 201
 *   `{data:{id, text, edit_history_tweet_ids}}`; text measured with twitter-text (280 weighted
 *   characters); at most 4 images or 1 video/GIF; the same text as one of the user's posts of the
 *   last 24 hours is refused as duplicate content (403), as X does.
 * - Media (`media.write`): `POST /media/upload` multipart (`media` or base64 `media_data`,
 *   `media_category` tweet_image|tweet_gif) → `{data:{id, media_key, size, expires_after_secs, image}}`;
 *   chunked `POST /media/upload/initialize` JSON `{media_type, total_bytes, media_category}`,
 *   `POST /media/upload/{id}/append` multipart (`segment_index`, `media`), `POST
 *   /media/upload/{id}/finalize` (videos then process for VIDEO_PROCESSING_MS: `processing_info`),
 *   `GET /media/upload?command=STATUS&media_id=`. Media ids live 24 hours and only for their uploader.
 * - `GET /users/{id}/tweets?max_results=` (recent posts, newest first).
 * Errors are X's problem bodies (`{title, detail, type, status}`, invalid requests with `errors`).
 */
import { rename, writeFile } from 'node:fs/promises';
import twitter from 'twitter-text';
import { X_USER } from './accounts';
import type { SandboxContext } from './context';
import type { FeedMedia } from './feed';
import { json, type SandboxRequest, type SandboxResponse } from './http';
import type { MediaRecord } from './media';
import { feedMedia, fileField, stringField } from './publish';
import type { ApiCall, TokenRoute } from './routes';

/** How long an X video takes to process after finalize, ms. */
export const VIDEO_PROCESSING_MS = 1000;
const MEDIA_TTL_SECONDS = 86_400;
const MAX_BYTES: Record<string, number> = { tweet_image: 5 * 1024 * 1024, tweet_gif: 15 * 1024 * 1024, tweet_video: 512 * 1024 * 1024 };
const KEY_PREFIX: Record<string, string> = { tweet_image: '3', tweet_gif: '16', tweet_video: '7' };

/** A media upload (persisted in the `x.media` table). */
interface XMedia {
  id: string;
  /** The grant (user) that uploaded it: only they may attach it. */
  owner: string;
  category: string;
  mediaType: string;
  totalBytes: number | null;
  /** Chunked uploads: segment index → spool-free part file. */
  segments: Record<string, string>;
  state: 'uploading' | 'processing' | 'succeeded';
  readyAt: number;
  media: FeedMedia | null;
  expiresAt: number;
}

const uploads = (ctx: SandboxContext) => ctx.publishing.table<XMedia>('x.media');

/** X's invalid-request problem (400). */
export function invalidRequest(message: string): SandboxResponse {
  return json(400, {
    errors: [{ parameters: {}, message }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  });
}

const forbidden = (detail: string) => json(403, { detail, type: 'about:blank', title: 'Forbidden', status: 403 });

const mediaKey = (upload: XMedia) => `${KEY_PREFIX[upload.category] ?? '3'}_${upload.id}`;

function stateOf(ctx: SandboxContext, upload: XMedia): XMedia['state'] {
  return upload.state === 'processing' && ctx.publishing.now() >= upload.readyAt ? 'succeeded' : upload.state;
}

/** The body of a finished upload. */
function uploadAnswer(ctx: SandboxContext, upload: XMedia, record: MediaRecord | null): SandboxResponse {
  const processing =
    stateOf(ctx, upload) === 'processing' ? { processing_info: { state: 'pending', check_after_secs: Math.max(1, Math.ceil((upload.readyAt - ctx.publishing.now()) / 1000)) } } : {};
  const image = record?.contentType.startsWith('image/') ? { image: { image_type: record.contentType, w: record.width ?? 0, h: record.height ?? 0 } } : {};
  return json(200, {
    data: {
      id: upload.id,
      media_key: mediaKey(upload),
      size: upload.media?.size ?? 0,
      expires_after_secs: Math.max(0, Math.round((upload.expiresAt - ctx.publishing.now()) / 1000)),
      ...image,
      ...processing,
    },
  });
}

/** The uploaded bytes of a multipart `media` part or a base64 `media_data` field; null when neither. */
async function uploadedMedia(ctx: SandboxContext, req: SandboxRequest): Promise<MediaRecord | null> {
  const file = fileField(req, 'media');
  if (file) return ctx.media.keep(file.path, file.contentType);
  const base64 = stringField(req.body, 'media_data');
  return base64 ? ctx.media.keepBytes(Buffer.from(base64, 'base64')) : null;
}

/** `POST /media/upload`: an image or GIF in one request. */
async function simpleUpload(call: ApiCall): Promise<SandboxResponse> {
  const { ctx, req } = call;
  if (req.bodyType !== 'multipart' && req.bodyType !== 'form') return invalidRequest('The media upload must be multipart/form-data.');
  const category = stringField(req.body, 'media_category') ?? 'tweet_image';
  if (category !== 'tweet_image' && category !== 'tweet_gif') return invalidRequest(`media_category ${category} must be uploaded with the chunked upload (initialize, append, finalize).`);
  const record = await uploadedMedia(ctx, req);
  if (!record) return invalidRequest('media or media_data is required.');
  if (!record.contentType.startsWith('image/')) return invalidRequest('media type unrecognized.');
  if (record.size > (MAX_BYTES[category] ?? 0)) return invalidRequest(`File size exceeds ${MAX_BYTES[category]} bytes.`);
  const now = ctx.publishing.now();
  const upload: XMedia = {
    id: ctx.publishing.numericId('18', 19),
    owner: call.grant.id,
    category,
    mediaType: record.contentType,
    totalBytes: record.size,
    segments: {},
    state: 'succeeded',
    readyAt: now,
    media: feedMedia(record),
    expiresAt: now + MEDIA_TTL_SECONDS * 1000,
  };
  uploads(ctx).set(upload.id, upload);
  return uploadAnswer(ctx, upload, record);
}

/** The upload `id` of the caller, or X's error. */
function ownUpload(call: ApiCall, id: string | undefined): XMedia | SandboxResponse {
  const upload = id ? uploads(call.ctx).get(id) : undefined;
  if (!upload || upload.owner !== call.grant.id || upload.expiresAt <= call.ctx.publishing.now()) return invalidRequest(`Invalid media_id: ${id ?? ''}`);
  return upload;
}

const isResponse = (value: XMedia | SandboxResponse): value is SandboxResponse => 'status' in value && 'headers' in value;

async function initialize(call: ApiCall): Promise<SandboxResponse> {
  const { ctx, req } = call;
  const mediaType = stringField(req.body, 'media_type');
  const totalBytes = req.body?.total_bytes;
  const category = stringField(req.body, 'media_category') ?? 'tweet_video';
  if (!mediaType || !/^(image|video)\/[a-z0-9.+-]+$/.test(mediaType)) return invalidRequest('media_type is required (e.g. video/mp4).');
  if (typeof totalBytes !== 'number' || !Number.isInteger(totalBytes) || totalBytes <= 0) return invalidRequest('total_bytes must be a positive integer.');
  if (!(category in MAX_BYTES)) return invalidRequest(`Invalid media_category: ${category}`);
  if (totalBytes > (MAX_BYTES[category] ?? 0)) return invalidRequest(`total_bytes exceeds ${MAX_BYTES[category]} bytes for ${category}.`);
  const now = ctx.publishing.now();
  const upload: XMedia = {
    id: ctx.publishing.numericId('18', 19),
    owner: call.grant.id,
    category,
    mediaType,
    totalBytes,
    segments: {},
    state: 'uploading',
    readyAt: 0,
    media: null,
    expiresAt: now + MEDIA_TTL_SECONDS * 1000,
  };
  uploads(ctx).set(upload.id, upload);
  return json(200, { data: { id: upload.id, media_key: mediaKey(upload), expires_after_secs: MEDIA_TTL_SECONDS } });
}

async function append(call: ApiCall): Promise<SandboxResponse> {
  const { ctx, req } = call;
  const upload = ownUpload(call, call.params.id);
  if (isResponse(upload)) return upload;
  if (upload.state !== 'uploading') return invalidRequest('The upload was already finalized.');
  const index = Number(stringField(req.body, 'segment_index') ?? req.body?.segment_index);
  if (!Number.isInteger(index) || index < 0 || index > 999) return invalidRequest('segment_index must be an integer from 0 to 999.');
  const file = fileField(req, 'media');
  const base64 = stringField(req.body, 'media_data');
  if (!file && !base64) return invalidRequest('media or media_data is required.');
  const part = ctx.media.partPath(`x-${upload.id}-${index}`);
  if (file) await rename(file.path, part);
  else await writeFile(part, Buffer.from(base64 ?? '', 'base64'));
  uploads(ctx).set(upload.id, { ...upload, segments: { ...upload.segments, [String(index)]: part } });
  return json(200, { data: { expires_at: Math.floor(upload.expiresAt / 1000) } });
}

async function finalize(call: ApiCall): Promise<SandboxResponse> {
  const { ctx } = call;
  const upload = ownUpload(call, call.params.id);
  if (isResponse(upload)) return upload;
  if (upload.state !== 'uploading') return uploadAnswer(ctx, upload, upload.media ? (ctx.media.get(upload.media.id) ?? null) : null);
  const indexes = Object.keys(upload.segments)
    .map(Number)
    .sort((a, b) => a - b);
  if (indexes.length === 0) return invalidRequest('No segments were appended.');
  const record = await ctx.media.assemble(
    indexes.map((index) => upload.segments[String(index)] ?? ''),
    upload.mediaType,
  );
  if (record.size !== upload.totalBytes) return invalidRequest(`File size mismatch: expected ${upload.totalBytes} bytes, received ${record.size}.`);
  const video = upload.category === 'tweet_video';
  const now = ctx.publishing.now();
  const finished: XMedia = { ...upload, segments: {}, media: feedMedia(record), state: video ? 'processing' : 'succeeded', readyAt: video ? now + VIDEO_PROCESSING_MS : now };
  uploads(ctx).set(upload.id, finished);
  return uploadAnswer(ctx, finished, record);
}

function status(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  if (req.query.get('command') !== 'STATUS') return invalidRequest('command must be STATUS.');
  const upload = ownUpload(call, req.query.get('media_id') ?? undefined);
  if (isResponse(upload)) return upload;
  const state = stateOf(ctx, upload);
  const processing =
    state === 'uploading'
      ? {}
      : state === 'processing'
        ? { processing_info: { state: 'in_progress', check_after_secs: Math.max(1, Math.ceil((upload.readyAt - ctx.publishing.now()) / 1000)), progress_percent: 50 } }
        : { processing_info: { state: 'succeeded', progress_percent: 100 } };
  return json(200, { data: { id: upload.id, media_key: mediaKey(upload), ...processing } });
}

async function createTweet(call: ApiCall): Promise<SandboxResponse> {
  const { ctx, req } = call;
  if (req.bodyType !== 'json' || !req.body) return invalidRequest('The request body must be a JSON object.');
  const text = req.body.text;
  if (text !== undefined && typeof text !== 'string') return invalidRequest('$.text: string expected.');
  const media = req.body.media;
  const rawIds: unknown = media !== null && typeof media === 'object' ? (media as Record<string, unknown>).media_ids : undefined;
  if (rawIds !== undefined && (!Array.isArray(rawIds) || rawIds.some((id) => typeof id !== 'string'))) return invalidRequest('$.media.media_ids: array of strings expected.');
  const mediaIds = (rawIds ?? []) as string[];
  if (!text?.trim() && mediaIds.length === 0) return invalidRequest('$.text: text is required unless media is attached.');
  if (text) {
    const parsed = twitter.parseTweet(text);
    if (parsed.weightedLength > 280) return invalidRequest(`$.text: the text is ${parsed.weightedLength} weighted characters long; the maximum is 280.`);
  }
  if (mediaIds.length > 4) return invalidRequest('$.media.media_ids: the number of media ids is not within the allowed range (1 to 4).');
  const attached: XMedia[] = [];
  for (const id of mediaIds) {
    const upload = uploads(ctx).get(id);
    if (!upload || upload.owner !== call.grant.id || upload.expiresAt <= ctx.publishing.now() || stateOf(ctx, upload) !== 'succeeded' || !upload.media) {
      return invalidRequest('Your media IDs are invalid.');
    }
    attached.push(upload);
  }
  if (attached.length > 1 && attached.some((upload) => upload.category !== 'tweet_image')) return invalidRequest('A post may have up to 4 images, or 1 GIF or video.');
  const dayAgo = ctx.publishing.now() - 24 * 60 * 60 * 1000;
  if (text?.trim() && ctx.publishing.posts('x').some((post) => post.text === text && Date.parse(post.time) > dayAgo)) {
    return forbidden('You are not allowed to create a Tweet with duplicate content.');
  }
  const id = ctx.publishing.numericId('19', 19);
  ctx.publishing.addPost({
    network: 'x',
    id,
    target: { id: X_USER.id, name: `@${X_USER.username}` },
    text: text ?? '',
    media: attached.map((upload) => upload.media).filter((item): item is FeedMedia => item !== null),
    url: `https://x.com/${X_USER.username}/status/${id}`,
  });
  return json(201, { data: { id, text: text ?? '', edit_history_tweet_ids: [id] } });
}

function recentTweets(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  const max = Number(req.query.get('max_results') ?? '10');
  if (!Number.isInteger(max) || max < 5 || max > 100) return invalidRequest('The `max_results` query parameter value is not between 5 and 100.');
  const fields = (req.query.get('tweet.fields') ?? '').split(',');
  const tweets = call.params.id === X_USER.id ? ctx.publishing.posts('x').reverse().slice(0, max) : [];
  if (tweets.length === 0) return json(200, { meta: { result_count: 0 } });
  const data = tweets.map((post) => ({ id: post.id, text: post.text, edit_history_tweet_ids: [post.id], ...(fields.includes('created_at') ? { created_at: post.time } : {}) }));
  return json(200, { data, meta: { result_count: data.length, newest_id: data[0]?.id, oldest_id: data.at(-1)?.id } });
}

const MEDIA_WRITE = ['media.write'];

/** X's publishing routes. */
export const X_PUBLISH_ROUTES: readonly TokenRoute[] = [
  { method: 'POST', path: '/tweets', operation: 'create', scopes: ['tweet.read', 'tweet.write', 'users.read'], handle: createTweet },
  { method: 'POST', path: '/media/upload', operation: 'upload', scopes: MEDIA_WRITE, handle: simpleUpload },
  { method: 'POST', path: '/media/upload/initialize', operation: 'upload', scopes: MEDIA_WRITE, handle: initialize },
  { method: 'POST', path: '/media/upload/:id/append', operation: 'upload', scopes: MEDIA_WRITE, handle: append },
  { method: 'POST', path: '/media/upload/:id/finalize', operation: 'upload', scopes: MEDIA_WRITE, handle: finalize },
  { method: 'GET', path: '/media/upload', operation: 'status', scopes: MEDIA_WRITE, handle: status },
  { method: 'GET', path: '/users/:id/tweets', operation: 'recent', scopes: ['tweet.read', 'users.read'], handle: recentTweets },
];
