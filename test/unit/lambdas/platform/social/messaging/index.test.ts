/**
 * The inbox's sending adapters (issue 14) against the twin's "Red de pruebas" in-process:
 * Messenger and Instagram DMs with the page token, comment replies on both networks, Telegram's
 * sendMessage to a private chat with the bot token, each reply entering the sandbox's thread; and
 * the typed refusals: the 24-hour window (error 10 / 2018278 after `/__sandbox/threads/age`), a
 * refused token (AccessRevoked), an unknown recipient (ReplyRejected), and texts over the limit
 * refused before any request. And `readCustomerProfile`: Messenger's and Instagram's User Profile
 * APIs (name, handle), no consent (an Instagram commenter, another page's person), a refused token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hook, send, TARGET, BOT_TOKEN } from '../../../../infra/local/social-sandbox/support';
import { dm, inboxEnv, publishedPost } from '../../../../infra/local/social-sandbox/inboxSupport';
import { networkAppsFromJson } from '../../../../../../lambdas/platform/social/apps';
import { AccessRevoked, OutsideWindow, ProfileUnreadable, readCustomerProfile, ReplyRejected, sendReply } from '../../../../../../lambdas/platform/social/messaging';
import type { NetworkApps } from '../../../../../../lambdas/platform/social/types';

const env = inboxEnv();
let apps: NetworkApps;
const BOT_ID = BOT_TOKEN.split(':')[0] ?? '';

beforeAll(() => {
  apps = networkAppsFromJson(env.t.sandbox.apps());
  process.env.OUTBOUND_ALLOWED_ORIGINS = new URL(env.t.sandbox.url).host;
});
afterAll(() => {
  delete process.env.OUTBOUND_ALLOWED_ORIGINS;
});

const app = (network: 'facebook' | 'instagram' | 'telegram') => {
  const found = apps[network];
  if (!found) throw new Error(`no ${network} app`);
  return found;
};

async function thread(network: 'facebook' | 'instagram' | 'telegram', name: string, extra: Record<string, unknown> = {}) {
  const targetId = network === 'telegram' ? BOT_ID : TARGET[network];
  const answer = await dm(env.t.sandbox, { network, targetId, customer: { name }, text: `Hola, soy ${name}`, ...extra });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.thread as { id: string; customer: { id: string }; commentId?: string };
}

async function brandMessages(network: string, threadId: string): Promise<string[]> {
  const threads = (await send(`${env.t.sandbox.url}/__sandbox/threads?network=${network}`)).body.threads as { id: string; messages: { from: string; text: string }[] }[];
  return (threads.find((t) => t.id === threadId)?.messages ?? []).filter((m) => m.from === 'brand').map((m) => m.text);
}

describe('sendReply', () => {
  it('Messenger: a DM with the page token; the reply enters the thread', async () => {
    const t = await thread('facebook', 'Ana');
    const sent = await sendReply(app('facebook'), 'facebook', 'dm', { accountId: TARGET.facebook, recipientId: t.customer.id, text: 'Hola Ana', token: env.tokens.facebook });
    expect(sent.externalId).toMatch(/^m_/);
    expect(await brandMessages('facebook', t.id)).toEqual(['Hola Ana']);
  });

  it('Instagram: a DM on the account with the linked page token', async () => {
    const t = await thread('instagram', 'Luis');
    const sent = await sendReply(app('instagram'), 'instagram', 'dm', { accountId: TARGET.instagram, recipientId: t.customer.id, text: 'Hola Luis', token: env.tokens.instagram });
    expect(sent.externalId).toEqual(expect.any(String));
    expect(await brandMessages('instagram', t.id)).toEqual(['Hola Luis']);
  });

  it.each(['facebook', 'instagram'] as const)('%s: replies to a comment', async (network) => {
    const postId = await publishedPost(env, network);
    const t = await thread(network, `Comentarista ${network}`, { kind: 'comment', postId });
    const sent = await sendReply(app(network), network, 'comment', { accountId: TARGET[network], commentId: t.commentId, text: '¡Gracias por comentar!', token: env.tokens[network] });
    expect(sent.externalId).toEqual(expect.any(String));
    expect(await brandMessages(network, t.id)).toEqual(['¡Gracias por comentar!']);
  });

  it('Telegram: sendMessage to the private chat with the bot token', async () => {
    const t = await thread('telegram', 'Marta');
    const sent = await sendReply(app('telegram'), 'telegram', 'dm', { accountId: BOT_ID, recipientId: t.customer.id, text: 'Hola Marta', token: BOT_TOKEN });
    expect(sent.externalId).toMatch(/^\d+$/);
    expect(await brandMessages('telegram', t.id)).toEqual(['Hola Marta']);
  });

  it('refuses a DM more than 24 hours after the customer’s last message: OutsideWindow', async () => {
    const t = await thread('facebook', 'Tardía');
    await hook(env.t.sandbox, 'threads/age', { network: 'facebook', threadId: t.id, hours: 25 });
    const late = sendReply(app('facebook'), 'facebook', 'dm', { accountId: TARGET.facebook, recipientId: t.customer.id, text: 'tarde', token: env.tokens.facebook });
    await expect(late).rejects.toBeInstanceOf(OutsideWindow);
    expect(await brandMessages('facebook', t.id)).toEqual([]);
  });

  it('refuses a DM whose delivery came 25 hours late (`hoursAgo`): OutsideWindow', async () => {
    const t = await thread('instagram', 'Retrasada', { hoursAgo: 25 });
    await expect(sendReply(app('instagram'), 'instagram', 'dm', { accountId: TARGET.instagram, recipientId: t.customer.id, text: 'tarde', token: env.tokens.instagram })).rejects.toBeInstanceOf(OutsideWindow);
  });

  it('a refused token is AccessRevoked (never in the detail); an unknown recipient is ReplyRejected', async () => {
    const t = await thread('facebook', 'Pedro');
    const bad = 'EAAB' + 'x'.repeat(40);
    const refused = await sendReply(app('facebook'), 'facebook', 'dm', { accountId: TARGET.facebook, recipientId: t.customer.id, text: 'hola', token: bad }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AccessRevoked);
    expect(String((refused as Error).message)).not.toContain(bad);
    await expect(sendReply(app('facebook'), 'facebook', 'dm', { accountId: TARGET.facebook, recipientId: '1234567', text: 'hola', token: env.tokens.facebook })).rejects.toBeInstanceOf(ReplyRejected);
    await expect(sendReply(app('telegram'), 'telegram', 'dm', { accountId: BOT_ID, recipientId: '999', text: 'hola', token: BOT_TOKEN })).rejects.toBeInstanceOf(ReplyRejected);
  });

  it('refuses an empty text or one over the network’s limit before any request', async () => {
    const request = { accountId: TARGET.instagram, recipientId: '1', token: env.tokens.instagram };
    await expect(sendReply(app('instagram'), 'instagram', 'dm', { ...request, text: 'x'.repeat(1001) })).rejects.toBeInstanceOf(ReplyRejected);
    await expect(sendReply(app('instagram'), 'instagram', 'dm', { ...request, text: '   ' })).rejects.toBeInstanceOf(ReplyRejected);
  });
});

describe('readCustomerProfile', () => {
  it('Messenger: the first and last name of the PSID', async () => {
    const t = await thread('facebook', 'Ana María Ruiz');
    expect(await readCustomerProfile(app('facebook'), 'facebook', { customerId: t.customer.id, token: env.tokens.facebook })).toEqual({ name: 'Ana María Ruiz' });
  });

  it('Instagram: the name and the username (no @) of the IGSID', async () => {
    const t = await thread('instagram', 'Luis Gil');
    expect(await readCustomerProfile(app('instagram'), 'instagram', { customerId: t.customer.id, token: env.tokens.instagram })).toEqual({ name: 'Luis Gil', handle: 'luis_gil' });
  });

  it('no consent: an Instagram commenter (230), an id the page cannot see (#100/33); a refused token is access_revoked, never in the detail', async () => {
    const postId = await publishedPost(env, 'instagram');
    const commenter = await thread('instagram', 'Solo Comenta', { kind: 'comment', postId });
    const noConsent = await readCustomerProfile(app('instagram'), 'instagram', { customerId: commenter.customer.id, token: env.tokens.instagram }).catch((e: unknown) => e);
    expect(noConsent).toBeInstanceOf(ProfileUnreadable);
    expect(noConsent).toMatchObject({ kind: 'no_consent', network: 'instagram' });
    await expect(readCustomerProfile(app('facebook'), 'facebook', { customerId: '7000000000000099', token: env.tokens.facebook })).rejects.toMatchObject({ kind: 'no_consent' });
    const t = await thread('facebook', 'Pedro Perfil');
    const bad = 'EAAB' + 'y'.repeat(40);
    const refused = await readCustomerProfile(app('facebook'), 'facebook', { customerId: t.customer.id, token: bad }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'access_revoked' });
    expect(String((refused as Error).message)).not.toContain(bad);
  });
});
