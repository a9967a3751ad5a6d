/**
 * YouTube (Data API v3 resumable uploads at the app's `urls.upload`, the user's token as Bearer).
 * One video per post; the bytes are read from our URL one chunk at a time (./media.ts).
 * - prepare (invisible): the session, `POST ${upload}/videos?uploadType=resumable&part=snippet,status`
 *   JSON `{snippet: {title, description, categoryId: "22"}, status: {privacyStatus,
 *   selfDeclaredMadeForKids: false}}` with `X-Upload-Content-Length` and `X-Upload-Content-Type` →
 *   200 and `Location`, the session URI (accepted on the upload URL's origin only: it gets our
 *   token); then every chunk but the last (UPLOAD_CHUNK bytes, a multiple of 256 KiB),
 *   `PUT <session>` with `Content-Range: bytes a-b/total` → 308 with `Range: bytes=0-n`, what
 *   YouTube holds (the next chunk starts after it). A chunk without an answer is not repeated
 *   blindly: NotReady carries the session and what it held. A resume first asks the session (a
 *   status query: `Content-Range` with `*` for the range, and the total size) and goes on from
 *   what it holds; a session YouTube no longer knows (404, 410) is opened again.
 * - create, visible: the last chunk (the whole video when it fits in one) → 200/201
 *   `{id, snippet, status}`; a 308 (bytes missing) is `unavailable`: nothing was published and
 *   prepare resumes. When the session already holds every byte, create asks it for the video.
 * - findPublished: the session's status query: 308 → null (incomplete: resume it), 200/201 → the
 *   video, 404/410 → `unknowable`.
 * `title` defaults to the text's first line (YouTube allows 100 characters). `privacy: private` →
 * privacyStatus private (an unverified API project's uploads are private whatever is asked).
 * URL `https://www.youtube.com/watch?v={id}`.
 */
import * as z from 'zod/mini';
import { NetworkError, type NetworkApp } from '../types';
import { configuredUrl } from '../call';
import { handedUrl, parsed, parsedVisible, preparedBase, publishCall, requireReady, sendPublish, unsupported } from './call';
import { publishFailure } from './errors';
import { MEDIA_TIMEOUT_MS, readMedia, type ByteRange } from './media';
import { NotReady, type MediaItem, type Prepared, type PreparedOf, type PublishAdapter, type PublishOptions, type PublishRequest, type Published } from './types';

/** Bytes per PUT of a resumable upload (a multiple of 256 KiB, as YouTube requires). */
export const UPLOAD_CHUNK = 32 * 256 * 1024;
/** When to resume an interrupted upload, ms. */
export const UPLOAD_RETRY_MS = 10_000;
/** YouTube's longest title. */
export const MAX_TITLE = 100;

const VideoAnswer = z.object({ id: z.string() });

function videoOf(request: PublishRequest): MediaItem {
  const [video] = request.media;
  if (request.media.length !== 1 || video?.kind !== 'video') throw unsupported('youtube', 'a post that is not exactly one video');
  return video;
}

/** The video's title: the request's, else the text's first line, at most MAX_TITLE characters. */
export function titleOf(request: PublishRequest): string {
  const title = (request.title ?? request.text.split('\n')[0] ?? '').trim();
  const characters = [...title];
  return characters.length > MAX_TITLE ? characters.slice(0, MAX_TITLE).join('') : title;
}

const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
const uploadBase = (app: NetworkApp): string => {
  if (!app.urls.upload) throw new NetworkError('youtube', 'unavailable', 'no upload URL configured');
  return app.urls.upload;
};

/** How much a `Range: bytes=0-n` header says YouTube holds (0 without one). */
function receivedOf(headers: Headers): number {
  const match = /bytes=0-(\d+)/.exec(headers.get('range') ?? '');
  return match ? Number(match[1]) + 1 : 0;
}

type SessionState = { kind: 'incomplete'; received: number } | { kind: 'complete'; published: Published } | { kind: 'gone' };

/** Asks the session what it holds (see the module header). */
async function sessionState(request: PublishRequest, sessionUri: string, total: number, options: PublishOptions): Promise<SessionState> {
  const call = {
    network: 'youtube' as const,
    resource: 'PUT session status',
    url: sessionUri,
    method: 'PUT' as const,
    bearer: request.accessToken,
    headers: { 'content-range': `bytes */${total}` },
    answerStatuses: [308],
  };
  const answer = await sendPublish(call, options);
  if (answer.status === 308) return { kind: 'incomplete', received: receivedOf(answer.headers) };
  if (answer.status === 404 || answer.status === 410) return { kind: 'gone' };
  const failure = publishFailure('youtube', answer, (options.now ?? Date.now)(), [request.accessToken]);
  if (failure) throw failure;
  const { id } = parsed('youtube', VideoAnswer, answer.body, 'upload session');
  return { kind: 'complete', published: { postId: id, url: watchUrl(id) } };
}

async function openSession(app: NetworkApp, request: PublishRequest, video: MediaItem, options: PublishOptions): Promise<string> {
  const base = uploadBase(app);
  const answer = await publishCall(
    {
      network: 'youtube',
      resource: 'POST /videos resumable',
      url: configuredUrl('youtube', base, '/videos', { uploadType: 'resumable', part: 'snippet,status' }).toString(),
      method: 'POST',
      bearer: request.accessToken,
      headers: { 'x-upload-content-length': String(video.size), 'x-upload-content-type': video.contentType },
      json: {
        snippet: { title: titleOf(request), description: request.text, categoryId: '22' },
        status: { privacyStatus: request.privacy === 'private' ? 'private' : 'public', selfDeclaredMadeForKids: false },
      },
    },
    options,
  );
  const location = answer.headers.get('location');
  if (!location) throw new NetworkError('youtube', 'unavailable', 'upload session without Location');
  return handedUrl('youtube', location, [base]);
}

/**
 * One chunk PUT: invisible (every chunk but the last) or the visible last one (`visible` set).
 * Never repeated by the client: after a failure YouTube is asked what it holds instead.
 */
function putChunk(request: PublishRequest, sessionUri: string, video: MediaItem, range: ByteRange, bytes: Uint8Array<ArrayBuffer>, options: PublishOptions, visible?: Prepared) {
  return publishCall(
    {
      network: 'youtube',
      resource: 'PUT upload chunk',
      url: sessionUri,
      method: 'PUT',
      bearer: request.accessToken,
      headers: { 'content-range': `bytes ${range.start}-${range.end}/${video.size}` },
      bytes: { data: bytes, contentType: video.contentType },
      answerStatuses: [308],
      timeoutMs: MEDIA_TIMEOUT_MS,
      retry: false,
      ...(visible ? { visible, key: request.idempotencyKey } : {}),
    },
    options,
  );
}

export const youtube: PublishAdapter<'youtube'> = {
  async prepare(app, request, previous, options) {
    const base = preparedBase(previous, options);
    const video = videoOf(request);
    const state = (sessionUri: string, received: number): PreparedOf<'youtube'> => ({ ...base, ready: true, network: 'youtube', sessionUri, received });
    let sessionUri = previous?.sessionUri;
    let received = 0;
    if (sessionUri) {
      const session = await sessionState(request, sessionUri, video.size, options);
      if (session.kind === 'complete') return state(sessionUri, video.size);
      if (session.kind === 'gone') sessionUri = undefined;
      else received = session.received;
    }
    sessionUri ??= await openSession(app, request, video, options);
    while (video.size - received > UPLOAD_CHUNK) {
      const range = { start: received, end: received + UPLOAD_CHUNK - 1 };
      let answer;
      try {
        answer = await putChunk(request, sessionUri, video, range, await readMedia('youtube', video, options, range), options);
      } catch (error) {
        // What the session holds is kept: the next prepare asks it and goes on from there.
        if (!(error instanceof NetworkError) || error.kind !== 'unavailable') throw error;
        const progress = { ...state(sessionUri, received), ready: false };
        throw new NotReady('youtube', `upload interrupted: ${error.detail}`, progress, (options.now ?? Date.now)() + UPLOAD_RETRY_MS);
      }
      const next = receivedOf(answer.headers);
      if (answer.status !== 308 || next <= received) throw new NetworkError('youtube', 'unavailable', `upload did not advance (HTTP ${answer.status})`, { status: answer.status });
      received = next;
    }
    return state(sessionUri, received);
  },

  async create(_app, request, prepared, options) {
    requireReady(prepared);
    const video = videoOf(request);
    if (prepared.received >= video.size) {
      const session = await sessionState(request, prepared.sessionUri, video.size, options);
      if (session.kind !== 'complete') throw new NetworkError('youtube', 'unavailable', 'the upload session does not hold the video');
      return session.published;
    }
    const range = { start: prepared.received, end: video.size - 1 };
    const bytes = await readMedia('youtube', video, options, range);
    const answer = await putChunk(request, prepared.sessionUri, video, range, bytes, options, prepared);
    if (answer.status === 308) throw new NetworkError('youtube', 'unavailable', 'YouTube still misses bytes of the video', { status: 308 });
    const { id } = parsedVisible('youtube', VideoAnswer, answer.body, 'video', prepared);
    return { postId: id, url: watchUrl(id) };
  },

  async findPublished(_app, request, prepared, options) {
    const session = await sessionState(request, prepared.sessionUri, videoOf(request).size, options);
    if (session.kind === 'complete') return session.published;
    return session.kind === 'gone' ? 'unknowable' : null;
  },
};
