/**
 * YouTube comments in the "Red de pruebas" (issue 14, ../../../../../../infra/local/social-sandbox/youtube.ts
 * and inbox.ts): a customer's comment on a channel video (`/__sandbox/dm` network youtube, or the
 * `/youtube/inbox` page) is kept with no webhook delivery; `commentThreads.list` answers it newest
 * first, paged, in the documented shape; `comments.insert` (force-ssl only) replies into the thread;
 * Google-shaped errors for a missing scope, a missing parent, an empty or too long text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YOUTUBE_CHANNEL } from '../../../../../../infra/local/social-sandbox/accounts';
import { callApi, connect, connectWith, hook, postJson, send, startTestSandbox, type TestSandbox } from '../support';

let t: TestSandbox;
let token: string;

beforeAll(async () => {
  t = await startTestSandbox();
  token = (await connect(t.sandbox, 'youtube')).body.access_token;
});
afterAll(async () => t?.close());

const comment = (body: Record<string, unknown>) => hook(t.sandbox, 'dm', { network: 'youtube', ...body });
const listThreads = (query: string, bearer = token) => callApi(t.sandbox, 'youtube', `/commentThreads?part=snippet&${query}`, bearer);
const reply = (body: unknown, bearer = token) => postJson(`${t.sandbox.apps().youtube.urls.api}/comments?part=snippet`, bearer, body);

describe('YouTube comments in the sandbox', () => {
  it('a comment with no video in the feed goes to a sample video; no delivery, with the reason', async () => {
    const written = await comment({ customer: { name: 'Lola Vídeos' }, text: '¿Dónde se compra?' });
    expect(written.status).toBe(200);
    expect(written.body).toMatchObject({ delivery: null, reason: 'YouTube no envía webhooks de comentarios: el producto los lee' });
    const { thread } = written.body;
    expect(thread).toMatchObject({ network: 'youtube', kind: 'comment', targetId: YOUTUBE_CHANNEL.id, customer: { name: 'Lola Vídeos', id: expect.stringMatching(/^UC[\w-]{22}$/) } });
    expect(thread.id).toBe(thread.commentId);
    const videos = (await send(`${t.sandbox.url}/__sandbox/posts?network=youtube`)).body.posts;
    expect(videos.map((video: { id: string }) => video.id)).toEqual([thread.postId]);
    // Whole seconds, as YouTube's publishedAt.
    expect(thread.messages[0].time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('commentThreads.list: the channel’s threads newest first in the documented shape, paged with nextPageToken', async () => {
    const first = await comment({ customer: { name: 'Pablo' }, text: 'Primero' });
    const second = await comment({ customer: { name: 'Marta' }, text: 'Segundo', postId: first.body.thread.postId });
    const page = await listThreads(`allThreadsRelatedToChannelId=${YOUTUBE_CHANNEL.id}&order=time&maxResults=2`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ kind: 'youtube#commentThreadListResponse', pageInfo: { totalResults: 3, resultsPerPage: 2 }, nextPageToken: expect.any(String) });
    expect(page.body.items.map((item: { id: string }) => item.id)).toEqual([second.body.thread.id, first.body.thread.id]);
    expect(page.body.items[0]).toMatchObject({
      kind: 'youtube#commentThread',
      id: second.body.thread.id,
      snippet: {
        channelId: YOUTUBE_CHANNEL.id,
        videoId: first.body.thread.postId,
        totalReplyCount: 0,
        canReply: true,
        isPublic: true,
        topLevelComment: {
          kind: 'youtube#comment',
          id: second.body.thread.id,
          snippet: {
            authorDisplayName: 'Marta',
            authorChannelId: { value: second.body.thread.customer.id },
            textOriginal: 'Segundo',
            textDisplay: 'Segundo',
            publishedAt: second.body.thread.messages[0].time,
            videoId: first.body.thread.postId,
            channelId: YOUTUBE_CHANNEL.id,
          },
        },
      },
    });
    const rest = await listThreads(`allThreadsRelatedToChannelId=${YOUTUBE_CHANNEL.id}&order=time&maxResults=2&pageToken=${page.body.nextPageToken}`);
    expect(rest.body.items).toHaveLength(1);
    expect(rest.body.nextPageToken).toBeUndefined();
    expect((await listThreads(`videoId=${first.body.thread.postId}`)).body.items).toHaveLength(3);
  });

  it('list errors: no filter 400, another channel 404 channelNotFound, a bad page token 400, no token 401', async () => {
    expect((await listThreads('order=time')).status).toBe(400);
    const other = await listThreads('allThreadsRelatedToChannelId=UCotherchannel0000000001');
    expect(other.status).toBe(404);
    expect(other.body.error.errors[0].reason).toBe('channelNotFound');
    expect((await listThreads(`allThreadsRelatedToChannelId=${YOUTUBE_CHANNEL.id}&pageToken=zzz`)).body.error.errors[0].reason).toBe('invalidPageToken');
    expect((await send(`${t.sandbox.apps().youtube.urls.api}/commentThreads?part=snippet&allThreadsRelatedToChannelId=${YOUTUBE_CHANNEL.id}`)).status).toBe(401);
  });

  it('comments.insert: the reply enters the thread as the brand’s and the comment resource comes back', async () => {
    const written = await comment({ customer: { name: 'Iván' }, text: '¿Hacéis envíos?' });
    const parentId = written.body.thread.id;
    const sent = await reply({ snippet: { parentId, textOriginal: 'Sí, a toda España.' } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      kind: 'youtube#comment',
      id: expect.stringMatching(new RegExp(`^${parentId}\\.`)),
      snippet: { parentId, textOriginal: 'Sí, a toda España.', authorChannelId: { value: YOUTUBE_CHANNEL.id }, authorDisplayName: YOUTUBE_CHANNEL.title },
    });
    const threads = (await send(`${t.sandbox.url}/__sandbox/threads?network=youtube`)).body.threads;
    const thread = threads.find((candidate: { id: string }) => candidate.id === parentId);
    expect(thread.messages.map((message: { from: string; text: string }) => [message.from, message.text])).toEqual([
      ['customer', '¿Hacéis envíos?'],
      ['brand', 'Sí, a toda España.'],
    ]);
    const listed = await listThreads(`id=${parentId}`);
    expect(listed.body.items[0].snippet.totalReplyCount).toBe(1);
  });

  it('comments.insert errors: read-only scope 403 insufficientPermissions; 400 parentIdMissing, commentTextRequired, commentTextTooLong; 404 parentCommentNotFound', async () => {
    const parentId = (await comment({ customer: { name: 'Sara' }, text: 'Hola' })).body.thread.id;
    const readOnly = (await connectWith(t.sandbox, 'youtube', { scope: 'https://www.googleapis.com/auth/youtube.readonly' })).body.access_token;
    const reason = (answer: { body: { error: { errors: { reason: string }[] } } }) => answer.body.error.errors[0]?.reason;
    const denied = await reply({ snippet: { parentId, textOriginal: 'Hola' } }, readOnly);
    expect([denied.status, reason(denied)]).toEqual([403, 'insufficientPermissions']);
    const missing = await reply({ snippet: { textOriginal: 'Hola' } });
    expect([missing.status, reason(missing)]).toEqual([400, 'parentIdMissing']);
    const empty = await reply({ snippet: { parentId, textOriginal: '  ' } });
    expect([empty.status, reason(empty)]).toEqual([400, 'commentTextRequired']);
    const long = await reply({ snippet: { parentId, textOriginal: 'a'.repeat(10_001) } });
    expect([long.status, reason(long)]).toEqual([400, 'commentTextTooLong']);
    expect((await reply({ snippet: { parentId, textOriginal: 'a'.repeat(10_000) } })).status).toBe(200);
    const unknown = await reply({ snippet: { parentId: 'UgNoSuchComment', textOriginal: 'Hola' } });
    expect([unknown.status, reason(unknown)]).toEqual([404, 'parentCommentNotFound']);
  });

  it('/__sandbox/dm: YouTube has no DMs; an unknown video and a malformed author id are refused', async () => {
    expect((await comment({ customer: { name: 'X' }, text: 'Hola', kind: 'message' })).status).toBe(400);
    expect((await comment({ customer: { name: 'X' }, text: 'Hola', postId: 'noexiste123' })).status).toBe(400);
    expect((await comment({ customer: { name: 'X', id: '123' }, text: 'Hola' })).status).toBe(400);
    // The channel itself may comment (the product must skip its own comments).
    const own = await comment({ customer: { name: YOUTUBE_CHANNEL.title, id: YOUTUBE_CHANNEL.id }, text: 'Gracias a todos' });
    expect(own.body.thread.customer.id).toBe(YOUTUBE_CHANNEL.id);
  });

  it('the /youtube/inbox page: comment on a video; the thread shows on the page', async () => {
    const page = await send(`${t.sandbox.url}/youtube/inbox`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Red de pruebas · YouTube — Mensajes');
    expect(page.text).toContain('name="postId"');
    const posted = await fetch(`${t.sandbox.url}/youtube/inbox`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ targetId: YOUTUBE_CHANNEL.id, customerName: 'Nora Página', text: 'Me encanta este vídeo' }),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toMatch(/^\/youtube\/inbox\?estado=sondeo#hilo-Ug/);
    const after = await send(`${t.sandbox.url}/youtube/inbox?estado=sondeo`);
    expect(after.text).toContain('Nora Página');
    expect(after.text).toContain('YouTube no envía webhooks de comentarios');
  });
});
