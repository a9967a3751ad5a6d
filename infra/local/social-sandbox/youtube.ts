/**
 * Publishing on YouTube as the Data API's resumable upload documents it (issue 13 brief,
 * "Publishing shapes"), at the app's `urls.upload` (the sandbox's `/youtube/upload`):
 * - `POST /videos?uploadType=resumable&part=snippet,status` JSON `{snippet:{title, description,
 *   categoryId}, status:{privacyStatus, selfDeclaredMadeForKids}}` with `X-Upload-Content-Length`
 *   and `X-Upload-Content-Type` (`youtube.upload`, `youtube` or `youtube.force-ssl`) → 200,
 *   `Location: <session URI>` (`…/videos?uploadType=resumable&upload_id=<id>`);
 * - `PUT <session URI>` with the bytes (whole, or chunks with `Content-Range: bytes a-b/total`
 *   starting where the session is) → 308 `Range: bytes=0-n` while incomplete, 201 with the video
 *   resource when the last byte arrives (the video then exists: it enters the feed);
 * - `PUT <session URI>` with `Content-Range: bytes *\/total` and no body: the session's status,
 *   308 (+`Range`) or 200 with the video. A finished session answers its video again to any PUT,
 *   so a retried upload never makes a second video (the resumable protocol's own idempotency).
 * The sandbox's Google project is unverified: every upload is private, whatever was asked
 * (`status.privacyStatus: "private"`), as YouTube does. Also `GET /youtube/api/videos?part&id`.
 * Titles: 1–100 characters without `<` or `>`; descriptions: at most 5000 bytes.
 *
 * Comments (issue 14; YouTube has no webhook for them: the product polls), under `/youtube/api`:
 * - `GET /commentThreads?part=snippet[,replies]&allThreadsRelatedToChannelId=<channel>` (or
 *   `videoId=`, `id=`) `&order=time&maxResults=1..100&pageToken=` → `{kind:
 *   'youtube#commentThreadListResponse', etag, nextPageToken?, pageInfo, items: [commentThread]}`,
 *   newest first; scope youtube.readonly, youtube or youtube.force-ssl
 *   (https://developers.google.com/youtube/v3/docs/commentThreads/list,
 *   https://developers.google.com/youtube/v3/docs/commentThreads#resource);
 * - `POST /comments?part=snippet` JSON `{snippet: {parentId, textOriginal}}` → the comment resource
 *   (https://developers.google.com/youtube/v3/docs/comments/insert,
 *   https://developers.google.com/youtube/v3/docs/comments#resource); scope youtube.force-ssl only
 *   (else 403 insufficientPermissions); 400 parentIdMissing, commentTextRequired,
 *   commentTextTooLong (over 10000 characters); 404 parentCommentNotFound. The reply enters the
 *   thread (./inbox.ts), as the brand's.
 * Comment threads are the sandbox's inbox threads of network `youtube` (written by
 * `/__sandbox/dm` and the `/youtube/inbox` page); `publishedAt` has whole seconds, as YouTube's.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { YOUTUBE_CHANNEL } from './accounts';
import { avatarUrl, type SandboxContext } from './context';
import type { FeedPost } from './feed';
import { empty, json, type SandboxRequest, type SandboxResponse } from './http';
import { codePoints, feedMedia, objectField, randomCode, stringField } from './publish';
import { addBrandMessage, listThreads, threads, youtubeTime, type Thread, type ThreadMessage } from './inbox';
import type { ApiCall, OwnAuthRoute, TokenRoute } from './routes';

const UPLOAD_SCOPES = [['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube', 'https://www.googleapis.com/auth/youtube.force-ssl']];
const FORCE_SSL = 'https://www.googleapis.com/auth/youtube.force-ssl';
/** Longest comment YouTube accepts, characters (its `commentTextTooLong` past it). */
const COMMENT_MAX = 10_000;
const READ_SCOPES = [['https://www.googleapis.com/auth/youtube.readonly', 'https://www.googleapis.com/auth/youtube', 'https://www.googleapis.com/auth/youtube.force-ssl']];

/** A resumable upload session (persisted in the `youtube.sessions` table). */
interface UploadSession {
  uploadId: string;
  parts: string[];
  title: string;
  description: string;
  categoryId: string;
  madeForKids: boolean;
  /** X-Upload-Content-Length, when given. */
  totalBytes: number | null;
  contentType: string;
  /** Bytes received so far (in the part file). */
  received: number;
  partFile: string;
  /** Set when the upload finished: the video's id. */
  videoId?: string;
}

const sessions = (ctx: SandboxContext) => ctx.publishing.table<UploadSession>('youtube.sessions');

/** A Google API error with its `reason`. */
function googleError(status: number, reason: string, message: string): SandboxResponse {
  const grpc: Record<number, string> = { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND' };
  return json(status, { error: { code: status, message, errors: [{ message, domain: 'youtube.video', reason }], status: grpc[status] ?? 'UNKNOWN' } });
}

/** The video resource of a finished upload, with the parts asked. */
function videoResource(ctx: SandboxContext, post: FeedPost, session: Pick<UploadSession, 'parts' | 'categoryId' | 'madeForKids'>): Record<string, unknown> {
  const thumbnail = avatarUrl(ctx, 'youtube');
  return {
    kind: 'youtube#video',
    etag: randomBytes(12).toString('base64url'),
    id: post.id,
    ...(session.parts.includes('snippet')
      ? {
          snippet: {
            publishedAt: post.time,
            channelId: YOUTUBE_CHANNEL.id,
            title: post.title ?? '',
            description: post.text,
            thumbnails: { default: { url: thumbnail, width: 120, height: 90 }, medium: { url: thumbnail, width: 320, height: 180 }, high: { url: thumbnail, width: 480, height: 360 } },
            channelTitle: YOUTUBE_CHANNEL.title,
            categoryId: session.categoryId,
            liveBroadcastContent: 'none',
            localized: { title: post.title ?? '', description: post.text },
          },
        }
      : {}),
    ...(session.parts.includes('status')
      ? { status: { uploadStatus: 'uploaded', privacyStatus: 'private', license: 'youtube', embeddable: true, publicStatsViewable: true, selfDeclaredMadeForKids: session.madeForKids } }
      : {}),
  };
}

function startSession(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  if (req.query.get('uploadType') !== 'resumable') return googleError(400, 'badRequest', 'The Red de pruebas serves only uploadType=resumable.');
  const parts = (req.query.get('part') ?? '').split(',').filter((part) => part !== '');
  if (parts.length === 0) return googleError(400, 'required', 'Required parameter: part');
  if (parts.some((part) => !['snippet', 'status', 'id', 'contentDetails', 'localizations', 'recordingDetails'].includes(part))) {
    return googleError(400, 'unexpectedPart', `The request specifies an unexpected value for the part parameter: ${req.query.get('part')}`);
  }
  const snippet = objectField(req.body, 'snippet');
  const status = objectField(req.body, 'status');
  const title = stringField(snippet, 'title') ?? '';
  const description = stringField(snippet, 'description') ?? '';
  if (!title.trim() || codePoints(title) > 100 || /[<>]/.test(title)) return googleError(400, 'invalidTitle', 'The request metadata specifies an invalid or empty video title.');
  if (Buffer.byteLength(description) > 5000 || /[<>]/.test(description)) return googleError(400, 'invalidDescription', 'The request metadata specifies an invalid video description.');
  const categoryId = stringField(snippet, 'categoryId') ?? '22';
  if (!/^\d+$/.test(categoryId)) return googleError(400, 'invalidCategoryId', 'The snippet.categoryId property specifies an invalid category ID.');
  const privacy = stringField(status, 'privacyStatus') ?? 'public';
  if (!['public', 'private', 'unlisted'].includes(privacy)) return googleError(400, 'invalidPrivacyStatus', 'The privacyStatus property specifies an invalid value.');
  const lengthHeader = req.headers['x-upload-content-length'];
  const totalBytes = typeof lengthHeader === 'string' && lengthHeader !== '' ? Number(lengthHeader) : null;
  if (totalBytes !== null && (!Number.isInteger(totalBytes) || totalBytes <= 0)) return googleError(400, 'badRequest', 'X-Upload-Content-Length must be a positive number of bytes.');
  const contentType = String(req.headers['x-upload-content-type'] ?? 'application/octet-stream').toLowerCase();
  if (!contentType.startsWith('video/') && contentType !== 'application/octet-stream') {
    return googleError(400, 'mediaTypeNotSupported', `Media type '${contentType}' is not supported. Valid media types: [video/*, application/octet-stream]`);
  }
  const uploadId = `AD${randomBytes(24).toString('base64url')}`;
  sessions(ctx).set(uploadId, {
    uploadId,
    parts,
    title,
    description,
    categoryId,
    madeForKids: status?.selfDeclaredMadeForKids === true,
    totalBytes,
    contentType,
    received: 0,
    partFile: ctx.media.partPath(`youtube-${uploadId}`),
  });
  const location = `${ctx.origin}/youtube/upload/videos?uploadType=resumable&part=${parts.join(',')}&upload_id=${uploadId}`;
  return { ...empty(200), headers: { ...empty(200).headers, location, 'x-guploader-uploadid': uploadId } };
}

/** `Content-Range` of a PUT: `bytes a-b/total`, `bytes *\/total` (a status check), or absent. */
function contentRange(req: SandboxRequest): { start: number; end: number; total: number | null } | { status: true; total: number | null } | null | 'invalid' {
  const header = req.headers['content-range'];
  if (header === undefined) return null;
  const status = /^bytes \*\/(\d+|\*)$/.exec(header.trim());
  if (status) return { status: true, total: status[1] === '*' ? null : Number(status[1]) };
  const chunk = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim());
  if (!chunk) return 'invalid';
  return { start: Number(chunk[1]), end: Number(chunk[2]), total: chunk[3] === '*' ? null : Number(chunk[3]) };
}

const incomplete = (session: UploadSession): SandboxResponse => ({
  status: 308,
  headers: { 'cache-control': 'no-store', ...(session.received > 0 ? { range: `bytes=0-${session.received - 1}` } : {}), 'x-guploader-uploadid': session.uploadId },
  body: '',
});

/** The publishing step a PUT to a session is (./faults.ts): status check, partial upload or the finishing create. */
export function sessionOperation(req: SandboxRequest): string {
  const range = contentRange(req);
  if (range === 'invalid' || (range !== null && 'status' in range) || !req.raw) return 'status';
  if (range === null || range.total === null) return range === null ? 'create' : 'upload';
  return range.end + 1 === range.total ? 'create' : 'upload';
}

async function putSession(ctx: SandboxContext, req: SandboxRequest): Promise<SandboxResponse> {
  const session = sessions(ctx).get(req.query.get('upload_id') ?? '');
  if (!session) return googleError(404, 'notFound', 'The upload session was not found or has expired.');
  const done = session.videoId ? ctx.publishing.post('youtube', session.videoId) : undefined;
  if (done) return json(200, videoResource(ctx, done, session));
  const range = contentRange(req);
  if (range === 'invalid') return googleError(400, 'badRequest', 'Invalid Content-Range header.');
  if (range !== null && 'status' in range) return incomplete(session);
  const size = req.raw?.size ?? 0;
  if (size === 0) return incomplete(session);
  const start = range?.start ?? 0;
  const total = range ? range.total : size;
  if (range && range.end - range.start + 1 !== size) return googleError(400, 'badRequest', 'Content-Range does not match the body length.');
  if (total !== null && session.totalBytes !== null && total !== session.totalBytes) return googleError(400, 'badRequest', 'The upload size does not match X-Upload-Content-Length.');
  // A chunk that does not continue the session: the client resumes from the Range it is told.
  if (start !== session.received) return incomplete(session);
  await pipeline(createReadStream(req.raw?.path ?? ''), createWriteStream(session.partFile, { flags: 'a' }));
  const received = session.received + size;
  if (total === null || received < total) {
    const updated = { ...session, received };
    sessions(ctx).set(session.uploadId, updated);
    return incomplete(updated);
  }
  const record = await ctx.media.keep(session.partFile, session.contentType === 'application/octet-stream' ? '' : session.contentType);
  const videoId = randomCode(11);
  const post = ctx.publishing.addPost({
    network: 'youtube',
    id: videoId,
    target: { id: YOUTUBE_CHANNEL.id, name: YOUTUBE_CHANNEL.title },
    title: session.title,
    text: session.description,
    media: [feedMedia(record)],
    url: `https://www.youtube.com/watch?v=${videoId}`,
    visibility: 'private',
  });
  sessions(ctx).set(session.uploadId, { ...session, received, videoId });
  await rm(session.partFile, { force: true });
  return json(201, videoResource(ctx, post, session));
}

function listVideos(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  const parts = (req.query.get('part') ?? '').split(',').filter((part) => part !== '');
  if (parts.length === 0) return googleError(400, 'required', 'Required parameter: part');
  const ids = (req.query.get('id') ?? '').split(',').filter((id) => id !== '');
  if (ids.length === 0) return googleError(400, 'missingRequiredParameter', 'No filter selected. Expected one of: id, myRating, chart.');
  const items = ids
    .map((id) => ctx.publishing.post('youtube', id))
    .filter((post): post is FeedPost => post !== undefined)
    .map((post) => videoResource(ctx, post, { parts, categoryId: '22', madeForKids: false }));
  return json(200, { kind: 'youtube#videoListResponse', etag: randomBytes(12).toString('base64url'), items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } });
}

/** A comment resource (snippet part) of a thread's message. */
function commentResource(ctx: SandboxContext, thread: Thread, message: ThreadMessage): Record<string, unknown> {
  const brand = message.from === 'brand';
  const author = brand ? { id: YOUTUBE_CHANNEL.id, name: YOUTUBE_CHANNEL.title } : { id: thread.customer.id, name: thread.customer.name };
  return {
    kind: 'youtube#comment',
    etag: randomBytes(12).toString('base64url'),
    id: message.id,
    snippet: {
      channelId: thread.targetId,
      videoId: thread.postId,
      textDisplay: message.text,
      textOriginal: message.text,
      ...(message.id === thread.commentId ? {} : { parentId: thread.commentId }),
      authorDisplayName: author.name,
      authorProfileImageUrl: avatarUrl(ctx, 'youtube'),
      authorChannelUrl: `http://www.youtube.com/channel/${author.id}`,
      authorChannelId: { value: author.id },
      canRate: true,
      viewerRating: 'none',
      likeCount: 0,
      publishedAt: message.time,
      updatedAt: message.time,
    },
  };
}

/** A commentThread resource with the parts asked. */
function threadResource(ctx: SandboxContext, thread: Thread, parts: readonly string[]): Record<string, unknown> {
  const [top, ...rest] = thread.messages;
  const replies = rest.map((message) => commentResource(ctx, thread, message));
  return {
    kind: 'youtube#commentThread',
    etag: randomBytes(12).toString('base64url'),
    id: thread.id,
    ...(parts.includes('snippet')
      ? {
          snippet: {
            channelId: thread.targetId,
            videoId: thread.postId,
            topLevelComment: top ? commentResource(ctx, thread, top) : undefined,
            canReply: true,
            totalReplyCount: replies.length,
            isPublic: true,
          },
        }
      : {}),
    ...(parts.includes('replies') && replies.length > 0 ? { replies: { comments: replies } } : {}),
  };
}

const THREAD_PARTS = ['id', 'snippet', 'replies'];

function listCommentThreads(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  const parts = (req.query.get('part') ?? '').split(',').filter((part) => part !== '');
  if (parts.length === 0) return googleError(400, 'required', 'Required parameter: part');
  if (parts.some((part) => !THREAD_PARTS.includes(part))) return googleError(400, 'unexpectedPart', `The request specifies an unexpected value for the part parameter: ${req.query.get('part')}`);
  const channel = req.query.get('allThreadsRelatedToChannelId');
  const videoId = req.query.get('videoId');
  const ids = req.query.get('id');
  const filters = [channel, videoId, ids].filter((filter) => filter !== null);
  if (filters.length !== 1) return googleError(400, filters.length === 0 ? 'missingRequiredParameter' : 'incompatibleParameters', 'Expected exactly one of: allThreadsRelatedToChannelId, id, videoId.');
  if (channel !== null && channel !== YOUTUBE_CHANNEL.id) return googleError(404, 'channelNotFound', 'The channel identified by the allThreadsRelatedToChannelId parameter could not be found.');
  if (videoId !== null && !ctx.publishing.post('youtube', videoId)) return googleError(404, 'videoNotFound', 'The video identified by the videoId parameter could not be found.');
  const wanted = ids === null ? null : new Set(ids.split(','));
  const all = listThreads(ctx, 'youtube')
    .filter((thread) => (wanted ? wanted.has(thread.id) : videoId !== null ? thread.postId === videoId : thread.targetId === channel))
    // order=time (the default): newest first.
    .reverse();
  const maxResults = Number.parseInt(req.query.get('maxResults') ?? '20', 10);
  if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 100) return googleError(400, 'invalidParameter', 'maxResults must be from 1 to 100.');
  const token = req.query.get('pageToken');
  const start = token ? Number.parseInt(Buffer.from(token, 'base64url').toString('utf8'), 10) : 0;
  if (!Number.isInteger(start) || start < 0 || start > all.length) return googleError(400, 'invalidPageToken', 'The request specifies an invalid page token.');
  const items = all.slice(start, start + maxResults).map((thread) => threadResource(ctx, thread, parts));
  const next = start + items.length < all.length ? Buffer.from(String(start + items.length)).toString('base64url') : undefined;
  return json(200, {
    kind: 'youtube#commentThreadListResponse',
    etag: randomBytes(12).toString('base64url'),
    ...(next ? { nextPageToken: next } : {}),
    pageInfo: { totalResults: all.length, resultsPerPage: maxResults },
    items,
  });
}

function insertComment(call: ApiCall): SandboxResponse {
  const { ctx, req } = call;
  if (!(req.query.get('part') ?? '').split(',').includes('snippet')) return googleError(400, 'required', 'Required parameter: part');
  const snippet = objectField(req.body, 'snippet');
  const parentId = stringField(snippet, 'parentId') ?? '';
  const text = stringField(snippet, 'textOriginal') ?? '';
  if (!parentId) return googleError(400, 'parentIdMissing', 'The comment must be linked to a parent comment: snippet.parentId is missing.');
  if (!text.trim()) return googleError(400, 'commentTextRequired', 'The comment resource must specify a value for the snippet.textOriginal property.');
  if (codePoints(text) > COMMENT_MAX) return googleError(400, 'commentTextTooLong', 'The comment resource contains too many characters in the snippet.textOriginal property.');
  const thread = threads(ctx).get(parentId);
  if (!thread || thread.network !== 'youtube') return googleError(404, 'parentCommentNotFound', 'The specified parent comment could not be found.');
  const id = `${parentId}.${randomBytes(17).toString('base64url').slice(0, 22)}`;
  addBrandMessage(ctx, thread, id, text);
  return json(200, commentResource(ctx, thread, { id, from: 'brand', text, time: youtubeTime(ctx.publishing.now()) }));
}

/** YouTube's routes under `/youtube/api`: videos, comment threads, comment replies. */
export const YOUTUBE_API_ROUTES: readonly TokenRoute[] = [
  { method: 'GET', path: '/videos', operation: 'read', scopes: READ_SCOPES, handle: listVideos },
  { method: 'GET', path: '/commentThreads', operation: 'comments', scopes: READ_SCOPES, handle: listCommentThreads },
  { method: 'POST', path: '/comments', operation: 'reply', scopes: [FORCE_SSL], handle: insertComment },
];

/** YouTube's resumable upload under `/youtube/upload` (the app's `urls.upload`). */
export const YOUTUBE_UPLOAD_ROUTES: readonly (TokenRoute | OwnAuthRoute)[] = [
  { method: 'POST', path: '/videos', operation: 'session', scopes: UPLOAD_SCOPES, handle: startSession },
  // The session URI is the credential, as Google's is: the PUTs need no token.
  { method: 'PUT', path: '/videos', operation: sessionOperation, ownAuth: (ctx, _network, req) => putSession(ctx, req) },
];
