/**
 * Environment of the inbox's domain tests (issue 14): the publishing tests' table of the file's
 * own on DynamoDB Local and the twin's "Red de pruebas" in-process as every network
 * (../publishing/support.ts; mock lambdas/platform/social/apps with its `appsMock`), plus:
 * - `connectInbox(env, sub, network)`: the connection as connect + elegirDestinos store it (the
 *   page with its page token; Instagram: the account with the linked page's token; Telegram: the
 *   tests' bot) and an active owner profile;
 * - `customerWrites(env, sub, network, ...)`: a customer writes at the sandbox (its thread, so the
 *   network knows the person and the window) and the message is stored as RECEIVE stores it
 *   (conversation upserted, inbound message with `pendingKey`), seeded through the entities;
 *   `named: false` stores no name or handle, as RECEIVE does for Messenger and Instagram DMs
 *   (their webhooks carry only the id); `hoursAgo` is the sandbox's delayed delivery (the thread
 *   and the stored message dated that many hours back).
 */
import { randomUUID } from 'node:crypto';
import { conversationIdOf, inboundMessageIdOf } from '../../../../../lambdas/core/inbox/ids';
import { BOT_TOKEN, TARGET } from '../../../infra/local/social-sandbox/support';
import { dm, INBOX_SCOPES, pageToken } from '../../../infra/local/social-sandbox/inboxSupport';
import type { PublishingEnv } from '../publishing/support';

export const BOT_ID = BOT_TOKEN.split(':')[0] ?? '';
export type Net = 'facebook' | 'instagram' | 'telegram';
export const ACCOUNT: Record<Net, string> = { facebook: TARGET.facebook, instagram: TARGET.instagram, telegram: BOT_ID };

/** Connects `network` for `sub` (see the module header). */
export async function connectInbox(env: PublishingEnv, sub: string, network: Net): Promise<void> {
  const { saveConnection } = await import('../../../../../lambdas/core/social/store');
  const { profiles } = await import('../../../../../lambdas/platform/db/entities/profile');
  await profiles()
    .put({ uid: sub, email: 'duena@marca.es', status: 'active', isAdmin: false, createdAt: new Date().toISOString() })
    .go();
  const token = network === 'telegram' ? BOT_TOKEN : await pageToken(env.t.sandbox, network, INBOX_SCOPES[network]);
  await saveConnection(
    sub,
    network,
    {
      account: { id: network === 'telegram' ? BOT_ID : 'usuario-meta', name: `Cuenta ${network}`, pictureUrl: null },
      targets: [{ id: ACCOUNT[network], name: `Destino ${network}`, kind: network === 'facebook' ? 'page' : network === 'instagram' ? 'instagram' : 'channel', pictureUrl: null, accessToken: network === 'telegram' ? undefined : token }],
      tokens: { accessToken: network === 'telegram' ? BOT_TOKEN : 'EAAuser' + 'u'.repeat(30) },
      sandbox: true,
    },
    new Date(),
  );
}

export interface Written {
  conversationId: string;
  messageId: string;
  customerId: string;
  threadId: string;
}

/** A customer writes (see the module header); `sentAt` moves the stored message (the sandbox's thread keeps its own clock). */
export async function customerWrites(
  env: PublishingEnv,
  sub: string,
  network: Net,
  text: string,
  options: { name?: string; sentAt?: number; kind?: 'dm' | 'comment'; postId?: string; named?: boolean; hoursAgo?: number } = {},
): Promise<Written> {
  const { conversations, conversationMessages, pendingKeyOf } = await import('../../../../../lambdas/platform/db/entities/conversation');
  const name = options.name ?? `Cliente ${randomUUID().slice(0, 8)}`;
  const kind = options.kind ?? 'dm';
  const hoursAgo = options.hoursAgo ?? 0;
  const answer = await dm(env.t.sandbox, {
    network,
    targetId: ACCOUNT[network],
    customer: { name },
    text,
    ...(kind === 'comment' ? { kind: 'comment', postId: options.postId } : {}),
    ...(hoursAgo ? { hoursAgo } : {}),
  });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  const thread = answer.body.thread as { id: string; customer: { id: string; username: string }; messages: { id: string }[]; commentId?: string };
  const externalId = thread.messages.at(-1)?.id ?? '';
  const sentAt = options.sentAt ?? Date.now() - hoursAgo * 60 * 60 * 1000;
  const conversationId = conversationIdOf({ network, kind, accountId: ACCOUNT[network], customerId: thread.customer.id, ...(kind === 'comment' ? { postId: options.postId } : {}) });
  const messageId = inboundMessageIdOf(network, externalId, sentAt);
  const at = new Date(sentAt).toISOString();
  const stored = new Date();
  await conversationMessages()
    .create({ uid: sub, conversationId, id: messageId, role: 'visitor', text, externalId, createdAt: at, pendingKey: pendingKeyOf(stored, sub, conversationId, messageId) })
    .go();
  await conversations()
    .upsert({
      uid: sub,
      id: conversationId,
      channel: network,
      kind,
      accountId: ACCOUNT[network],
      accountName: `Destino ${network}`,
      customerId: thread.customer.id,
      ...(options.named === false ? {} : { customerName: name, ...(network === 'facebook' ? {} : { customerHandle: thread.customer.username }) }),
      ...(kind === 'comment' ? { postId: options.postId, replyTargetId: thread.commentId } : {}),
      state: 'pendiente',
      lastMessage: text,
      lastAuthor: 'visitor',
      lastMessageAt: at,
      lastCustomerAt: at,
      sandbox: true,
      messageCount: 0,
      createdAt: at,
      updatedAt: at,
    })
    .go();
  await conversations().patch({ uid: sub, id: conversationId }).add({ unread: 1, messageCount: 1 }).go();
  return { conversationId, messageId, customerId: thread.customer.id, threadId: thread.id };
}

/** The brand's messages the sandbox's thread received. */
export async function brandReplies(env: PublishingEnv, network: Net, threadId: string): Promise<string[]> {
  const response = await fetch(`${env.t.sandbox.url}/__sandbox/threads?network=${network}`);
  const threads = ((await response.json()) as { threads: { id: string; messages: { from: string; text: string }[] }[] }).threads;
  return (threads.find((t) => t.id === threadId)?.messages ?? []).filter((m) => m.from === 'brand').map((m) => m.text);
}
