/**
 * Publishing on TikTok as its Content Posting API documents it (issue 13 brief, "Publishing
 * shapes"), under `/tiktok/api` with the user's token:
 * - `POST /post/publish/creator_info/query/` (`video.publish`) → the creator's privacy options;
 * - `POST /post/publish/video/init/` JSON `{post_info:{title, privacy_level, …}, source_info:{source:
 *   "FILE_UPLOAD", video_size, chunk_size, total_chunk_count} | {source:"PULL_FROM_URL", video_url}}`
 *   (`video.publish`) → `{data:{publish_id, upload_url?}, error:{code:"ok"}}`; `PUT <upload_url>` (served
 *   at `/tiktok/upload/video/`, the URL is the credential) with `Content-Range: bytes a-b/total`
 *   → 206 per chunk, 201 when every byte is in;
 * - `POST /post/publish/content/init/` `{post_info:{title, description, privacy_level}, source_info:
 *   {source:"PULL_FROM_URL", photo_images:[urls], photo_cover_index}, post_mode:"DIRECT_POST"|"MEDIA_UPLOAD",
 *   media_type:"PHOTO"}` (`video.publish`; MEDIA_UPLOAD: `video.upload`);
 * - `POST /post/publish/status/fetch/` `{publish_id}` → `{data:{status, fail_reason?,
 *   publicaly_available_post_id, uploaded_bytes, downloaded_bytes}}`: PROCESSING_UPLOAD or
 *   PROCESSING_DOWNLOAD, then (PROCESSING_MS after the media is in) PUBLISH_COMPLETE (the post
 *   enters the feed; `settleTikTok`), SEND_TO_USER_INBOX (MEDIA_UPLOAD) or FAILED.
 * The sandbox's client is unaudited: only `SELF_ONLY` posts are allowed (anything else is refused
 * with `unaudited_client_can_only_post_to_private_accounts`), so no post is public and
 * `publicaly_available_post_id` stays empty; the feed keeps the video id and the publish_id.
 * Limits: video titles 2200 UTF-16 units; photo titles 90, descriptions 4000; 1–35 photos (JPEG or
 * WebP, fetched from their URLs); chunks of 5–64 MB (a video under 5 MB goes whole).
 */
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { TIKTOK_USER } from './accounts';
import { avatarUrl, type SandboxContext } from './context';
import type { FeedMedia } from './feed';
import { json, type SandboxRequest, type SandboxResponse } from './http';
import { fetchFailed } from './media';
import { logId } from './networks';
import { feedMedia, objectField, stringField } from './publish';
import type { ApiCall, OwnAuthRoute, TokenRoute } from './routes';

/** How long TikTok takes to process media once it is in, ms. */
export const PROCESSING_MS = 1000;
const MB = 1024 * 1024;
const PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
const PHOTO_MAX_BYTES = 20 * MB;

type PublishStatus = 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'SEND_TO_USER_INBOX' | 'PUBLISH_COMPLETE' | 'FAILED';

/** A publish (persisted in the `tiktok.publishes` table). */
interface Publish {
  publishId: string;
  grantId: string;
  kind: 'video' | 'photo';
  mode: 'DIRECT_POST' | 'MEDIA_UPLOAD';
  title: string;
  description: string;
  privacy: string;
  /** FILE_UPLOAD: the upload URL's id and token, the declared size and the chunks received (start → size). */
  upload?: { id: string; token: string; videoSize: number; partFile: string; chunks: Record<string, number> };
  state: PublishStatus;
  /** When the media was in and processing ends (epoch ms); null while uploading or downloading. */
  readyAt: number | null;
  failReason?: string;
  media: FeedMedia[];
  downloaded: number;
  videoId?: string;
}

const publishes = (ctx: SandboxContext) => ctx.publishing.table<Publish>('tiktok.publishes');
/** Publishes whose media this process is downloading (a restart loses the download: FAILED). */
const downloading = new Set<string>();

const ok = (data: unknown) => json(200, { data, error: { code: 'ok', message: '', log_id: logId() } });
/** TikTok's error body. */
export const tiktokError = (status: number, code: string, message: string): SandboxResponse => json(status, { data: {}, error: { code, message, log_id: logId() } });
const invalid = (message: string) => tiktokError(400, 'invalid_params', message);

/** Checks `post_info.privacy_level` for an unaudited client; the error, or null. */
function privacyError(privacy: string | undefined): SandboxResponse | null {
  if (!privacy || !PRIVACY_LEVELS.includes(privacy)) return tiktokError(400, 'privacy_level_option_mismatch', 'privacy_level must be one of the creator_info privacy_level_options.');
  if (privacy !== 'SELF_ONLY') {
    return tiktokError(403, 'unaudited_client_can_only_post_to_private_accounts', 'Unaudited clients can only post with SELF_ONLY privacy: the app must pass TikTok’s audit to post publicly.');
  }
  return null;
}

/** The publish once its processing time has passed: completed (a feed entry) or in the inbox. */
function settle(ctx: SandboxContext, publish: Publish): Publish {
  if (publish.state === 'PROCESSING_DOWNLOAD' && publish.readyAt === null && !downloading.has(publish.publishId)) {
    const failed: Publish = { ...publish, state: 'FAILED', failReason: 'internal' };
    publishes(ctx).set(publish.publishId, failed);
    return failed;
  }
  if ((publish.state !== 'PROCESSING_UPLOAD' && publish.state !== 'PROCESSING_DOWNLOAD') || publish.readyAt === null || ctx.publishing.now() < publish.readyAt) return publish;
  if (publish.mode === 'MEDIA_UPLOAD') {
    const inbox: Publish = { ...publish, state: 'SEND_TO_USER_INBOX' };
    publishes(ctx).set(publish.publishId, inbox);
    return inbox;
  }
  const videoId = ctx.publishing.numericId('7', 19);
  ctx.publishing.addPost({
    network: 'tiktok',
    id: videoId,
    refs: { publishId: publish.publishId },
    target: { id: TIKTOK_USER.openId, name: TIKTOK_USER.displayName },
    ...(publish.kind === 'photo' ? { title: publish.title } : {}),
    text: publish.kind === 'photo' ? publish.description : publish.title,
    media: publish.media,
    // TikTok gives no public post id (hence no URL) for SELF_ONLY posts.
    url: null,
    visibility: publish.privacy,
  });
  const done: Publish = { ...publish, state: 'PUBLISH_COMPLETE', videoId };
  publishes(ctx).set(publish.publishId, done);
  return done;
}

/** Moves every TikTok publish whose processing ended into the feed (before the feed is read). */
export function settleTikTok(ctx: SandboxContext): void {
  const pending = publishes(ctx)
    .values()
    .filter((publish) => publish.readyAt !== null)
    .sort((a, b) => (a.readyAt ?? 0) - (b.readyAt ?? 0));
  for (const publish of pending) settle(ctx, publish);
}

/** Downloads a PULL_FROM_URL publish's media in the background. */
function download(ctx: SandboxContext, publishId: string, urls: string[], kind: 'video' | 'photo'): void {
  downloading.add(publishId);
  void (async () => {
    const media: FeedMedia[] = [];
    let failReason: string | undefined;
    for (const url of urls) {
      const fetched = await ctx.media.fetch(url, kind === 'photo' ? PHOTO_MAX_BYTES : undefined);
      if (fetchFailed(fetched)) {
        failReason = kind === 'photo' ? 'photo_pull_failed' : 'video_pull_failed';
        break;
      }
      const allowed = kind === 'photo' ? ['image/jpeg', 'image/webp'] : ['video/mp4', 'video/quicktime', 'video/webm'];
      if (!allowed.includes(fetched.contentType)) {
        failReason = kind === 'photo' ? 'picture_format_check_failed' : 'file_format_check_failed';
        break;
      }
      media.push(feedMedia(fetched));
    }
    const publish = publishes(ctx).get(publishId);
    if (!publish) return;
    const downloaded = media.reduce((sum, item) => sum + item.size, 0);
    publishes(ctx).set(
      publishId,
      failReason ? { ...publish, state: 'FAILED', failReason, downloaded } : { ...publish, media, downloaded, readyAt: ctx.publishing.now() + PROCESSING_MS },
    );
  })()
    .catch((error: unknown) => ctx.log(`social sandbox: tiktok download failed: ${(error as Error).message}`))
    .finally(() => downloading.delete(publishId));
}

/** Checks FILE_UPLOAD's sizes as TikTok documents them; the error, or null. */
function chunkError(videoSize: unknown, chunkSize: unknown, count: unknown): SandboxResponse | null {
  const whole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
  if (!whole(videoSize) || !whole(chunkSize) || !whole(count)) return invalid('video_size, chunk_size and total_chunk_count must be positive integers.');
  if (videoSize > 4 * 1024 * MB) return invalid('The video is larger than 4 GB.');
  if (videoSize < 5 * MB) return chunkSize === videoSize && count === 1 ? null : invalid('A video under 5 MB must be uploaded whole: chunk_size = video_size, total_chunk_count = 1.');
  if (chunkSize < 5 * MB || chunkSize > 64 * MB) return invalid('chunk_size must be from 5 MB to 64 MB.');
  if (count !== Math.floor(videoSize / chunkSize) || count > 1000) return invalid('total_chunk_count must be floor(video_size / chunk_size), at most 1000.');
  return null;
}

function creatorInfo(call: ApiCall): SandboxResponse {
  return ok({
    creator_avatar_url: avatarUrl(call.ctx, 'tiktok'),
    creator_username: 'cuenta_de_pruebas',
    creator_nickname: TIKTOK_USER.displayName,
    privacy_level_options: PRIVACY_LEVELS,
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: false,
    max_video_post_duration_sec: 600,
  });
}

function videoInit(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  if (req.bodyType !== 'json') return invalid('The request body must be JSON.');
  const postInfo = objectField(req.body, 'post_info');
  const sourceInfo = objectField(req.body, 'source_info');
  if (!postInfo || !sourceInfo) return invalid('post_info and source_info are required.');
  const title = stringField(postInfo, 'title') ?? '';
  if (title.length > 2200) return invalid('post_info.title is longer than 2200 UTF-16 runes.');
  const privacy = stringField(postInfo, 'privacy_level');
  const refused = privacyError(privacy);
  if (refused) return refused;
  const source = stringField(sourceInfo, 'source');
  const base = { grantId: call.grant.id, kind: 'video' as const, mode: 'DIRECT_POST' as const, title, description: '', privacy: privacy ?? 'SELF_ONLY', readyAt: null, media: [], downloaded: 0 };
  if (source === 'PULL_FROM_URL') {
    const url = stringField(sourceInfo, 'video_url');
    if (!url) return invalid('source_info.video_url is required for PULL_FROM_URL.');
    const publishId = `v_pub_url~v2-1.${ctx.publishing.numericId('7', 19)}`;
    publishes(ctx).set(publishId, { ...base, publishId, state: 'PROCESSING_DOWNLOAD' });
    download(ctx, publishId, [url], 'video');
    return ok({ publish_id: publishId });
  }
  if (source !== 'FILE_UPLOAD') return invalid('source_info.source must be FILE_UPLOAD or PULL_FROM_URL.');
  const { video_size: videoSize, chunk_size: chunkSize, total_chunk_count: count } = sourceInfo;
  const sizes = chunkError(videoSize, chunkSize, count);
  if (sizes) return sizes;
  const uploadId = ctx.publishing.numericId('7', 19);
  const publishId = `v_pub_file~v2-1.${uploadId}`;
  const upload = { id: uploadId, token: randomBytes(18).toString('base64url'), videoSize: videoSize as number, partFile: ctx.media.partPath(`tiktok-${uploadId}`), chunks: {} };
  publishes(ctx).set(publishId, { ...base, publishId, upload, state: 'PROCESSING_UPLOAD' });
  return ok({ publish_id: publishId, upload_url: `${ctx.origin}/tiktok/upload/video/?upload_id=${upload.id}&upload_token=${upload.token}` });
}

function contentInit(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  if (req.bodyType !== 'json') return invalid('The request body must be JSON.');
  if (stringField(req.body, 'media_type') !== 'PHOTO') return invalid('media_type must be PHOTO.');
  const mode = stringField(req.body, 'post_mode');
  if (mode !== 'DIRECT_POST' && mode !== 'MEDIA_UPLOAD') return invalid('post_mode must be DIRECT_POST or MEDIA_UPLOAD.');
  const scope = mode === 'DIRECT_POST' ? 'video.publish' : 'video.upload';
  if (!call.grant.scopes.includes(scope)) return tiktokError(401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request.');
  const postInfo = objectField(req.body, 'post_info') ?? {};
  const sourceInfo = objectField(req.body, 'source_info');
  const title = stringField(postInfo, 'title') ?? '';
  const description = stringField(postInfo, 'description') ?? '';
  if (title.length > 90) return invalid('post_info.title is longer than 90 UTF-16 runes.');
  if (description.length > 4000) return invalid('post_info.description is longer than 4000 UTF-16 runes.');
  const privacy = stringField(postInfo, 'privacy_level');
  if (mode === 'DIRECT_POST') {
    const refused = privacyError(privacy);
    if (refused) return refused;
  }
  if (stringField(sourceInfo, 'source') !== 'PULL_FROM_URL') return invalid('source_info.source must be PULL_FROM_URL for photos.');
  const images: unknown = sourceInfo?.photo_images;
  if (!Array.isArray(images) || images.length < 1 || images.length > 35 || images.some((url) => typeof url !== 'string')) return invalid('source_info.photo_images must be 1 to 35 URLs.');
  const cover = sourceInfo?.photo_cover_index ?? 0;
  if (typeof cover !== 'number' || !Number.isInteger(cover) || cover < 0 || cover >= images.length) return invalid('source_info.photo_cover_index is out of range.');
  const publishId = `p_pub_url~v2.${ctx.publishing.numericId('7', 19)}`;
  publishes(ctx).set(publishId, {
    publishId,
    grantId: call.grant.id,
    kind: 'photo',
    mode,
    title,
    description,
    privacy: privacy ?? 'SELF_ONLY',
    state: 'PROCESSING_DOWNLOAD',
    readyAt: null,
    media: [],
    downloaded: 0,
  });
  download(ctx, publishId, images as string[], 'photo');
  return ok({ publish_id: publishId });
}

function statusFetch(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  const publishId = stringField(req.body, 'publish_id');
  if (!publishId) return invalid('publish_id is required.');
  const found = publishes(ctx).get(publishId);
  if (!found || found.grantId !== call.grant.id) return tiktokError(400, 'invalid_publish_id', 'The publish_id does not exist or does not belong to this user.');
  const publish = settle(ctx, found);
  const uploaded = publish.upload ? Object.values(publish.upload.chunks).reduce((sum, size) => sum + size, 0) : 0;
  return ok({
    status: publish.state,
    ...(publish.failReason ? { fail_reason: publish.failReason } : {}),
    publicaly_available_post_id: [],
    uploaded_bytes: uploaded,
    downloaded_bytes: publish.downloaded,
  });
}

/** Writes `file` into `target` at byte `position` (creating `target` when missing). */
async function writeAt(target: string, file: string, position: number): Promise<void> {
  const handle = await open(target, 'a+').then(async (created) => {
    await created.close();
    return open(target, 'r+');
  });
  try {
    let offset = position;
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      await handle.write(chunk, 0, chunk.byteLength, offset);
      offset += chunk.byteLength;
    }
  } finally {
    await handle.close();
  }
}

/** `PUT <upload_url>`: one chunk of a FILE_UPLOAD video. */
async function uploadChunk(ctx: SandboxContext, req: SandboxRequest): Promise<SandboxResponse> {
  const uploadId = req.query.get('upload_id') ?? '';
  const found = publishes(ctx)
    .values()
    .find((publish) => publish.upload?.id === uploadId);
  const upload = found?.upload;
  if (!found || !upload || upload.token !== req.query.get('upload_token')) return tiktokError(404, 'invalid_params', 'The upload URL is not valid.');
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.headers['content-range']?.trim() ?? '');
  if (!range) return invalid('Content-Range: bytes {first}-{last}/{total} is required.');
  const [first, last, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
  const size = req.raw?.size ?? 0;
  if (total !== upload.videoSize) return invalid('The Content-Range total is not the video_size of the init.');
  if (last < first || last >= total || last - first + 1 !== size) return invalid('The Content-Range does not match the chunk sent.');
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!['video/mp4', 'video/quicktime', 'video/webm'].includes(type)) return tiktokError(415, 'invalid_params', 'Content-Type must be video/mp4, video/quicktime or video/webm.');
  if (found.state !== 'PROCESSING_UPLOAD' || found.readyAt !== null) return json(201, {});
  await writeAt(upload.partFile, req.raw?.path ?? '', first);
  const chunks = { ...upload.chunks, [String(first)]: size };
  const received = Object.values(chunks).reduce((sum, chunk) => sum + chunk, 0);
  if (received < upload.videoSize) {
    publishes(ctx).set(found.publishId, { ...found, upload: { ...upload, chunks } });
    return json(206, {});
  }
  const record = await ctx.media.keep(upload.partFile, type);
  const accepted = record.contentType.startsWith('video/');
  publishes(ctx).set(found.publishId, {
    ...found,
    upload: { ...upload, chunks },
    media: accepted ? [feedMedia(record)] : [],
    ...(accepted ? { readyAt: ctx.publishing.now() + PROCESSING_MS } : { state: 'FAILED' as const, failReason: 'file_format_check_failed' }),
  });
  return json(201, {});
}

const PUBLISH_OR_UPLOAD = [['video.publish', 'video.upload']];

/** TikTok's publishing routes under `/tiktok/api`. */
export const TIKTOK_PUBLISH_ROUTES: readonly TokenRoute[] = [
  { method: 'POST', path: '/post/publish/creator_info/query/', operation: 'creator_info', scopes: ['video.publish'], handle: creatorInfo },
  { method: 'POST', path: '/post/publish/video/init/', operation: 'create', scopes: ['video.publish'], handle: videoInit },
  { method: 'POST', path: '/post/publish/content/init/', operation: 'create', scopes: PUBLISH_OR_UPLOAD, handle: contentInit },
  { method: 'POST', path: '/post/publish/status/fetch/', operation: 'status', scopes: PUBLISH_OR_UPLOAD, handle: statusFetch },
];

/** TikTok's upload URLs under `/tiktok/upload`. */
export const TIKTOK_UPLOAD_ROUTES: readonly OwnAuthRoute[] = [{ method: 'PUT', path: '/video/', operation: 'upload', ownAuth: (ctx, _network, req) => uploadChunk(ctx, req) }];
