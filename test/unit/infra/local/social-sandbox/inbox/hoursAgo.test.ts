/**
 * `/__sandbox/dm` `hoursAgo` (issue 14, ../../../../../../infra/local/social-sandbox/inbox.ts): a
 * customer's message delivered late (an outage) carries its old timestamps in every body shape
 * (Messenger and Instagram DMs `entry.time` / `timestamp` in ms, Facebook comments `created_time`
 * in s, Instagram comments `entry.time`, Telegram `date` in s); the thread's message time and
 * `lastCustomerAt` are as old, so the Send API refuses a RESPONSE past 24 hours (10 / 2018278)
 * and accepts one within; a late old message never moves a newer window back; bad values → 400.
 */
import { describe, expect, it } from 'vitest';
import { hook, postJson, TARGET } from '../support';
import { dm, inboxEnv, publishedPost } from '../inboxSupport';

const env = inboxEnv();
const HOUR = 60 * 60 * 1000;

/** Whether epoch ms `at` is `hours` before now (within the test's own seconds). */
const hoursBefore = (at: number, hours: number) => Math.abs(Date.now() - hours * HOUR - at) < 10_000;

const lastBody = () => JSON.parse(env.receiver.received.at(-1)?.raw ?? '{}');

const reply = (network: 'facebook' | 'instagram', recipient: string) =>
  postJson(`${env.t.sandbox.apps()[network].urls.api}/${TARGET[network]}/messages`, env.tokens[network], { recipient: { id: recipient }, messaging_type: 'RESPONSE', message: { text: 'Respuesta' } });

describe('/__sandbox/dm hoursAgo', () => {
  it('Messenger: the body and the thread are dated back; 30 h ago the Send API refuses a RESPONSE (10 / 2018278)', async () => {
    const written = await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Ana Tarde' }, text: 'Hola', hoursAgo: 30 });
    expect(written.status).toBe(200);
    expect(written.body.delivery).toMatchObject({ state: 'delivered' });
    const entry = lastBody().entry[0];
    expect(hoursBefore(entry.time, 30)).toBe(true);
    expect(hoursBefore(entry.messaging[0].timestamp, 30)).toBe(true);
    const { thread } = written.body;
    expect(hoursBefore(thread.lastCustomerAt, 30)).toBe(true);
    expect(hoursBefore(Date.parse(thread.messages[0].time), 30)).toBe(true);
    const refused = await reply('facebook', thread.customer.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 10, error_subcode: 2018278 });
  });

  it('Instagram: 2 h ago is still within the window; without hoursAgo the message is dated now', async () => {
    const written = await dm(env.t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Luis Pronto' }, text: 'Hola', hoursAgo: 2 });
    expect(hoursBefore(lastBody().entry[0].messaging[0].timestamp, 2)).toBe(true);
    expect((await reply('instagram', written.body.thread.customer.id)).status).toBe(200);
    await dm(env.t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Luis Ahora' }, text: 'Hola' });
    expect(hoursBefore(lastBody().entry[0].messaging[0].timestamp, 0)).toBe(true);
  });

  it('a late old message does not move the window of a newer one back', async () => {
    const first = await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Eva Doble' }, text: 'Ahora' });
    const late = await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Eva Doble' }, text: 'De ayer', hoursAgo: 26 });
    expect(late.body.thread.id).toBe(first.body.thread.id);
    expect(late.body.thread.lastCustomerAt).toBeGreaterThanOrEqual(first.body.thread.lastCustomerAt);
    expect(hoursBefore(Date.parse(late.body.thread.messages.at(-1).time), 26)).toBe(true);
    expect((await reply('facebook', first.body.thread.customer.id)).status).toBe(200);
  });

  it('comments: Facebook created_time (s) and Instagram entry.time are dated back', async () => {
    const fbPost = await publishedPost(env, 'facebook');
    await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Comenta Tarde' }, text: 'Precio?', kind: 'comment', postId: fbPost, hoursAgo: 48 });
    const fb = lastBody().entry[0];
    expect(hoursBefore(fb.changes[0].value.created_time * 1000, 48)).toBe(true);
    expect(hoursBefore(fb.time, 48)).toBe(true);
    const igPost = await publishedPost(env, 'instagram');
    const ig = await dm(env.t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Ig Tarde' }, text: 'Precio?', kind: 'comment', postId: igPost, hoursAgo: 5 });
    expect(hoursBefore(lastBody().entry[0].time, 5)).toBe(true);
    expect(hoursBefore(ig.body.thread.lastCustomerAt, 5)).toBe(true);
  });

  it('Telegram: the Update’s date (s) is dated back', async () => {
    const written = await dm(env.t.sandbox, { network: 'telegram', targetId: '7000000001', customer: { name: 'Tg Tarde' }, text: 'hola', hoursAgo: 12.5 });
    expect(written.status).toBe(200);
    const update = env.t.sandbox.deliveries('telegram').at(-1)?.body as { message: { date: number } };
    expect(hoursBefore(update.message.date * 1000, 12.5)).toBe(true);
    expect(hoursBefore(written.body.thread.lastCustomerAt, 12.5)).toBe(true);
  });

  it.each([-1, 721, '3', Number.NaN])('refuses hoursAgo %s', async (hoursAgo) => {
    const refused = await hook(env.t.sandbox, 'dm', { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Mal' }, text: 'x', hoursAgo });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('hoursAgo must be a number from 0 to 720');
  });
});
