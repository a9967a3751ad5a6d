/**
 * Polling YouTube comments (issue 14 item 1, core/inbox/poll.ts) on DynamoDB Local with the twin's
 * "Red de pruebas" in-process as YouTube: a YouTube connect writes the route the sweep polls; new
 * comments are stored once across two polls (the cursor moves; the dedupe makes overlap
 * harmless); the channel's own comments are skipped; the first poll takes only comments from the
 * connection on; a failing channel does not stop another; the route goes on disconnect. Also the
 * reply to a YouTube comment (core/inbox/send.ts `deliver` → platform/social/messaging
 * `sendReply`), and the inbox rules saved before YouTube joined (modes.youtube filled).
 */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_INBOX_RULES } from '@director-ia/shared';
import { YOUTUBE_CHANNEL } from '../../../../../infra/local/social-sandbox/accounts';
import { uniqueSub } from '../../../../support/domain-env';
import { connect, connectWith, hook } from '../../../infra/local/social-sandbox/support';
import { usePublishingEnv } from '../publishing/support';

vi.mock('../../../../../lambdas/platform/social/apps', async (original) => (await import('../publishing/support')).appsMock(original));

const env = await usePublishingEnv();
const { pollYoutubeComments } = await import('../../../../../lambdas/core/inbox/poll');
const { syncYoutubeInbox, disconnectInbox } = await import('../../../../../lambdas/core/social/inbox');
const { saveConnection } = await import('../../../../../lambdas/core/social/store');
const { claimRoute, routesOf } = await import('../../../../../lambdas/core/inbox/routes');
const { deliver } = await import('../../../../../lambdas/core/inbox/send');
const { readInboxRules } = await import('../../../../../lambdas/core/inbox/rules');
const { conversations, conversationMessages } = await import('../../../../../lambdas/platform/db/entities/conversation');
const { inboxRules } = await import('../../../../../lambdas/platform/db/entities/inboxRules');
const { sendReply, ReplyRejected, AccessRevoked } = await import('../../../../../lambdas/platform/social/messaging');

const HOUR = 60 * 60 * 1000;

/** Connects the sandbox channel for a new brand (the newest claimant of the channel); the brand's sub. */
async function connectYoutube(): Promise<string> {
  const sub = uniqueSub();
  const accessToken: string = (await connect(env.t.sandbox, 'youtube')).body.access_token;
  const now = new Date();
  const item = await saveConnection(
    sub,
    'youtube',
    { account: { id: YOUTUBE_CHANNEL.id, name: YOUTUBE_CHANNEL.title, pictureUrl: null }, targets: [{ id: YOUTUBE_CHANNEL.id, name: YOUTUBE_CHANNEL.title, kind: 'channel', pictureUrl: null }], tokens: { accessToken }, sandbox: true },
    now,
  );
  await syncYoutubeInbox(sub, 'youtube', item, now);
  return sub;
}

const comment = async (name: string, text: string, extra: Record<string, unknown> = {}) => {
  const answer = await hook(env.t.sandbox, 'dm', { network: 'youtube', customer: { name }, text, ...extra });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.thread as { id: string; postId: string; customer: { id: string } };
};

const conversationsOf = async (sub: string) => (await conversations().query.byUser({ uid: sub }).go({ pages: 'all' })).data;
const messagesOf = async (sub: string, conversationId: string) => (await conversationMessages().query.byConversation({ uid: sub, conversationId }).go({ pages: 'all' })).data;

describe('pollYoutubeComments', () => {
  it('connect writes the route; new comments are stored once across two polls; the channel’s own are skipped; the cursor moves', async () => {
    const sub = await connectYoutube();
    const [route] = await routesOf(sub, 'youtube');
    expect(route).toMatchObject({ accountId: YOUTUBE_CHANNEL.id, accountName: YOUTUBE_CHANNEL.title, sandbox: true });
    const first = await comment('Ana Vídeo', '¿Qué cámara usáis?');
    await comment(YOUTUBE_CHANNEL.title, 'Gracias por vuestros comentarios', { customer: { name: YOUTUBE_CHANNEL.title, id: YOUTUBE_CHANNEL.id } });
    expect(await pollYoutubeComments(new Date())).toBeGreaterThanOrEqual(1);
    const second = await comment('Bea Vídeo', '¿Tenéis tienda física?', { postId: first.postId });
    await pollYoutubeComments(new Date());
    await pollYoutubeComments(new Date());

    const mine = (await conversationsOf(sub)).filter((c) => c.channel === 'youtube');
    expect(mine.map((c) => c.customerName).sort()).toEqual(['Ana Vídeo', 'Bea Vídeo']);
    const ana = mine.find((c) => c.customerName === 'Ana Vídeo');
    expect(ana).toMatchObject({ kind: 'comment', accountId: YOUTUBE_CHANNEL.id, customerId: expect.stringMatching(/^UC/), postId: first.postId, replyTargetId: first.id, unread: 1, messageCount: 1 });
    const messages = await messagesOf(sub, ana?.id ?? '');
    expect(messages.map((m) => [m.role, m.text, m.externalId])).toEqual([['visitor', '¿Qué cámara usáis?', first.id]]);
    // Waiting for the worker (no worker in unit tests: the sweep redelivers it).
    expect(messages[0]?.pendingKey).toBeTruthy();
    const [after] = await routesOf(sub, 'youtube');
    expect(Date.parse(after?.polledUntil ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(after?.polledIds).toContain(second.id);
    expect(after?.polledAt).toBeTruthy();
  });

  it('the first poll takes only comments from the connection on; a reconnect keeps the cursor', async () => {
    const old = await comment('Carla Antigua', 'Comentario de hace una hora', { hoursAgo: 1 });
    const sub = await connectYoutube();
    const fresh = await comment('Dani Nuevo', 'Comentario nuevo');
    await pollYoutubeComments(new Date());
    const names = (await conversationsOf(sub)).map((c) => c.customerName);
    expect(names).toContain('Dani Nuevo');
    expect(names).not.toContain('Carla Antigua');
    expect(old.id).not.toBe(fresh.id);
    const [before] = await routesOf(sub, 'youtube');
    // Reconnecting the same channel keeps where polling was.
    const item = await saveConnection(
      sub,
      'youtube',
      { account: { id: YOUTUBE_CHANNEL.id, name: YOUTUBE_CHANNEL.title, pictureUrl: null }, targets: [{ id: YOUTUBE_CHANNEL.id, name: YOUTUBE_CHANNEL.title, kind: 'channel', pictureUrl: null }], tokens: { accessToken: 'ya29.reconnected' + 'x'.repeat(20) }, sandbox: true },
      new Date(),
    );
    await syncYoutubeInbox(sub, 'youtube', item, new Date());
    const [again] = await routesOf(sub, 'youtube');
    expect(again?.polledUntil).toBe(before?.polledUntil);
    expect(again?.polledIds).toEqual(before?.polledIds);
  });

  it('a channel that fails is logged and another is still polled; disconnect removes the route', async () => {
    const broken = uniqueSub();
    // A claimed channel with no connection behind it: its token cannot be had.
    await claimRoute(broken, { network: 'youtube', accountId: 'UCbrokenchannel000000001', sandbox: true }, new Date(Date.now() - HOUR));
    const sub = await connectYoutube();
    await comment('Eva Sigue', 'Hola desde YouTube');
    await pollYoutubeComments(new Date());
    expect((await conversationsOf(sub)).map((c) => c.customerName)).toContain('Eva Sigue');
    const [brokenRoute] = await routesOf(broken, 'youtube');
    expect(brokenRoute?.polledAt).toBeUndefined();

    await disconnectInbox(sub, 'youtube', { uid: sub, network: 'youtube', state: 'conectada', targets: [], sandbox: true, updatedAt: new Date().toISOString() } as never, undefined);
    expect(await routesOf(sub, 'youtube')).toEqual([]);
  });
});

describe('replying to a YouTube comment', () => {
  it('deliver: comments.insert under the conversation’s comment with the channel token; the reply enters the sandbox thread', async () => {
    const sub = await connectYoutube();
    const thread = await comment('Fran Pregunta', '¿Hacéis envíos a Canarias?');
    await pollYoutubeComments(new Date());
    const conversation = (await conversationsOf(sub)).find((c) => c.customerName === 'Fran Pregunta');
    expect(conversation?.replyTargetId).toBe(thread.id);
    const result = await deliver(sub, conversation as never, 'Sí, enviamos a Canarias.', new Date());
    expect(result).toEqual({ ok: true, externalId: expect.stringMatching(new RegExp(`^${thread.id}\\.`)) });
    const threads = (await (await fetch(`${env.t.sandbox.url}/__sandbox/threads?network=youtube`)).json()) as { threads: { id: string; messages: { from: string; text: string }[] }[] };
    expect(threads.threads.find((t) => t.id === thread.id)?.messages.filter((m) => m.from === 'brand').map((m) => m.text)).toEqual(['Sí, enviamos a Canarias.']);
  });

  it('sendReply: a read-only token is AccessRevoked (reconnect for force-ssl); text over 10000 characters is refused before any request', async () => {
    const thread = await comment('Gema Lee', 'Hola');
    const readOnly: string = (await connectWith(env.t.sandbox, 'youtube', { scope: 'https://www.googleapis.com/auth/youtube.readonly' })).body.access_token;
    const { networkAppsFromJson } = await import('../../../../../lambdas/platform/social/apps');
    const app = networkAppsFromJson(env.t.sandbox.apps()).youtube;
    if (!app) throw new Error('no youtube app');
    const request = { accountId: YOUTUBE_CHANNEL.id, commentId: thread.id, text: 'Gracias', token: readOnly };
    await expect(sendReply(app, 'youtube', 'comment', request)).rejects.toBeInstanceOf(AccessRevoked);
    await expect(sendReply(app, 'youtube', 'comment', { ...request, text: 'a'.repeat(10_001) })).rejects.toBeInstanceOf(ReplyRejected);
  });
});

describe('inbox rules saved before YouTube joined', () => {
  it('read with modes.youtube from the defaults, the saved modes kept', async () => {
    const sub = uniqueSub();
    await inboxRules()
      .put({ uid: sub, modes: { facebook: 'automatic', instagram: 'off', telegram: 'suggest' }, handoffMessage: 'Te atiende una persona.', humanTopics: [], lastUpdated: new Date().toISOString() })
      .go();
    const rules = await readInboxRules(sub);
    expect(rules.modes).toEqual({ facebook: 'automatic', instagram: 'off', telegram: 'suggest', youtube: DEFAULT_INBOX_RULES.modes.youtube });
    expect(rules.handoffMessage).toBe('Te atiende una persona.');
  });
});
