/**
 * Meta webhooks of the "Red de pruebas" (issue 14): the verification handshake on subscribing,
 * the X-Hub-Signature-256 over the exact raw body (checked here with node:crypto), the documented
 * bodies of Messenger and Instagram DMs and of Facebook and Instagram comments, retries with every
 * attempt recorded, the timeout, redelivery (same body, same signature) and a wrong signature on demand.
 */
import { describe, expect, it } from 'vitest';
import { send, eventually, hook, startTestSandbox, TARGET } from './support';
import { dm, expectedSignature, inboxEnv, pageToken, publishedPost, RETRY_DELAYS_MS, subscribePage, VERIFY_TOKEN } from './inboxSupport';
import { startReceiver } from './receiver';

const env = inboxEnv({ timeoutMs: 500 });
const secret = (network: 'facebook' | 'instagram') => env.t.sandbox.apps()[network].clientSecret;
const last = () => env.receiver.received.at(-1);

describe('subscribing (verify handshake)', () => {
  it('verifies with hub.mode, hub.verify_token and a random hub.challenge, and lists the subscription without its token', async () => {
    const seen = env.receiver.verifications.at(-1);
    expect(seen?.get('hub.mode')).toBe('subscribe');
    expect(seen?.get('hub.verify_token')).toBe(VERIFY_TOKEN);
    expect(seen?.get('hub.challenge')).toMatch(/^\d+$/);
    expect(env.receiver.verifications[0]?.get('hub.challenge')).not.toBe(seen?.get('hub.challenge'));
    const listed = await send(`${env.t.sandbox.url}/__sandbox/webhooks`);
    expect(listed.body.webhooks).toEqual(
      expect.arrayContaining([{ network: 'facebook', url: `${env.receiver.url}/webhooks/facebook`, verified: true, verifiedAt: expect.any(String) }]),
    );
    expect(listed.text).not.toContain(VERIFY_TOKEN);
  });

  it('refuses an endpoint that does not echo the challenge (wrong token), keeping the old subscription', async () => {
    const answer = await hook(env.t.sandbox, 'webhooks', { network: 'facebook', url: `${env.receiver.url}/otra`, verifyToken: 'otro-token' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/couldn't be validated.*403/);
    const listed = await send(`${env.t.sandbox.url}/__sandbox/webhooks`);
    expect(listed.body.webhooks.find((entry: { network: string }) => entry.network === 'facebook').url).toBe(`${env.receiver.url}/webhooks/facebook`);
    expect((await hook(env.t.sandbox, 'webhooks', { network: 'x', url: env.receiver.url, verifyToken: 'a' })).status).toBe(400);
  });

  it('an endpoint answering 200 with another body is refused too', async () => {
    // The sandbox's own index page answers 200 with HTML, not the challenge.
    const wrongEcho = await hook(env.t.sandbox, 'webhooks', { network: 'instagram', url: `${env.t.sandbox.url}/`, verifyToken: 'x' });
    expect(wrongEcho.status).toBe(400);
    expect(wrongEcho.body.error).toMatch(/did not match the challenge/);
  });
});

describe('deliveries', () => {
  it('a Messenger DM: the documented body, JSON, signed with the Facebook app secret over the raw body', async () => {
    const answer = await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Ana Pérez' }, text: 'Hola, ¿tenéis cita el lunes?' });
    expect(answer.status).toBe(200);
    expect(answer.body.delivery).toMatchObject({ network: 'facebook', url: `${env.receiver.url}/webhooks/facebook`, state: 'delivered', attempt: 1, status: 200 });
    const got = last();
    expect(got?.path).toBe('/webhooks/facebook');
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['x-hub-signature-256']).toBe(expectedSignature(got?.raw ?? '', secret('facebook')));
    const body = JSON.parse(got?.raw ?? '{}');
    const psid = answer.body.thread.customer.id;
    expect(body).toEqual({
      object: 'page',
      entry: [
        {
          id: TARGET.facebook,
          time: expect.any(Number),
          messaging: [{ sender: { id: psid }, recipient: { id: TARGET.facebook }, timestamp: expect.any(Number), message: { mid: expect.stringMatching(/^m_/), text: 'Hola, ¿tenéis cita el lunes?' } }],
        },
      ],
    });
    expect(psid).toMatch(/^\d{16}$/);
    expect(answer.body.delivery.bodyId).toBe(body.entry[0].messaging[0].message.mid);
    // The same customer name on the same page is the same PSID (one conversation).
    const again = await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Ana Pérez' }, text: 'Otra cosa' });
    expect(again.body.thread.customer.id).toBe(psid);
    expect(again.body.thread.messages.map((message: { text: string }) => message.text)).toEqual(['Hola, ¿tenéis cita el lunes?', 'Otra cosa']);
  });

  it('an Instagram DM: object instagram, the IG account, the IGSID; signed with the Instagram app secret', async () => {
    const answer = await dm(env.t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { id: '9876543210123', name: 'Luis' }, text: 'Precio?' });
    const got = last();
    expect(got?.path).toBe('/webhooks/instagram');
    expect(got?.headers['x-hub-signature-256']).toBe(expectedSignature(got?.raw ?? '', secret('instagram')));
    expect(got?.headers['x-hub-signature-256']).not.toBe(expectedSignature(got?.raw ?? '', secret('facebook')));
    expect(JSON.parse(got?.raw ?? '{}')).toEqual({
      object: 'instagram',
      entry: [{ id: TARGET.instagram, time: expect.any(Number), messaging: [{ sender: { id: '9876543210123' }, recipient: { id: TARGET.instagram }, timestamp: expect.any(Number), message: { mid: answer.body.delivery.bodyId, text: 'Precio?' } }] }],
    });
  });

  it('a comment on a Facebook page post: the feed change', async () => {
    const postId = await publishedPost(env, 'facebook');
    const answer = await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Marta' }, text: '¡Me interesa!', kind: 'comment', postId });
    expect(answer.status).toBe(200);
    const body = JSON.parse(last()?.raw ?? '{}');
    const postNumber = postId.split('_')[1];
    expect(body).toEqual({
      object: 'page',
      entry: [
        {
          id: TARGET.facebook,
          time: expect.any(Number),
          changes: [
            {
              field: 'feed',
              value: {
                item: 'comment',
                verb: 'add',
                comment_id: expect.stringMatching(new RegExp(`^${postNumber}_\\d+$`)),
                post_id: postId,
                parent_id: postId,
                message: '¡Me interesa!',
                from: { id: answer.body.thread.customer.id, name: 'Marta' },
                created_time: expect.any(Number),
              },
            },
          ],
        },
      ],
    });
    expect(body.entry[0].changes[0].value.created_time).toBe(Math.floor(body.entry[0].time / 1000));
    expect(answer.body.thread).toMatchObject({ kind: 'comment', id: body.entry[0].changes[0].value.comment_id, postId });
  });

  it('a comment on an Instagram media: the comments change', async () => {
    const mediaId = await publishedPost(env, 'instagram');
    const answer = await dm(env.t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Pablo Ruiz' }, text: 'Info por DM', kind: 'comment', postId: mediaId });
    expect(JSON.parse(last()?.raw ?? '{}')).toEqual({
      object: 'instagram',
      entry: [
        {
          id: TARGET.instagram,
          time: expect.any(Number),
          changes: [{ field: 'comments', value: { id: answer.body.thread.commentId, text: 'Info por DM', from: { id: answer.body.thread.customer.id, username: 'pablo_ruiz' }, media: { id: mediaId, media_product_type: 'FEED' } } }],
        },
      ],
    });
  });

  it('refuses a comment on a post that is not in the feed, and unknown targets', async () => {
    expect((await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'X' }, text: 'a', kind: 'comment', postId: `${TARGET.facebook}_999` })).status).toBe(400);
    expect((await dm(env.t.sandbox, { network: 'facebook', targetId: '123', customer: { name: 'X' }, text: 'a' })).status).toBe(400);
    expect((await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: '' }, text: 'a' })).status).toBe(400);
  });

  it('retries a non-2xx with backoff, recording every attempt, until a 2xx', async () => {
    env.receiver.answers.push(500, 503);
    const before = env.receiver.received.length;
    const answer = await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Reintento' }, text: 'uno' });
    expect(answer.body.delivery).toMatchObject({ state: 'pending', attempt: 1, status: 500 });
    const id = answer.body.delivery.id;
    const done = await eventually(async () => {
      const list = (await send(`${env.t.sandbox.url}/__sandbox/deliveries?network=facebook`)).body.deliveries;
      const found = list.find((delivery: { id: string }) => delivery.id === id);
      return found?.state === 'delivered' ? found : null;
    }, 5000);
    expect(done.attempts.map((attempt: { attempt: number; status: number }) => [attempt.attempt, attempt.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    const bodies = env.receiver.received.slice(before).map((got) => got.raw);
    expect(new Set(bodies).size).toBe(1);
  });

  it('gives up after the last retry (failed), and a timeout is a failed attempt', async () => {
    env.receiver.answers.push(...Array(RETRY_DELAYS_MS.length + 1).fill(500));
    const failed = await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Falla' }, text: 'dos' });
    const record = await eventually(async () => {
      const found = env.t.sandbox.deliveries('facebook').find((delivery) => delivery.id === failed.body.delivery.id);
      return found?.state === 'failed' ? found : null;
    }, 5000);
    expect(record.attempt).toBe(RETRY_DELAYS_MS.length + 1);
    env.receiver.answers.push(0);
    const slow = await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Lento' }, text: 'tres' });
    expect(slow.body.delivery).toMatchObject({ state: 'pending', status: null, attempts: [{ attempt: 1, status: null, error: 'timeout' }] });
    await eventually(async () => env.t.sandbox.deliveries('facebook').find((delivery) => delivery.id === slow.body.delivery.id)?.state === 'delivered', 5000);
  });

  it('redelivers the same raw body with the same signature (a replay), as a new recorded delivery', async () => {
    const answer = await dm(env.t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Replay' }, text: 'hola' });
    const first = last();
    const replay = await hook(env.t.sandbox, `deliveries/${answer.body.delivery.id}/redeliver`, {});
    expect(replay.body.delivery).toMatchObject({ redeliveryOf: answer.body.delivery.id, state: 'delivered', bodyId: answer.body.delivery.bodyId });
    expect(replay.body.delivery.id).not.toBe(answer.body.delivery.id);
    const second = last();
    expect(second?.raw).toBe(first?.raw);
    expect(second?.headers['x-hub-signature-256']).toBe(first?.headers['x-hub-signature-256']);
    expect((await hook(env.t.sandbox, 'deliveries/d_nope/redeliver', {})).status).toBe(404);
  });

  it('badSignature signs with a wrong secret', async () => {
    await dm(env.t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'Firma' }, text: 'mala', badSignature: true });
    const got = last();
    expect(got?.headers['x-hub-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(got?.headers['x-hub-signature-256']).not.toBe(expectedSignature(got?.raw ?? '', secret('facebook')));
  });
});

describe('subscriptions at start', () => {
  it('the factory option subscribes without verifying; without the app’s subscription, or the page’s, a DM is kept with no delivery and the reason', async () => {
    const receiver = await startReceiver();
    const t = await startTestSandbox({ webhooks: [{ network: 'facebook', url: `${receiver.url}/wh`, verifyToken: 'x' }] });
    try {
      expect(receiver.verifications).toEqual([]);
      expect((await send(`${t.sandbox.url}/__sandbox/webhooks`)).body.webhooks).toEqual([{ network: 'facebook', url: `${receiver.url}/wh`, verified: false, verifiedAt: null }]);
      const unsubscribed = await dm(t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'A' }, text: 'antes' });
      expect(unsubscribed.body.delivery).toBeNull();
      expect(unsubscribed.body.reason).toMatch(/has not subscribed the app to 'messages'/);
      expect((await subscribePage(t.sandbox, 'facebook', await pageToken(t.sandbox, 'facebook'))).body).toEqual({ success: true });
      const delivered = await dm(t.sandbox, { network: 'facebook', targetId: TARGET.facebook, customer: { name: 'A' }, text: 'hola' });
      expect(delivered.body.delivery.state).toBe('delivered');
      expect(receiver.received).toHaveLength(1);
      const none = await dm(t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'A' }, text: 'hola' });
      expect(none.status).toBe(200);
      expect(none.body.delivery).toBeNull();
      expect(none.body.reason).toMatch(/no webhook subscription/);
      expect(none.body.thread.messages).toHaveLength(1);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
