/**
 * Meta's Page Subscribed Apps edge in the "Red de pruebas" (issue 14): a page subscribes the app
 * with its own token and pages_manage_metadata; Graph's errors otherwise; page webhooks go out only
 * for subscribed pages (Facebook per field, Instagram through the linked page), and the state
 * survives a restart.
 */
import { describe, expect, it } from 'vitest';
import { callApi, connectWith, hook, postForm, startTestSandbox, TARGET } from './support';
import { dm, INBOX_SCOPES, pageToken, publishedPost, subscribePage, VERIFY_TOKEN, inboxEnv } from './inboxSupport';

const PAGE = TARGET.facebook;
const OTHER_PAGE = '200000000000002';

describe('POST|GET|DELETE /{page-id}/subscribed_apps', () => {
  it('subscribes with the page token and lists the fields; DELETE removes them', async () => {
    const t = await startTestSandbox();
    try {
      const token = await pageToken(t.sandbox, 'facebook');
      const api = t.sandbox.apps().facebook.urls.api;
      expect((await callApi(t.sandbox, 'facebook', `/${PAGE}/subscribed_apps`, token)).body).toEqual({ data: [] });
      const subscribed = await postForm(`${api}/${PAGE}/subscribed_apps`, token, { subscribed_fields: 'messages,feed' });
      expect(subscribed.status).toBe(200);
      expect(subscribed.body).toEqual({ success: true });
      const listed = await callApi(t.sandbox, 'facebook', `/${PAGE}/subscribed_apps`, token);
      expect(listed.body.data).toEqual([expect.objectContaining({ id: t.sandbox.apps().facebook.clientId, subscribed_fields: ['messages', 'feed'] })]);
      expect((await callApi(t.sandbox, 'facebook', `/${PAGE}/subscribed_apps`, token, { method: 'DELETE' })).body).toEqual({ success: true });
      expect((await callApi(t.sandbox, 'facebook', `/${PAGE}/subscribed_apps`, token)).body).toEqual({ data: [] });
    } finally {
      await t.close();
    }
  });

  it('answers Graph errors: a user token, another page, no fields, an unknown field, a wrong token, a missing scope', async () => {
    const t = await startTestSandbox();
    try {
      const api = t.sandbox.apps().facebook.urls.api;
      const token = await pageToken(t.sandbox, 'facebook');
      const expectCode = async (answer: Promise<{ status: number; body: { error?: { code: number; type: string } } }>, code: number) => {
        const { status, body } = await answer;
        expect(status).toBeGreaterThanOrEqual(400);
        expect(body.error).toMatchObject({ code, type: 'OAuthException' });
      };
      const user = (await connectWith(t.sandbox, 'facebook', { scope: INBOX_SCOPES.facebook })).body.access_token as string;
      await expectCode(postForm(`${api}/${PAGE}/subscribed_apps`, user, { subscribed_fields: 'messages' }), 210);
      await expectCode(postForm(`${api}/${OTHER_PAGE}/subscribed_apps`, token, { subscribed_fields: 'messages' }), 100);
      await expectCode(postForm(`${api}/${PAGE}/subscribed_apps`, token, {}), 100);
      await expectCode(postForm(`${api}/${PAGE}/subscribed_apps`, token, { subscribed_fields: 'messages,nope' }), 100);
      await expectCode(postForm(`${api}/${PAGE}/subscribed_apps`, 'EAAwrong', { subscribed_fields: 'messages' }), 190);
      const noMetadata = await pageToken(t.sandbox, 'facebook', INBOX_SCOPES.facebook.replace(',pages_manage_metadata', ''));
      const refused = await postForm(`${api}/${PAGE}/subscribed_apps`, noMetadata, { subscribed_fields: 'messages' });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(refused.body)).toContain('pages_manage_metadata');
      expect((await postForm(`${api}/${PAGE}/subscribed_apps`, token, { subscribed_fields: 'messages' })).body).toEqual({ success: true });
    } finally {
      await t.close();
    }
  });

  it('Instagram: the linked page subscribes through /me with its token; the state persists across a restart', async () => {
    const t = await startTestSandbox();
    const stateDir = t.stateDir;
    try {
      const token = await pageToken(t.sandbox, 'instagram');
      expect((await subscribePage(t.sandbox, 'instagram', token)).body).toEqual({ success: true });
      expect((await callApi(t.sandbox, 'instagram', `/${PAGE}/subscribed_apps`, token)).body.data[0].subscribed_fields).toEqual(['messages']);
      await t.sandbox.stop();
      const again = await startTestSandbox({ stateDir });
      try {
        expect((await callApi(again.sandbox, 'instagram', '/me/subscribed_apps', token)).body.data[0].subscribed_fields).toEqual(['messages']);
      } finally {
        await again.close();
      }
    } catch (error) {
      await t.close();
      throw error;
    }
  });
});

describe('delivery only to subscribed pages', () => {
  const env = inboxEnv();

  it('a Facebook comment needs the feed field: subscribed to messages only, the comment is kept with no delivery', async () => {
    const post = await publishedPost(env, 'facebook');
    expect((await subscribePage(env.t.sandbox, 'facebook', env.tokens.facebook, 'messages')).status).toBe(200);
    const kept = await dm(env.t.sandbox, { network: 'facebook', targetId: PAGE, customer: { name: 'Eva' }, text: '¿precio?', kind: 'comment', postId: post });
    expect(kept.body.delivery).toBeNull();
    expect(kept.body.reason).toMatch(/'feed'/);
    const dmDelivered = await dm(env.t.sandbox, { network: 'facebook', targetId: PAGE, customer: { name: 'Eva' }, text: 'hola' });
    expect(dmDelivered.body.delivery).not.toBeNull();
    expect((await subscribePage(env.t.sandbox, 'facebook', env.tokens.facebook)).status).toBe(200);
    const delivered = await dm(env.t.sandbox, { network: 'facebook', targetId: PAGE, customer: { name: 'Eva' }, text: '¿precio?', kind: 'comment', postId: post });
    expect(delivered.body.delivery).not.toBeNull();
  });

  it('Instagram DMs wait for the linked page; the app webhook alone is not enough', async () => {
    const token = env.tokens.instagram;
    await callApi(env.t.sandbox, 'instagram', '/me/subscribed_apps', token, { method: 'DELETE' });
    const kept = await dm(env.t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Leo' }, text: 'hola' });
    expect(kept.body.delivery).toBeNull();
    expect(kept.body.reason).toContain(PAGE);
    expect((await hook(env.t.sandbox, 'webhooks', { network: 'instagram', url: `${env.receiver.url}/webhooks/instagram`, verifyToken: VERIFY_TOKEN })).status).toBe(200);
    expect((await dm(env.t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Leo' }, text: 'hola' })).body.delivery).toBeNull();
    await subscribePage(env.t.sandbox, 'instagram', token);
    expect((await dm(env.t.sandbox, { network: 'instagram', targetId: TARGET.instagram, customer: { name: 'Leo' }, text: 'hola' })).body.delivery).not.toBeNull();
  });
});
