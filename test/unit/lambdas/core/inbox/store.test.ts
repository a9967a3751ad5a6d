/**
 * storeInbound (lambdas/core/inbox/store.ts) against DynamoDB Local: a message is stored once
 * under its network id (a redelivery changes nothing), the conversation is created with its
 * identity and counts every message exactly even under 100 concurrent deliveries, the newest
 * message wins the summary whatever the arrival order, comments keep the post and reply to the
 * newest comment, a 'respondida' conversation reopens and a 'humano' one stays; askForAnswer
 * invokes the worker asynchronously and swallows a failure.
 */
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InboundMessage } from '../../../../../lambdas/core/inbox/types';
import { uniqueSub } from '../../../../support/domain-env';
import { useInboxEnv, WORKER } from './receiveSupport';

const env = await useInboxEnv();
const { askForAnswer, storeInbound } = await import('../../../../../lambdas/core/inbox/store');
const { conversationIdOf, inboundMessageIdOf } = await import('../../../../../lambdas/core/inbox/ids');

const T = Date.parse('2026-05-04T10:00:00.000Z');
const NOW = new Date('2026-05-04T10:00:05.000Z');
const ACCOUNT = { name: 'Página de pruebas', sandbox: true };

const dm = (over: Partial<InboundMessage> = {}): InboundMessage => ({
  network: 'facebook',
  kind: 'dm',
  accountId: '200000000000001',
  externalId: 'm_1',
  customerId: '7001',
  text: 'Hola',
  sentAt: T,
  ...over,
});

const conversation = (uid: string, message: InboundMessage) => env.raw.get(`user#${uid}`, `conversation#${conversationIdOf(message)}`);
const messages = (uid: string, message: InboundMessage) => env.raw.query(`user#${uid}`, `convmsg#${conversationIdOf(message)}#`);

beforeEach(() => env.lambda.resetHistory());

describe('storeInbound', () => {
  it('stores a DM and creates its conversation with identity, counts, summary and the pending key', async () => {
    const uid = uniqueSub();
    const message = dm({ customerName: 'Ana' });
    const result = await storeInbound(uid, message, ACCOUNT, NOW);
    expect(result).toEqual({ stored: true, conversationId: conversationIdOf(message), messageId: inboundMessageIdOf('facebook', 'm_1', T) });
    const stored = await conversation(uid, message);
    expect(stored).toMatchObject({
      uid,
      id: result.conversationId,
      channel: 'facebook',
      kind: 'dm',
      accountId: '200000000000001',
      accountName: 'Página de pruebas',
      customerId: '7001',
      customerName: 'Ana',
      state: 'pendiente',
      unread: 1,
      messageCount: 1,
      lastMessage: 'Hola',
      lastAuthor: 'visitor',
      lastMessageAt: new Date(T).toISOString(),
      lastCustomerAt: new Date(T).toISOString(),
      sandbox: true,
      createdAt: NOW.toISOString(),
    });
    const [item] = await messages(uid, message);
    expect(item).toMatchObject({
      id: result.messageId,
      role: 'visitor',
      text: 'Hola',
      externalId: 'm_1',
      createdAt: new Date(T).toISOString(),
      pendingKey: `${NOW.toISOString()}#${uid}#${result.conversationId}#${result.messageId}`,
      gsi1pk: 'inboxPending',
    });
  });

  it('a redelivery of the same network message stores nothing and counts nothing', async () => {
    const uid = uniqueSub();
    await storeInbound(uid, dm(), ACCOUNT, NOW);
    const again = await storeInbound(uid, dm(), ACCOUNT, new Date(NOW.getTime() + 60_000));
    expect(again.stored).toBe(false);
    expect(await messages(uid, dm())).toHaveLength(1);
    expect(await conversation(uid, dm())).toMatchObject({ unread: 1, messageCount: 1 });
  });

  it('100 concurrent deliveries for one brand lose nothing: one conversation per customer, every message counted, the newest summarized', async () => {
    const uid = uniqueSub();
    const all = Array.from({ length: 100 }, (_, i) => dm({ externalId: `m_${i}`, customerId: `70${i % 4}`, text: `mensaje ${i}`, sentAt: T + i * 1000 }));
    // Each one twice, shuffled: redeliveries race the first deliveries.
    const deliveries = [...all, ...all].sort(() => Math.random() - 0.5);
    const results = await Promise.all(deliveries.map((message) => storeInbound(uid, message, ACCOUNT, NOW)));
    expect(results.filter((r) => r.stored)).toHaveLength(100);
    for (let c = 0; c < 4; c += 1) {
      const customer = all.filter((m) => m.customerId === `70${c}`);
      const newest = customer.at(-1) as InboundMessage;
      expect(await conversation(uid, newest)).toMatchObject({ unread: 25, messageCount: 25, lastMessage: newest.text, lastMessageAt: new Date(newest.sentAt).toISOString(), lastCustomerAt: new Date(newest.sentAt).toISOString() });
      expect(await messages(uid, newest)).toHaveLength(25);
    }
  });

  it('100 concurrent messages of one customer count exactly', async () => {
    const uid = uniqueSub();
    const all = Array.from({ length: 100 }, (_, i) => dm({ externalId: `m_${i}`, text: `m ${i}`, sentAt: T + i }));
    await Promise.all(all.map((message) => storeInbound(uid, message, ACCOUNT, NOW)));
    expect(await conversation(uid, dm())).toMatchObject({ unread: 100, messageCount: 100, lastMessage: 'm 99' });
  });

  it('an older message arriving late counts but does not replace the summary', async () => {
    const uid = uniqueSub();
    await storeInbound(uid, dm({ externalId: 'm_new', text: 'nuevo', sentAt: T + 5000 }), ACCOUNT, NOW);
    await storeInbound(uid, dm({ externalId: 'm_old', text: 'viejo', sentAt: T }), ACCOUNT, NOW);
    expect(await conversation(uid, dm())).toMatchObject({ unread: 2, lastMessage: 'nuevo', lastCustomerAt: new Date(T + 5000).toISOString() });
  });

  it('comments: one conversation per post and customer, the post kept, replies go to the newest comment', async () => {
    const uid = uniqueSub();
    const comment = (id: string, at: number, postId = 'p_1') => dm({ kind: 'comment', externalId: id, postId, sentAt: at, text: id });
    await storeInbound(uid, comment('c_2', T + 10), ACCOUNT, NOW);
    await storeInbound(uid, comment('c_1', T), ACCOUNT, NOW);
    expect(await conversation(uid, comment('c_1', T))).toMatchObject({ kind: 'comment', postId: 'p_1', replyTargetId: 'c_2', unread: 2 });
    await storeInbound(uid, comment('c_3', T + 20), ACCOUNT, NOW);
    expect(await conversation(uid, comment('c_1', T))).toMatchObject({ replyTargetId: 'c_3', unread: 3 });
    expect(conversationIdOf(comment('c_4', T, 'p_2'))).not.toBe(conversationIdOf(comment('c_1', T)));
  });

  it('a new message reopens an answered conversation and leaves a person’s one with the person', async () => {
    const uid = uniqueSub();
    await storeInbound(uid, dm({ externalId: 'm_a' }), ACCOUNT, NOW);
    const key = { pk: `user#${uid}`, sk: `conversation#${conversationIdOf(dm())}` };
    const setState = async (state: string) => env.raw.put({ ...(await env.raw.get(key.pk, key.sk)), state });
    await setState('respondida');
    await storeInbound(uid, dm({ externalId: 'm_b', sentAt: T + 1 }), ACCOUNT, NOW);
    expect(await conversation(uid, dm())).toMatchObject({ state: 'pendiente', lastMessage: 'Hola', unread: 2 });
    await setState('humano');
    await storeInbound(uid, dm({ externalId: 'm_c', sentAt: T + 2, text: 'otra' }), ACCOUNT, NOW);
    expect(await conversation(uid, dm())).toMatchObject({ state: 'humano', lastMessage: 'otra', unread: 3 });
  });
});

describe('askForAnswer', () => {
  it('invokes the worker asynchronously with the event', async () => {
    const event = { uid: 'u', conversationId: 'c', messageId: 'm' };
    await expect(askForAnswer(event)).resolves.toBe(true);
    expect(env.invocations()).toEqual([{ functionName: WORKER, type: 'Event', event }]);
  });

  it('swallows a failed invocation (the sweep redelivers)', async () => {
    env.lambda.on(InvokeCommand).rejectsOnce(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));
    await expect(askForAnswer({ uid: 'u', conversationId: 'c', messageId: 'm' })).resolves.toBe(false);
  });
});
