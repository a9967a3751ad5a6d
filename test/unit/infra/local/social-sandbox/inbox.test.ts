/**
 * The "as a customer" pages (issue 14): `/N/inbox` for Facebook, Instagram and Telegram, labelled
 * "Red de pruebas", under a strict CSP, whose form delivers to the product's webhook and comes back
 * with a notice; each thread shows the customer's messages and the brand's replies, escaped. And
 * the inbox state (subscriptions, threads, deliveries) surviving a restart.
 */
import { describe, expect, it } from 'vitest';
import { postJson, send, startTestSandbox, TARGET } from './support';
import { dm, inboxEnv, pageToken, publishedPost, subscribePage, VERIFY_TOKEN } from './inboxSupport';

const env = inboxEnv();

const submit = (network: string, fields: Record<string, string>) => send(`${env.t.sandbox.url}/${network}/inbox`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

describe('inbox pages', () => {
  it('each network’s page is labelled, server-rendered and under a strict CSP', async () => {
    for (const [network, label] of [
      ['facebook', 'Facebook'],
      ['instagram', 'Instagram'],
      ['telegram', 'Telegram'],
    ] as const) {
      const page = await send(`${env.t.sandbox.url}/${network}/inbox`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.text).toContain(`<h1>Red de pruebas · ${label} — Mensajes</h1>`);
      expect(page.text).not.toContain('<script');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    }
    expect((await send(`${env.t.sandbox.url}/x/inbox`)).status).toBe(404);
    expect((await send(`${env.t.sandbox.url}/`)).text).toContain('href="/facebook/inbox"');
  });

  it('the form delivers a DM to the webhook, comes back with a notice, and shows the thread with the brand’s reply, escaped', async () => {
    const text = '<script>alert("hola")</script> & <b>negrita</b>';
    const posted = await submit('facebook', { targetId: TARGET.facebook, customerName: 'Eva <img src=x>', text, postId: '' });
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location') ?? '';
    expect(location).toMatch(/^\/facebook\/inbox\?estado=entregado#hilo-/);
    expect(JSON.parse(env.receiver.received.at(-1)?.raw ?? '{}').entry[0].messaging[0].message.text).toBe(text);
    const thread = env.t.sandbox.threads('facebook').at(-1);
    await postJson(`${env.t.sandbox.apps().facebook.urls.api}/${TARGET.facebook}/messages`, env.tokens.facebook, {
      recipient: { id: thread?.customer.id },
      messaging_type: 'RESPONSE',
      message: { text: 'Respuesta <i>de la marca</i>' },
    });
    const page = await send(`${env.t.sandbox.url}${location.split('#')[0]}`);
    expect(page.text).toContain('Enviado: el webhook de la aplicación lo recibió.');
    expect(page.text).toContain('&lt;script&gt;alert(&quot;hola&quot;)&lt;/script&gt; &amp; &lt;b&gt;negrita&lt;/b&gt;');
    expect(page.text).toContain('Eva &lt;img src=x&gt;');
    expect(page.text).toContain('Respuesta &lt;i&gt;de la marca&lt;/i&gt;');
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).not.toContain('<img src=x>');
    expect(page.text).toContain(`id="hilo-${thread?.id}"`);
  });

  it('a comment on one of the feed’s posts from the page; a refused send shows why', async () => {
    const postId = await publishedPost(env, 'facebook');
    const page = await send(`${env.t.sandbox.url}/facebook/inbox`);
    expect(page.text).toContain(`<option value="${postId}">`);
    const posted = await submit('facebook', { targetId: TARGET.facebook, customerName: 'Comentarista', text: 'Buen precio', postId });
    expect(posted.status).toBe(303);
    expect(JSON.parse(env.receiver.received.at(-1)?.raw ?? '{}').entry[0].changes[0].value).toMatchObject({ item: 'comment', post_id: postId, message: 'Buen precio' });
    const refused = await submit('instagram', { targetId: TARGET.instagram, customerName: 'Nadie', text: '' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('text is required');
  });

  it('Telegram: without a webhook the page says the update waits', async () => {
    const posted = await submit('telegram', { targetId: '7000000009', customerName: 'Tg', text: 'hola' });
    const location = posted.headers.get('location') ?? '';
    expect(location).toMatch(/estado=sin-actualizaciones/);
    const page = await send(`${env.t.sandbox.url}${location.split('#')[0]}`);
    expect(page.text).toContain('@pruebas_7000000009_bot');
    expect(page.text).toContain('la actualización queda pendiente');
  });
});

describe('restart', () => {
  it('subscriptions, threads and deliveries persist; and customers keep their ids', async () => {
    const first = await startTestSandbox({ webhooks: [{ network: 'instagram', url: `${env.receiver.url}/ig`, verifyToken: VERIFY_TOKEN }] });
    await subscribePage(first.sandbox, 'instagram', await pageToken(first.sandbox, 'instagram'));
    const written = await dm(first.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Persistente' }, text: 'antes' });
    await first.sandbox.stop();
    const second = await startTestSandbox({ stateDir: first.stateDir });
    try {
      expect((await send(`${second.sandbox.url}/__sandbox/webhooks`)).body.webhooks).toEqual([expect.objectContaining({ network: 'instagram', url: `${env.receiver.url}/ig` })]);
      expect(second.sandbox.deliveries('instagram').map((delivery) => delivery.id)).toEqual([written.body.delivery.id]);
      const again = await dm(second.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Persistente' }, text: 'después' });
      expect(again.body.thread.customer.id).toBe(written.body.thread.customer.id);
      expect(again.body.thread.messages.map((message: { text: string }) => message.text)).toEqual(['antes', 'después']);
    } finally {
      await second.close();
    }
  });
});
