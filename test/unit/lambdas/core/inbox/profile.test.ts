/**
 * Who wrote a Messenger or Instagram DM (issue 14, core/inbox/profile.ts and its use by the
 * worker) on DynamoDB Local with the "Red de pruebas" in-process: the profile read once with the
 * page token fills the conversation's name (and Instagram handle) before the lead capture, so a
 * lead from intent carries the real name; named conversations, comments and Telegram are left
 * alone without a request; a failure (an id the page cannot see, no connection) is logged and the
 * worker goes on; a name set meanwhile wins. And a delivery the sandbox delays past 24 hours
 * (`hoursAgo`): not answered, and the Send API's refusal is the window failure.
 */
import { describe, expect, it, vi } from 'vitest';
import { CONVERSATION_CHANNEL_LABELS, DEFAULT_INBOX_RULES, INBOX_MSG } from '@director-ia/shared';
import { uniqueSub } from '../../../../support/domain-env';
import { usePublishingEnv } from '../publishing/support';
import { connectInbox, customerWrites } from './support';

vi.mock('../../../../../lambdas/platform/social/apps', async (original) => (await import('../publishing/support')).appsMock(original));

const env = await usePublishingEnv();
const { completeCustomer } = await import('../../../../../lambdas/core/inbox/profile');
const { answerInbound } = await import('../../../../../lambdas/core/inbox/answer');
const { deliver } = await import('../../../../../lambdas/core/inbox/send');
const { saveInboxRules } = await import('../../../../../lambdas/core/inbox/rules');
const { conversations } = await import('../../../../../lambdas/platform/db/entities/conversation');
const { leads } = await import('../../../../../lambdas/platform/db/entities/lead');
const { offlineProvider } = await import('../../../../../lambdas/platform/ai');

type Net = 'facebook' | 'instagram' | 'telegram';

async function brandWith(network: Net, mode: 'off' | 'suggest' | 'automatic' = 'suggest') {
  const sub = uniqueSub();
  await connectInbox(env, sub, network);
  await saveInboxRules(sub, { ...DEFAULT_INBOX_RULES, modes: { facebook: mode, instagram: mode, telegram: mode } });
  return sub;
}

const conversationOf = async (sub: string, id: string) => (await conversations().get({ uid: sub, id }).go({ consistent: true })).data!;
const profileReads = (network: 'facebook' | 'instagram', customerId: string) => env.t.sandbox.requests(network).filter((r) => r.method === 'GET' && r.path === `/api/${customerId}`).length;
const leadsOf = async (sub: string) => (await leads().query.byUser({ uid: sub }).go({ pages: 'all' })).data;

describe('completeCustomer', () => {
  it('Messenger: an unnamed DM gets the profile’s name (once), stored', async () => {
    const sub = await brandWith('facebook');
    const w = await customerWrites(env, sub, 'facebook', 'Hola', { name: 'Ana María Ruiz', named: false });
    const before = await conversationOf(sub, w.conversationId);
    expect(before.customerName).toBeUndefined();
    const completed = await completeCustomer(before, new Date());
    expect(completed).toMatchObject({ customerName: 'Ana María Ruiz' });
    expect(completed.customerHandle).toBeUndefined();
    expect((await conversationOf(sub, w.conversationId)).customerName).toBe('Ana María Ruiz');
    expect(profileReads('facebook', w.customerId)).toBe(1);
    // Named now: no second read.
    await completeCustomer(await conversationOf(sub, w.conversationId), new Date());
    expect(profileReads('facebook', w.customerId)).toBe(1);
  });

  it('Instagram: the name and the handle (without @), with the linked page’s token', async () => {
    const sub = await brandWith('instagram');
    const w = await customerWrites(env, sub, 'instagram', 'Hola', { name: 'Luis Gil', named: false });
    await completeCustomer(await conversationOf(sub, w.conversationId), new Date());
    expect(await conversationOf(sub, w.conversationId)).toMatchObject({ customerName: 'Luis Gil', customerHandle: 'luis_gil' });
  });

  it('named conversations and Telegram are left alone, without a request', async () => {
    const sub = await brandWith('facebook');
    const named = await customerWrites(env, sub, 'facebook', 'Hola', { name: 'Ya Nombrada' });
    const conversation = await conversationOf(sub, named.conversationId);
    expect(await completeCustomer(conversation, new Date())).toBe(conversation);
    expect(profileReads('facebook', named.customerId)).toBe(0);
    const tg = await brandWith('telegram');
    const t = await customerWrites(env, tg, 'telegram', 'Hola', { named: false });
    const tgConversation = await conversationOf(tg, t.conversationId);
    expect(await completeCustomer(tgConversation, new Date())).toBe(tgConversation);
  });

  it('best effort: an id the page cannot see, or no connection, leaves the conversation as it was', async () => {
    const sub = await brandWith('facebook');
    const w = await customerWrites(env, sub, 'facebook', 'Hola', { named: false });
    const stranger = { ...(await conversationOf(sub, w.conversationId)), customerId: '7000000000000099' };
    expect(await completeCustomer(stranger, new Date())).toBe(stranger);
    const unconnected = { ...(await conversationOf(sub, w.conversationId)), uid: uniqueSub() };
    expect(await completeCustomer(unconnected, new Date())).toBe(unconnected);
    expect((await conversationOf(sub, w.conversationId)).customerName).toBeUndefined();
  });

  it('a name stored meanwhile wins over the profile', async () => {
    const sub = await brandWith('instagram');
    const w = await customerWrites(env, sub, 'instagram', 'Hola', { name: 'Perfil Real', named: false });
    const stale = await conversationOf(sub, w.conversationId);
    await conversations().patch({ uid: sub, id: w.conversationId }).set({ customerName: 'Puesta Antes' }).go();
    expect(await completeCustomer(stale, new Date())).toMatchObject({ customerName: 'Puesta Antes' });
    expect(await conversationOf(sub, w.conversationId)).toMatchObject({ customerName: 'Puesta Antes' });
    expect((await conversationOf(sub, w.conversationId)).customerHandle).toBeUndefined();
  });
});

describe('the worker', () => {
  it('reads the profile before the lead: a lead from intent carries the real name (Messenger) and handle (Instagram)', async () => {
    const sub = await brandWith('facebook');
    const w = await customerWrites(env, sub, 'facebook', 'Quiero reservar una cita, ¿qué precio tiene?', { name: 'Marta Gómez', named: false });
    expect(await answerInbound({ uid: sub, conversationId: w.conversationId, messageId: w.messageId }, new Date(), { provider: offlineProvider })).toEqual({ outcome: 'suggested' });
    expect(await conversationOf(sub, w.conversationId)).toMatchObject({ customerName: 'Marta Gómez', leadId: expect.any(String) });
    expect(await leadsOf(sub)).toEqual([expect.objectContaining({ name: 'Marta Gómez', contact: 'Marta Gómez (Facebook)', contactType: 'profile', source: 'facebook' })]);

    const ig = await brandWith('instagram');
    const i = await customerWrites(env, ig, 'instagram', '¿Qué precio tiene el corte?', { name: 'Leo Martín', named: false });
    await answerInbound({ uid: ig, conversationId: i.conversationId, messageId: i.messageId }, new Date(), { provider: offlineProvider });
    expect(await leadsOf(ig)).toEqual([expect.objectContaining({ name: 'Leo Martín', contact: '@leo_martin (Instagram)' })]);
  });

  it('goes on when the profile cannot be read (Facebook not connected)', async () => {
    // Connected to Instagram only: the Facebook conversation has no token to read with.
    const sub = await brandWith('instagram');
    const w = await customerWrites(env, sub, 'facebook', '¿Qué precio tiene?', { named: false });
    expect(await answerInbound({ uid: sub, conversationId: w.conversationId, messageId: w.messageId }, new Date(), { provider: offlineProvider })).toEqual({ outcome: 'suggested' });
    expect((await conversationOf(sub, w.conversationId)).customerName).toBeUndefined();
    expect(await leadsOf(sub)).toEqual([expect.objectContaining({ name: INBOX_MSG.unknownCustomer })]);
  });

  it('a delivery delayed 30 hours (`hoursAgo`) is not answered, and the Send API’s refusal is the window failure', async () => {
    const sub = await brandWith('instagram', 'automatic');
    const w = await customerWrites(env, sub, 'instagram', '¿Seguís abiertos?', { hoursAgo: 30 });
    expect(await answerInbound({ uid: sub, conversationId: w.conversationId, messageId: w.messageId }, new Date(), { provider: offlineProvider })).toEqual({ outcome: 'skipped' });
    const result = await deliver(sub, await conversationOf(sub, w.conversationId), 'Sí, hasta las 20:00', new Date());
    expect(result).toEqual({ ok: false, failure: 'window', message: INBOX_MSG.outsideWindow(CONVERSATION_CHANNEL_LABELS.instagram) });
  });
});
