/**
 * Telegram bot updates by webhook (issue 14): setWebhook / getWebhookInfo / deleteWebhook per bot,
 * the Update body, the X-Telegram-Bot-Api-Secret-Token header, retries until 2xx with the last
 * error in getWebhookInfo, updates waiting while no webhook is set (pending_update_count,
 * drop_pending_updates), and sendMessage to the customer's private chat entering the thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_TOKEN, eventually, hook, startTestSandbox, type TestSandbox } from './support';
import { RETRY_DELAYS_MS } from './inboxSupport';
import { startReceiver, type Receiver } from './receiver';

let t: TestSandbox;
let receiver: Receiver;
const BOT_ID = '7000000001';
const OTHER_BOT = '7000000002:AAHsandboxSecretPartForTheTestsOnly456';

beforeAll(async () => {
  t = await startTestSandbox({ webhookRetryDelaysMs: RETRY_DELAYS_MS });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function call(method: string, body: Record<string, unknown> = {}, token = BOT_TOKEN) {
  const response = await fetch(`${t.sandbox.apps().telegram.urls.api}/bot${token}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

const write = (text: string, name = 'Lucía García', targetId = BOT_ID) => hook(t.sandbox, 'dm', { network: 'telegram', targetId, customer: { name }, text });

describe('telegram webhooks', () => {
  it('without a webhook an update waits; getWebhookInfo counts it; setWebhook sends it with the secret header', async () => {
    expect((await call('getWebhookInfo')).body).toEqual({ ok: true, result: { url: '', has_custom_certificate: false, pending_update_count: 0 } });
    const waiting = await write('Hola bot');
    expect(waiting.body.delivery).toMatchObject({ state: 'pending', attempt: 0 });
    expect((await call('getWebhookInfo')).body.result.pending_update_count).toBe(1);
    expect((await call('getUpdates')).body).toEqual({ ok: true, result: [] });
    const set = await call('setWebhook', { url: `${receiver.url}/tg`, secret_token: 'secreto_123', allowed_updates: ['message'] });
    expect(set.body).toEqual({ ok: true, result: true, description: 'Webhook was set' });
    const got = await eventually(async () => receiver.received.find((entry) => entry.path === '/tg'));
    expect(got.headers['x-telegram-bot-api-secret-token']).toBe('secreto_123');
    expect(got.headers['content-type']).toBe('application/json');
    const customerId = waiting.body.thread.customer.id;
    expect(JSON.parse(got.raw)).toEqual({
      update_id: expect.any(Number),
      message: {
        message_id: expect.any(Number),
        from: { id: Number(customerId), is_bot: false, first_name: 'Lucía', last_name: 'García', username: 'lucia_garcia', language_code: 'es' },
        chat: { id: Number(customerId), type: 'private', first_name: 'Lucía', last_name: 'García', username: 'lucia_garcia' },
        date: expect.any(Number),
        text: 'Hola bot',
      },
    });
    await eventually(async () => (await call('getWebhookInfo')).body.result.pending_update_count === 0);
    const info = (await call('getWebhookInfo')).body.result;
    expect(info).toEqual({ url: `${receiver.url}/tg`, has_custom_certificate: false, pending_update_count: 0, max_connections: 40, allowed_updates: ['message'] });
    expect((await call('getUpdates')).status).toBe(409);
    expect(JSON.stringify(t.sandbox.deliveries('telegram'))).not.toContain('secreto_123');
  });

  it('update ids grow; a failed delivery is retried until 2xx and getWebhookInfo shows the last error', async () => {
    receiver.answers.push(500, 500, 500, 500, 500);
    const first = await write('Uno');
    const second = await write('Dos');
    expect(Number(second.body.delivery.bodyId)).toBe(Number(first.body.delivery.bodyId) + 1);
    const info = await eventually(async () => {
      const result = (await call('getWebhookInfo')).body.result;
      return result.last_error_message ? result : null;
    });
    expect(info).toMatchObject({ last_error_date: expect.any(Number), last_error_message: 'Wrong response from the webhook: 500 Internal Server Error' });
    // Telegram does not give up after Meta's few attempts: both end delivered.
    const done = await eventually(async () => {
      const list = t.sandbox.deliveries('telegram').filter((delivery) => [first.body.delivery.id, second.body.delivery.id].includes(delivery.id));
      return list.every((delivery) => delivery.state === 'delivered') ? list : null;
    }, 8000);
    expect(Math.max(...done.map((delivery) => delivery.attempt))).toBeGreaterThan(RETRY_DELAYS_MS.length);
  });

  it('sendMessage to the customer’s chat answers a private Message and enters the thread; another bot cannot', async () => {
    const asked = await write('¿Abrís el sábado?', 'Pedro');
    const chatId = asked.body.thread.customer.id;
    const sent = await call('sendMessage', { chat_id: chatId, text: 'Sí, de 10 a 14.' });
    expect(sent.body).toEqual({
      ok: true,
      result: {
        message_id: expect.any(Number),
        from: { id: 7000000001, is_bot: true, first_name: 'Bot de pruebas', username: 'pruebas_7000000001_bot' },
        chat: { id: Number(chatId), type: 'private', first_name: 'Pedro', username: 'pedro' },
        date: expect.any(Number),
        text: 'Sí, de 10 a 14.',
      },
    });
    expect(sent.body.result.message_id).toBeGreaterThan(Number(asked.body.thread.messages[0].id));
    expect(t.sandbox.threads('telegram').find((thread) => thread.id === asked.body.thread.id)?.messages.map((message) => [message.from, message.text])).toEqual([
      ['customer', '¿Abrís el sábado?'],
      ['brand', 'Sí, de 10 a 14.'],
    ]);
    expect((await call('sendMessage', { chat_id: chatId, text: 'x' }, OTHER_BOT)).body).toEqual({ ok: false, error_code: 400, description: 'Bad Request: chat not found' });
    expect(t.sandbox.posts('telegram')).toEqual([]);
  });

  it('setWebhook checks the secret token; deleteWebhook with drop_pending_updates drops what waits', async () => {
    expect((await call('setWebhook', { url: receiver.url, secret_token: 'no válido' })).body).toMatchObject({ ok: false, error_code: 400 });
    expect((await call('deleteWebhook')).body).toEqual({ ok: true, result: true, description: 'Webhook was deleted' });
    expect((await call('deleteWebhook')).body.description).toBe('Webhook is already deleted');
    await write('Nadie escucha');
    expect((await call('getWebhookInfo')).body.result.pending_update_count).toBe(1);
    await call('deleteWebhook', { drop_pending_updates: true });
    expect((await call('getWebhookInfo')).body.result.pending_update_count).toBe(0);
  });
});

describe('telegram across a restart', () => {
  it('keeps the webhook, the threads and the pending updates, and sends them when the sandbox is back', async () => {
    const first = await startTestSandbox({ webhookRetryDelaysMs: RETRY_DELAYS_MS });
    const stateDir = first.stateDir;
    const local = await startReceiver();
    try {
      const api = first.sandbox.apps().telegram.urls.api;
      await fetch(`${api}/bot${BOT_TOKEN}/setWebhook?url=${encodeURIComponent(`${local.url}/down`)}`);
      local.answers.push(500);
      await hook(first.sandbox, 'dm', { network: 'telegram', targetId: BOT_ID, customer: { name: 'Reinicio' }, text: 'hola' });
      await first.sandbox.stop();
      const second = await startTestSandbox({ stateDir, webhookRetryDelaysMs: RETRY_DELAYS_MS });
      try {
        await eventually(async () => second.sandbox.deliveries('telegram')[0]?.state === 'delivered');
        expect(local.received.map((entry) => entry.raw)).toHaveLength(2);
        expect(second.sandbox.threads('telegram')[0]?.messages[0]?.text).toBe('hola');
      } finally {
        await second.close();
      }
    } finally {
      await local.close();
    }
  });
});
