/**
 * YouTube publishing (lambdas/platform/social/publish/youtube.ts) against the resumable upload's
 * documented shapes: the session (snippet, status, X-Upload-* headers, Location), the chunks but
 * the last in prepare (308 + Range), the last chunk as the visible create, resuming from what the
 * session holds, Google's quota error, and findPublished from the session status.
 */
import { describe, expect, it } from 'vitest';
import { createPublication, findPublished, NetworkError, NotReady, OutcomeUnknown, preparePublication, RateLimited, type Prepared } from '../../../../../../lambdas/platform/social';
import { nextPacificMidnight } from '../../../../../../lambdas/platform/social/publish/rates';
import { titleOf, UPLOAD_CHUNK, UPLOAD_RETRY_MS } from '../../../../../../lambdas/platform/social/publish/youtube';
import { appFor, BEARER, failureOf, json, mediaBytes, medium, NOW, optionsWith, recordingFetch, requestFor, type Route } from './fake';

const UPLOAD = 'https://www.googleapis.com/upload/youtube/v3';
const SESSION = `${UPLOAD}/videos?uploadType=resumable&upload_id=xa298sd_f&part=snippet,status`;
const app = appFor('youtube');
const small = medium('video', 3000);
const ytRequest = (overrides = {}) => requestFor('youtube', { target: { id: 'UC123', kind: 'channel' }, media: [small], title: 'Nuestro vídeo', privacy: 'private', ...overrides });
const VIDEO = { kind: 'youtube#video', id: 'dQw4w9WgXcQ', snippet: { title: 'Nuestro vídeo' }, status: { privacyStatus: 'private', uploadStatus: 'uploaded' } };
const incomplete = (last?: number) => new Response(null, { status: 308, headers: last === undefined ? {} : { range: `bytes=0-${last}` } });

/** YouTube: sessions at SESSION; chunk PUTs answer what the session then holds; `onStatus` answers status queries. */
function youtubeApi(onStatus: () => Response = () => incomplete()): Route {
  return (r) => {
    if (r.method === 'POST') return new Response(null, { status: 200, headers: { location: SESSION } });
    const range = r.headers['content-range'] ?? '';
    if (range.startsWith('bytes */')) return onStatus();
    const [, end, total] = /bytes \d+-(\d+)\/(\d+)/.exec(range) ?? [];
    return Number(end) + 1 === Number(total) ? json(VIDEO, 201) : incomplete(Number(end));
  };
}

describe('YouTube prepare and create', () => {
  it('opens the resumable session as documented, then the visible PUT of the whole (small) video', async () => {
    const { fetch, sent } = recordingFetch(youtubeApi());
    const options = optionsWith(fetch);
    const prepared = await preparePublication(app, ytRequest(), undefined, options);
    expect(prepared).toEqual({ v: 1, preparedAt: NOW, ready: true, network: 'youtube', sessionUri: SESSION, received: 0 });
    const [session] = sent;
    expect([session?.method, session?.endpoint, session?.query, session?.headers.authorization]).toEqual(['POST', `${UPLOAD}/videos`, { uploadType: 'resumable', part: 'snippet,status' }, BEARER]);
    expect([session?.headers['x-upload-content-length'], session?.headers['x-upload-content-type'], session?.headers['content-type']]).toEqual(['3000', 'video/mp4', 'application/json; charset=UTF-8']);
    expect(session?.json).toEqual({
      snippet: { title: 'Nuestro vídeo', description: 'Hola desde Director IA', categoryId: '22' },
      status: { privacyStatus: 'private', selfDeclaredMadeForKids: false },
    });
    expect(await createPublication(app, ytRequest(), prepared, options)).toEqual({ postId: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const put = sent[1];
    expect([put?.method, put?.url.toString(), put?.headers.authorization, put?.headers['content-range'], put?.headers['content-type']]).toEqual([
      'PUT',
      SESSION,
      BEARER,
      'bytes 0-2999/3000',
      'video/mp4',
    ]);
    expect(put?.bytes).toEqual(mediaBytes(3000));
  });

  it('a large video: every chunk but the last in prepare (308 + Range), the last one in create', async () => {
    const size = UPLOAD_CHUNK + 1000;
    const request = ytRequest({ media: [medium('video', size)] });
    const { fetch, sent } = recordingFetch(youtubeApi());
    const options = optionsWith(fetch);
    const prepared = await preparePublication(app, request, undefined, options);
    expect(prepared).toMatchObject({ sessionUri: SESSION, received: UPLOAD_CHUNK });
    expect(sent.map((r) => r.headers['content-range'])).toEqual([undefined, `bytes 0-${UPLOAD_CHUNK - 1}/${size}`]);
    await createPublication(app, request, prepared, options);
    expect(sent.at(-1)?.headers['content-range']).toBe(`bytes ${UPLOAD_CHUNK}-${size - 1}/${size}`);
    expect(sent.at(-1)?.bytes).toEqual(mediaBytes(size).slice(UPLOAD_CHUNK));
  });

  it('resumes: asks the session what it holds and goes on; a session YouTube forgot is opened again', async () => {
    const size = UPLOAD_CHUNK + 10;
    const request = ytRequest({ media: [medium('video', size)] });
    const previous: Prepared = { v: 1, preparedAt: NOW - 5000, ready: true, network: 'youtube', sessionUri: SESSION, received: 0 };
    const { fetch, sent } = recordingFetch(youtubeApi(() => incomplete(UPLOAD_CHUNK - 1)));
    expect(await preparePublication(app, request, previous, optionsWith(fetch))).toEqual({ ...previous, received: UPLOAD_CHUNK });
    expect(sent.map((r) => [r.method, r.headers['content-range']])).toEqual([['PUT', `bytes */${size}`]]);
    const { fetch: forgot, sent: again } = recordingFetch(youtubeApi(() => new Response('Not Found', { status: 404 })));
    expect(await preparePublication(app, request, previous, optionsWith(forgot))).toMatchObject({ received: UPLOAD_CHUNK, preparedAt: NOW - 5000 });
    expect(again.map((r) => r.method)).toEqual(['PUT', 'POST', 'PUT']);
  });

  it('a chunk without an answer is not repeated: NotReady with the session and what it holds', async () => {
    const size = 2 * UPLOAD_CHUNK + 10;
    const request = ytRequest({ media: [medium('video', size)] });
    const base = youtubeApi(() => incomplete(UPLOAD_CHUNK - 1));
    const { fetch, sent } = recordingFetch((r) => (r.headers['content-range']?.startsWith(`bytes ${UPLOAD_CHUNK}-`) ? new Response('backend error', { status: 503 }) : base(r)));
    const error = await failureOf(preparePublication(app, request, undefined, optionsWith(fetch)));
    expect(error).toBeInstanceOf(NotReady);
    expect(error).toMatchObject({ kind: 'unavailable', retryAt: NOW + UPLOAD_RETRY_MS });
    expect((error as NotReady).prepared).toEqual({ v: 1, preparedAt: NOW, ready: false, network: 'youtube', sessionUri: SESSION, received: UPLOAD_CHUNK });
    expect(sent.map((r) => r.headers['content-range'])).toEqual([undefined, `bytes 0-${UPLOAD_CHUNK - 1}/${size}`, `bytes ${UPLOAD_CHUNK}-${2 * UPLOAD_CHUNK - 1}/${size}`]);
    const { fetch: back, sent: resumed } = recordingFetch(base);
    expect(await preparePublication(app, request, (error as NotReady).prepared, optionsWith(back))).toMatchObject({ ready: true, received: 2 * UPLOAD_CHUNK });
    expect(resumed.map((r) => r.headers['content-range'])).toEqual([`bytes */${size}`, `bytes ${UPLOAD_CHUNK}-${2 * UPLOAD_CHUNK - 1}/${size}`]);
  });

  it("uses the app's upload URL (the sandbox) and refuses a session URI on another origin", async () => {
    const sandbox = { ...app, urls: { ...app.urls, upload: 'http://sandbox.example.test:9010/youtube/upload' } };
    const { fetch, sent } = recordingFetch(youtubeApi());
    const error = await failureOf(preparePublication(sandbox, ytRequest(), undefined, optionsWith(fetch)));
    expect(sent[0]?.endpoint).toBe('http://sandbox.example.test:9010/youtube/upload/videos');
    expect(error).toMatchObject({ name: 'NetworkError', kind: 'unavailable' });
    expect(sent).toHaveLength(1);
  });

  it("Google's quota error: RateLimited (the app's quota) until midnight Pacific", async () => {
    const { fetch } = recordingFetch(() =>
      json(
        {
          error: {
            code: 403,
            message: 'The request cannot be completed because you have exceeded your quota.',
            errors: [{ message: 'The request cannot be completed because you have exceeded your quota.', domain: 'youtube.quota', reason: 'quotaExceeded' }],
          },
        },
        403,
      ),
    );
    const error = await failureOf(preparePublication(app, ytRequest(), undefined, optionsWith(fetch)));
    expect(error).toBeInstanceOf(RateLimited);
    expect(error).toMatchObject({ scope: 'app', retryAt: nextPacificMidnight(NOW) });
  });

  it('the last PUT: a 308 is unavailable (bytes missing, nothing published); a 503 is OutcomeUnknown after one attempt', async () => {
    const prepared: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'youtube', sessionUri: SESSION, received: 0 };
    const { fetch } = recordingFetch(() => incomplete(100));
    expect(await failureOf(createPublication(app, ytRequest(), prepared, optionsWith(fetch)))).toMatchObject({ name: 'NetworkError', kind: 'unavailable', status: 308 });
    const { fetch: down, sent } = recordingFetch(() => new Response('backend error', { status: 503 }));
    const error = await failureOf(createPublication(app, ytRequest(), prepared, optionsWith(down)));
    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect((error as OutcomeUnknown).prepared).toEqual(prepared);
    expect(sent).toHaveLength(1);
  });

  it('the title defaults to the first line of the text, at most 100 characters', () => {
    expect(titleOf(ytRequest({ title: undefined, text: 'Primera línea\nresto' }))).toBe('Primera línea');
    expect([...titleOf(ytRequest({ title: 'é'.repeat(150) }))]).toHaveLength(100);
  });
});

describe('YouTube findPublished', () => {
  const prepared: Prepared = { v: 1, preparedAt: NOW, ready: true, network: 'youtube', sessionUri: SESSION, received: 0 };

  it.each<[string, () => Response, unknown]>([
    ['complete: the video', () => json(VIDEO, 200), { postId: 'dQw4w9WgXcQ', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }],
    ['incomplete (308): null', () => incomplete(99), null],
    ['a session YouTube no longer knows: unknowable', () => new Response(null, { status: 410 }), 'unknowable'],
  ])('asks the session with an empty PUT and Content-Range */total; %s', async (_case, answer, expected) => {
    const { fetch, sent } = recordingFetch(answer);
    expect(await findPublished(app, ytRequest(), prepared, optionsWith(fetch))).toEqual(expected);
    expect(sent.map((r) => [r.method, r.url.toString(), r.headers['content-range'], r.headers.authorization, r.bytes])).toEqual([['PUT', SESSION, 'bytes */3000', BEARER, undefined]]);
  });

  it('a refused token is NetworkError invalid_grant', async () => {
    const { fetch } = recordingFetch(() => json({ error: { code: 401, message: 'Invalid Credentials', errors: [{ reason: 'authError', domain: 'global' }] } }, 401));
    const error = await failureOf(findPublished(app, ytRequest(), prepared, optionsWith(fetch)));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'invalid_grant', detail: 'Invalid Credentials' });
  });
});
