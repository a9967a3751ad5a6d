/**
 * The sandbox's network APIs: the Bearer token is checked (missing, unknown, expired → the
 * network's own 401 body), the consent's scopes are enforced, Meta's fields, paging and page
 * tokens behave as Graph does, and LinkedIn's /rest calls need LinkedIn-Version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_NETWORKS, type OAuthNetwork } from '@director-ia/shared';
import { ACCOUNT_CALL, callApi, connect, connectWith, hook, requestToken, startTestSandbox, type TestSandbox } from './support';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

/** The body shape each network answers a bad or expired token with. */
const UNAUTHORIZED: Record<OAuthNetwork, { status: number; body: unknown }> = {
  facebook: { status: 400, body: { error: expect.objectContaining({ type: 'OAuthException', code: 190 }) } },
  instagram: { status: 400, body: { error: expect.objectContaining({ type: 'OAuthException', code: 190 }) } },
  x: { status: 401, body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } },
  linkedin: { status: 401, body: expect.objectContaining({ status: 401, serviceErrorCode: expect.any(Number) }) },
  youtube: { status: 401, body: { error: expect.objectContaining({ code: 401, status: 'UNAUTHENTICATED' }) } },
  tiktok: { status: 401, body: { data: {}, error: expect.objectContaining({ code: 'access_token_invalid' }) } },
  pinterest: { status: 401, body: { code: 2, message: 'Authentication failed.' } },
};

describe('token checks', () => {
  it.each(OAUTH_NETWORKS)('%s: an unknown token gets the network’s 401 body', async (network) => {
    const answer = await callApi(t.sandbox, network, ACCOUNT_CALL[network], 'not-a-token');
    expect(answer).toEqual(UNAUTHORIZED[network]);
  });

  it.each(OAUTH_NETWORKS)('%s: an expired token gets the network’s 401 body', async (network) => {
    expect((await hook(t.sandbox, 'lifetime', { network, seconds: 0 })).body).toEqual({ network, seconds: 0 });
    const tokens = await connect(t.sandbox, network);
    expect(tokens.body.expires_in).toBe(0);
    expect(await callApi(t.sandbox, network, ACCOUNT_CALL[network], tokens.body.access_token)).toEqual(UNAUTHORIZED[network]);
    await hook(t.sandbox, 'lifetime', { network, seconds: null });
    expect((await connect(t.sandbox, network)).body.expires_in).toBeGreaterThan(3000);
  });

  it('Meta says when a token expired (subcode 463); LinkedIn says EXPIRED_ACCESS_TOKEN', async () => {
    await hook(t.sandbox, 'lifetime', { network: 'facebook', seconds: 0 });
    await hook(t.sandbox, 'lifetime', { network: 'linkedin', seconds: 0 });
    const facebook = await connect(t.sandbox, 'facebook');
    const linkedin = await connect(t.sandbox, 'linkedin');
    await hook(t.sandbox, 'lifetime', { network: 'facebook', seconds: null });
    await hook(t.sandbox, 'lifetime', { network: 'linkedin', seconds: null });
    expect((await callApi(t.sandbox, 'facebook', '/me', facebook.body.access_token)).body.error).toMatchObject({ code: 190, error_subcode: 463 });
    expect((await callApi(t.sandbox, 'linkedin', '/v2/userinfo', linkedin.body.access_token)).body).toMatchObject({ code: 'EXPIRED_ACCESS_TOKEN' });
  });

  it('a token of one network does not open another', async () => {
    const x = await connect(t.sandbox, 'x');
    expect((await callApi(t.sandbox, 'pinterest', '/user_account', x.body.access_token)).status).toBe(401);
  });

  it('a refresh token is not an access token', async () => {
    const tiktok = await connect(t.sandbox, 'tiktok');
    expect((await callApi(t.sandbox, 'tiktok', ACCOUNT_CALL.tiktok, tiktok.body.refresh_token)).status).toBe(401);
  });

  it('Meta also takes the token as access_token in the query; a call without any token is refused', async () => {
    const tokens = await connect(t.sandbox, 'facebook');
    const byQuery = await fetch(`${t.sandbox.apps().facebook.urls.api}/me?access_token=${encodeURIComponent(tokens.body.access_token)}`);
    expect(await byQuery.json()).toEqual({ id: '100000000000001', name: 'Usuario de pruebas' });
    const none = await fetch(`${t.sandbox.apps().facebook.urls.api}/me`);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: { code: 2500 } });
  });

  it('the revoke hook ends every consent of a network at once', async () => {
    const first = await connect(t.sandbox, 'pinterest');
    const second = await connect(t.sandbox, 'pinterest');
    const other = await connect(t.sandbox, 'tiktok');
    const revoked = await hook(t.sandbox, 'revoke', { network: 'pinterest' });
    expect(revoked.body).toEqual({ network: 'pinterest', revoked: expect.any(Number) });
    expect(revoked.body.revoked).toBeGreaterThanOrEqual(2);
    for (const tokens of [first, second]) {
      expect((await callApi(t.sandbox, 'pinterest', '/user_account', tokens.body.access_token)).status).toBe(401);
      expect((await requestToken(t.sandbox, 'pinterest', { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token })).status).toBe(400);
    }
    expect((await callApi(t.sandbox, 'tiktok', ACCOUNT_CALL.tiktok, other.body.access_token)).status).toBe(200);
  });
});

describe('scopes', () => {
  it('Facebook without pages_show_list cannot list pages (code 200)', async () => {
    const tokens = await connectWith(t.sandbox, 'facebook', { scope: 'pages_manage_posts' });
    const pages = await callApi(t.sandbox, 'facebook', ACCOUNT_CALL.facebook, tokens.body.access_token);
    expect(pages.status).toBe(400);
    expect(pages.body.error).toMatchObject({ type: 'OAuthException', code: 200 });
  });

  it('YouTube with only the upload scope cannot list channels (403)', async () => {
    const tokens = await connectWith(t.sandbox, 'youtube', { scope: 'https://www.googleapis.com/auth/youtube.upload' });
    const channels = await callApi(t.sandbox, 'youtube', ACCOUNT_CALL.youtube, tokens.body.access_token);
    expect(channels.status).toBe(403);
    expect(channels.body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
  });
});

describe('Meta pages', () => {
  it('follows paging.next on the api origin and gives stable, non-expiring page tokens from a long-lived user token', async () => {
    const short = await connect(t.sandbox, 'instagram');
    const long = await requestToken(t.sandbox, 'instagram', { grant_type: 'fb_exchange_token', fb_exchange_token: short.body.access_token });
    const first = await callApi(t.sandbox, 'instagram', '/me/accounts?fields=id,name,access_token,instagram_business_account{id,username}&limit=1', long.body.access_token);
    expect(first.body.data).toEqual([
      { id: '200000000000001', name: 'Página de pruebas', access_token: expect.any(String), instagram_business_account: expect.objectContaining({ username: 'marca_de_pruebas' }) },
    ]);
    const next: string = first.body.paging.next;
    expect(next.startsWith(`${t.sandbox.apps().instagram.urls.api}/me/accounts?`)).toBe(true);
    const second = await (await fetch(next, { headers: { authorization: `Bearer ${long.body.access_token}` } })).json();
    expect(second.data).toEqual([{ id: '200000000000002', name: 'Segunda página de pruebas', access_token: expect.any(String) }]);
    expect(second.paging.next).toBeUndefined();
    const again = await callApi(t.sandbox, 'instagram', '/me/accounts?fields=id,access_token&limit=1', long.body.access_token);
    expect(again.body.data[0].access_token).toBe(first.body.data[0].access_token);
    // A page token is not a user token.
    expect((await callApi(t.sandbox, 'instagram', '/me', first.body.data[0].access_token)).status).toBe(400);
  });

  it('answers only the fields asked (plus id)', async () => {
    const tokens = await connect(t.sandbox, 'facebook');
    const me = await callApi(t.sandbox, 'facebook', '/me?fields=id,name,picture{url}', tokens.body.access_token);
    expect(me.body).toEqual({ id: '100000000000001', name: 'Usuario de pruebas', picture: { data: expect.objectContaining({ url: `${t.sandbox.url}/avatars/facebook.svg` }) } });
  });
});

describe('other shapes', () => {
  it('unknown API paths get the network’s 404', async () => {
    const tokens = await connect(t.sandbox, 'x');
    expect((await callApi(t.sandbox, 'x', '/nothing/here', tokens.body.access_token)).body).toMatchObject({ status: 404, title: 'Not Found Error' });
  });

  it('LinkedIn /rest calls need LinkedIn-Version', async () => {
    const tokens = await connect(t.sandbox, 'linkedin');
    const missing = await callApi(t.sandbox, 'linkedin', '/rest/posts', tokens.body.access_token, { method: 'POST' });
    expect(missing).toEqual({ status: 400, body: expect.objectContaining({ code: 'VERSION_MISSING' }) });
  });

  it('YouTube needs part and a filter', async () => {
    const tokens = await connect(t.sandbox, 'youtube');
    expect((await callApi(t.sandbox, 'youtube', '/channels?mine=true', tokens.body.access_token)).status).toBe(400);
    expect((await callApi(t.sandbox, 'youtube', '/channels?part=snippet', tokens.body.access_token)).status).toBe(400);
  });

  it('TikTok answers the fields asked and needs some', async () => {
    const tokens = await connect(t.sandbox, 'tiktok');
    const user = await callApi(t.sandbox, 'tiktok', '/user/info/?fields=display_name', tokens.body.access_token);
    expect(user.body.data).toEqual({ user: { display_name: 'Cuenta de pruebas' } });
    expect((await callApi(t.sandbox, 'tiktok', '/user/info/', tokens.body.access_token)).body.error).toMatchObject({ code: 'invalid_params' });
  });

  it('Pinterest user account and board paging', async () => {
    const tokens = await connect(t.sandbox, 'pinterest');
    expect((await callApi(t.sandbox, 'pinterest', '/user_account', tokens.body.access_token)).body).toMatchObject({
      username: 'cuenta_de_pruebas',
      account_type: 'BUSINESS',
      profile_image: `${t.sandbox.url}/avatars/pinterest.svg`,
    });
    const first = await callApi(t.sandbox, 'pinterest', '/boards?page_size=1', tokens.body.access_token);
    expect(first.body.items.map((board: { name: string }) => board.name)).toEqual(['Tablero de pruebas']);
    const second = await callApi(t.sandbox, 'pinterest', `/boards?page_size=1&bookmark=${first.body.bookmark}`, tokens.body.access_token);
    expect(second.body).toMatchObject({ items: [{ name: 'Ideas de pruebas', media: { image_cover_url: expect.any(String) } }], bookmark: null });
  });
});
