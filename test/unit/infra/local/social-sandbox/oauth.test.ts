/**
 * The sandbox's OAuth server per network: consent page, approve and cancel redirects, invalid
 * authorize requests, code exchange (single use, bound to client and redirect URI, PKCE, 10-minute
 * expiry), refresh (rotating, keeping, refused), Meta's long-lived exchange, client
 * authentication and revocation, each in the network's documented shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_NETWORKS, type OAuthNetwork } from '@director-ia/shared';
import {
  ACCOUNT_CALL,
  CLIENT_SETUP,
  REDIRECT,
  approve,
  authorizeUrl,
  callApi,
  connect,
  connectWith,
  decide,
  exchange,
  openConsent,
  pkcePair,
  requestToken,
  startTestSandbox,
  type TestSandbox,
} from './support';

let t: TestSandbox;
let now = Date.now();
beforeAll(async () => {
  t = await startTestSandbox({ clock: () => now });
});
afterAll(() => t.close());

const ACCESS_LIFETIME: Record<OAuthNetwork, number> = { facebook: 3600, instagram: 3600, x: 7200, linkedin: 5183999, youtube: 3599, tiktok: 86400, pinterest: 2592000 };

describe('approve → code → token → api', () => {
  it.each(OAUTH_NETWORKS)('%s', async (network) => {
    const { code, verifier } = await approve(t.sandbox, network);
    const tokens = await exchange(t.sandbox, network, code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body.access_token).toEqual(expect.any(String));
    expect(tokens.body.expires_in).toBe(ACCESS_LIFETIME[network]);
    const api = await callApi(t.sandbox, network, ACCOUNT_CALL[network], tokens.body.access_token);
    expect(api.status).toBe(200);
    const expected: Record<OAuthNetwork, unknown> = {
      facebook: { data: [expect.objectContaining({ name: 'Página de pruebas' }), expect.objectContaining({ name: 'Segunda página de pruebas' })] },
      instagram: { data: [expect.objectContaining({ instagram_business_account: expect.objectContaining({ username: 'marca_de_pruebas' }) }), expect.anything()] },
      x: { data: expect.objectContaining({ name: 'Cuenta de pruebas', profile_image_url: `${t.sandbox.url}/avatars/x.svg` }) },
      linkedin: expect.objectContaining({ name: 'Cuenta de pruebas', sub: expect.any(String) }),
      youtube: { items: [expect.objectContaining({ id: expect.stringMatching(/^UC/), snippet: expect.objectContaining({ title: 'Canal de pruebas' }) })] },
      tiktok: { data: { user: expect.objectContaining({ display_name: 'Cuenta de pruebas', open_id: tokens.body.open_id }) }, error: expect.objectContaining({ code: 'ok' }) },
      pinterest: { items: [expect.objectContaining({ name: 'Tablero de pruebas' }), expect.objectContaining({ name: 'Ideas de pruebas' })] },
    };
    expect(api.body).toMatchObject(expected[network] as object);
  });

  it('answers each network’s token shape', async () => {
    const [x, linkedin, youtube, tiktok, pinterest] = await Promise.all((['x', 'linkedin', 'youtube', 'tiktok', 'pinterest'] as const).map((n) => connect(t.sandbox, n)));
    expect(x?.body).toEqual({ token_type: 'bearer', expires_in: 7200, access_token: expect.any(String), scope: CLIENT_SETUP.x.scope, refresh_token: expect.any(String) });
    expect(linkedin?.body).toEqual({ access_token: expect.any(String), expires_in: 5183999, scope: 'openid,profile,w_member_social' });
    expect(youtube?.body).toEqual({ access_token: expect.stringMatching(/^ya29\./), expires_in: 3599, refresh_token: expect.any(String), scope: CLIENT_SETUP.youtube.scope, token_type: 'Bearer' });
    expect(tiktok?.body).toEqual({
      open_id: expect.any(String),
      scope: CLIENT_SETUP.tiktok.scope,
      access_token: expect.any(String),
      expires_in: 86400,
      refresh_token: expect.any(String),
      refresh_expires_in: 31536000,
      token_type: 'Bearer',
    });
    expect(pinterest?.body).toMatchObject({ access_token: expect.stringMatching(/^pina/), refresh_token: expect.stringMatching(/^pinr/), response_type: 'authorization_code', token_type: 'bearer', expires_in: 2592000 });
  });
});

describe('consent page', () => {
  it('is a Spanish page labelled "Red de pruebas · <Network>" naming the app, scopes and account, with Autorizar and Cancelar', async () => {
    const page = await openConsent(authorizeUrl(t.sandbox, 'instagram', 's', pkcePair().challenge));
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="es">');
    expect(page.html).toContain('Red de pruebas · Instagram');
    expect(page.html).toContain('Director IA');
    expect(page.html).toContain('Usuario de pruebas');
    for (const scope of CLIENT_SETUP.instagram.scope.split(',')) expect(page.html).toContain(`<code>${scope}</code>`);
    expect(page.html).toMatch(/<button[^>]*value="approve"[^>]*>Autorizar<\/button>/);
    expect(page.html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancelar<\/button>/);
    expect(page.html).toContain('action="/instagram/oauth/decision"');
    expect(page.html).not.toMatch(/https?:\/\/(?!localhost:5173)/);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:5173");
  });

  it('escapes what the request carries', async () => {
    const page = await openConsent(authorizeUrl(t.sandbox, 'linkedin', 's', null, { scope: '<script>alert(1)</script>' }));
    expect(page.html).not.toContain('<script>');
    expect(page.html).toContain('&lt;script&gt;');
  });
});

describe('cancel', () => {
  const CANCEL: Record<OAuthNetwork, Record<string, string>> = {
    facebook: { error: 'access_denied', error_reason: 'user_denied', error_description: 'Permissions error' },
    instagram: { error: 'access_denied', error_reason: 'user_denied' },
    x: { error: 'access_denied' },
    linkedin: { error: 'access_denied', error_description: 'The user cancelled the authorization' },
    youtube: { error: 'access_denied' },
    tiktok: { error: 'access_denied' },
    pinterest: { error: 'access_denied' },
  };

  it.each(OAUTH_NETWORKS)('%s redirects with access_denied and the state, without a code', async (network) => {
    const consent = await openConsent(authorizeUrl(t.sandbox, network, 'state-cancel', CLIENT_SETUP[network].pkce ? pkcePair().challenge : null));
    const { status, location } = await decide(t.sandbox, network, consent.requestId ?? '', 'cancel');
    expect(status).toBe(302);
    expect(`${location?.origin}${location?.pathname}`).toBe(REDIRECT(network));
    expect(Object.fromEntries(location?.searchParams ?? [])).toMatchObject({ ...CANCEL[network], state: 'state-cancel' });
    expect(location?.searchParams.has('code')).toBe(false);
  });

  it('a decided consent cannot be decided again', async () => {
    const consent = await openConsent(authorizeUrl(t.sandbox, 'pinterest', 's', null));
    await decide(t.sandbox, 'pinterest', consent.requestId ?? '', 'cancel');
    const again = await decide(t.sandbox, 'pinterest', consent.requestId ?? '', 'approve');
    expect(again).toEqual({ status: 400, location: null });
  });
});

describe('invalid authorize requests get a 400 page and no redirect', () => {
  it.each([
    ['facebook', 'unknown client', { client_id: 'someone-else' }],
    ['tiktok', 'client_id instead of client_key', { client_key: '', client_id: 'sandbox-tiktok' }],
    ['linkedin', 'a redirect_uri that is not http(s)', { redirect_uri: 'javascript:alert(1)' }],
    ['youtube', 'no redirect_uri', { redirect_uri: '' }],
    ['pinterest', 'response_type token', { response_type: 'token' }],
    ['linkedin', 'no state', { state: '' }],
    ['x', 'no PKCE challenge (X requires it)', { code_challenge: '', code_challenge_method: '' }],
    ['x', 'plain PKCE', { code_challenge_method: 'plain' }],
    ['facebook', 'a challenge that is no SHA-256', { code_challenge: 'short', code_challenge_method: 'S256' }],
  ] as const)('%s: %s', async (network, _why, overrides) => {
    const page = await openConsent(authorizeUrl(t.sandbox, network, 's', CLIENT_SETUP[network].pkce ? pkcePair().challenge : null, overrides));
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(page.html).toContain('Red de pruebas');
    expect(page.requestId).toBeNull();
  });
});

describe('code exchange', () => {
  it('refuses a code used twice (Meta: subcode 36009)', async () => {
    const { code, verifier } = await approve(t.sandbox, 'facebook');
    expect((await exchange(t.sandbox, 'facebook', code, verifier)).status).toBe(200);
    const again = await exchange(t.sandbox, 'facebook', code, verifier);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ type: 'OAuthException', code: 100, error_subcode: 36009 });
  });

  it.each(['x', 'linkedin', 'youtube', 'pinterest'] as const)('%s refuses a code used twice', async (network) => {
    const { code, verifier } = await approve(t.sandbox, network);
    expect((await exchange(t.sandbox, network, code, verifier)).status).toBe(200);
    const again = await exchange(t.sandbox, network, code, verifier);
    expect(again.status).toBe(400);
  });

  it('TikTok refuses with HTTP 200 and an error body', async () => {
    const { code } = await approve(t.sandbox, 'tiktok');
    await exchange(t.sandbox, 'tiktok', code);
    const again = await exchange(t.sandbox, 'tiktok', code);
    expect(again).toEqual({ status: 200, body: { error: 'invalid_grant', error_description: expect.any(String), log_id: expect.any(String) } });
  });

  it.each(['x', 'facebook', 'youtube'] as const)('%s refuses a PKCE verifier that does not match', async (network) => {
    const { code } = await approve(t.sandbox, network);
    const refused = await exchange(t.sandbox, network, code, pkcePair().verifier);
    expect(refused.status).toBe(400);
    expect(refused.body.access_token).toBeUndefined();
  });

  it('X refuses an exchange without the verifier', async () => {
    const { code } = await approve(t.sandbox, 'x');
    const refused = await exchange(t.sandbox, 'x', code);
    expect(refused).toEqual({ status: 400, body: { error: 'invalid_request', error_description: expect.any(String) } });
  });

  it('binds the code to the redirect_uri', async () => {
    const { code } = await approve(t.sandbox, 'linkedin');
    const refused = await requestToken(t.sandbox, 'linkedin', { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost:5173/elsewhere' });
    expect(refused).toEqual({ status: 400, body: { error: 'invalid_request', error_description: expect.any(String) } });
  });

  it('expires codes after 10 minutes', async () => {
    const { code, verifier } = await approve(t.sandbox, 'youtube');
    now += 10 * 60 * 1000 + 1;
    const refused = await exchange(t.sandbox, 'youtube', code, verifier);
    expect(refused).toEqual({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) } });
  });

  it.each([
    ['x', 401],
    ['pinterest', 401],
    ['linkedin', 401],
    ['youtube', 401],
    ['facebook', 400],
    ['tiktok', 200],
  ] as const)('%s refuses a wrong client secret (%i) before looking at the code', async (network, status) => {
    const { code, verifier } = await approve(t.sandbox, network);
    const refused = await requestToken(t.sandbox, network, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT(network), ...(verifier ? { code_verifier: verifier } : {}) }, 'wrong-secret');
    expect(refused.status).toBe(status);
    expect(refused.body.access_token).toBeUndefined();
    expect((await exchange(t.sandbox, network, code, verifier)).status).toBe(200);
  });

  it('X needs Basic authentication: client id and secret in the body are refused', async () => {
    const { code, verifier } = await approve(t.sandbox, 'x');
    const app = t.sandbox.apps().x;
    const response = await fetch(app.urls.token, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT('x'), code_verifier: verifier ?? '', client_id: app.clientId, client_secret: app.clientSecret }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'unauthorized_client' });
  });
});

describe('refresh', () => {
  it.each(['x', 'tiktok', 'pinterest'] as const)('%s rotates: a new pair, and the old refresh token is refused afterwards', async (network) => {
    const first = await connect(t.sandbox, network);
    const old = first.body.refresh_token as string;
    const refreshed = await requestToken(t.sandbox, network, { grant_type: 'refresh_token', refresh_token: old, ...(network === 'pinterest' ? { continuous_refresh: 'true' } : {}) });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toEqual(expect.any(String));
    expect(refreshed.body.refresh_token).not.toBe(old);
    expect(refreshed.body.access_token).not.toBe(first.body.access_token);
    expect((await callApi(t.sandbox, network, ACCOUNT_CALL[network], refreshed.body.access_token)).status).toBe(200);
    const reused = await requestToken(t.sandbox, network, { grant_type: 'refresh_token', refresh_token: old });
    expect(reused.body.access_token).toBeUndefined();
    expect(reused.status).toBe(network === 'tiktok' ? 200 : 400);
    expect((await requestToken(t.sandbox, network, { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token })).status).toBe(200);
  });

  it('Pinterest says it was a refresh', async () => {
    const first = await connect(t.sandbox, 'pinterest');
    const refreshed = await requestToken(t.sandbox, 'pinterest', { grant_type: 'refresh_token', refresh_token: first.body.refresh_token, continuous_refresh: 'true' });
    expect(refreshed.body).toMatchObject({ response_type: 'refresh_token', refresh_token_expires_in: expect.any(Number) });
  });

  it('YouTube gives a new access token and no refresh token; the old one keeps working', async () => {
    const first = await connect(t.sandbox, 'youtube');
    for (let i = 0; i < 2; i++) {
      const refreshed = await requestToken(t.sandbox, 'youtube', { grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toEqual({ access_token: expect.any(String), expires_in: 3599, scope: CLIENT_SETUP.youtube.scope, token_type: 'Bearer' });
    }
  });

  it('YouTube without access_type=offline gets no refresh token; X without offline.access neither', async () => {
    expect((await connectWith(t.sandbox, 'youtube', { access_type: '' })).body.refresh_token).toBeUndefined();
    const x = await connectWith(t.sandbox, 'x', { scope: 'tweet.read users.read' });
    expect(x.body).toMatchObject({ access_token: expect.any(String), scope: 'tweet.read users.read' });
    expect(x.body.refresh_token).toBeUndefined();
  });

  it('LinkedIn issues no refresh token and refuses the refresh grant', async () => {
    const first = await connect(t.sandbox, 'linkedin');
    expect(first.body.refresh_token).toBeUndefined();
    const refused = await requestToken(t.sandbox, 'linkedin', { grant_type: 'refresh_token', refresh_token: 'anything' });
    expect(refused.status).toBe(400);
  });

  it('Meta trades a short-lived user token for a long-lived one (fb_exchange_token)', async () => {
    const short = await connect(t.sandbox, 'facebook');
    expect(short.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 3600 });
    const long = await requestToken(t.sandbox, 'facebook', { grant_type: 'fb_exchange_token', fb_exchange_token: short.body.access_token });
    expect(long.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 5184000 });
    expect((await callApi(t.sandbox, 'facebook', '/me', long.body.access_token)).body).toMatchObject({ name: 'Usuario de pruebas' });
    const refused = await requestToken(t.sandbox, 'facebook', { grant_type: 'fb_exchange_token', fb_exchange_token: 'not-a-token' });
    expect(refused.body.error).toMatchObject({ type: 'OAuthException', code: 190 });
    expect((await requestToken(t.sandbox, 'facebook', { grant_type: 'refresh_token', refresh_token: 'x' })).status).toBe(400);
  });
});

describe('revoke', () => {
  const form = (body: Record<string, string>) => new URLSearchParams(body);

  it('X: revoking the access token also kills its refresh token', async () => {
    const tokens = await connect(t.sandbox, 'x');
    const app = t.sandbox.apps().x;
    const response = await fetch(app.urls.revoke ?? '', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}` },
      body: form({ token: tokens.body.access_token, token_type_hint: 'access_token', client_id: app.clientId }),
    });
    expect(await response.json()).toEqual({ revoked: true });
    expect((await callApi(t.sandbox, 'x', ACCOUNT_CALL.x, tokens.body.access_token)).status).toBe(401);
    expect((await requestToken(t.sandbox, 'x', { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token })).status).toBe(400);
  });

  it('Google: revoking the refresh token also kills the access token; a second revoke is 400', async () => {
    const tokens = await connect(t.sandbox, 'youtube');
    const url = t.sandbox.apps().youtube.urls.revoke ?? '';
    const response = await fetch(url, { method: 'POST', body: form({ token: tokens.body.refresh_token }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect((await callApi(t.sandbox, 'youtube', ACCOUNT_CALL.youtube, tokens.body.access_token)).status).toBe(401);
    const again = await fetch(url, { method: 'POST', body: form({ token: tokens.body.refresh_token }) });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('Meta: DELETE with the user token removes the app, page tokens included', async () => {
    const tokens = await connect(t.sandbox, 'facebook');
    const pages = await callApi(t.sandbox, 'facebook', ACCOUNT_CALL.facebook, tokens.body.access_token);
    const response = await fetch(t.sandbox.apps().facebook.urls.revoke ?? '', { method: 'DELETE', headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(await response.json()).toEqual({ success: true });
    const after = await callApi(t.sandbox, 'facebook', '/me', tokens.body.access_token);
    expect(after.body.error).toMatchObject({ code: 190 });
    expect(t.sandbox.apps().facebook.urls.revoke).toMatch(/\/facebook\/oauth\/revoke$/);
    const pageToken: string = pages.body.data[0].access_token;
    // The production revoke path, DELETE /me/permissions, answers the same way; the page token died with the consent.
    const byGraphPath = await callApi(t.sandbox, 'facebook', '/me/permissions', pageToken, { method: 'DELETE' });
    expect(byGraphPath.body.error).toMatchObject({ code: 190 });
  });

  it('LinkedIn and TikTok revoke with the client credentials in the form', async () => {
    for (const network of ['linkedin', 'tiktok'] as const) {
      const tokens = await connect(t.sandbox, network);
      const app = t.sandbox.apps()[network];
      const idParam = network === 'tiktok' ? 'client_key' : 'client_id';
      const wrong = await fetch(app.urls.revoke ?? '', { method: 'POST', body: form({ [idParam]: app.clientId, client_secret: 'wrong', token: tokens.body.access_token }) });
      expect(await wrong.json()).toMatchObject({ error: expect.stringMatching(/client/) });
      expect((await callApi(t.sandbox, network, ACCOUNT_CALL[network], tokens.body.access_token)).status).toBe(200);
      const response = await fetch(app.urls.revoke ?? '', { method: 'POST', body: form({ [idParam]: app.clientId, client_secret: app.clientSecret, token: tokens.body.access_token }) });
      expect(response.status).toBe(200);
      expect((await callApi(t.sandbox, network, ACCOUNT_CALL[network], tokens.body.access_token)).status).toBe(401);
    }
  });

  it('Pinterest has no revoke endpoint', async () => {
    expect(t.sandbox.apps().pinterest.urls.revoke).toBeUndefined();
    const response = await fetch(`${t.sandbox.url}/pinterest/oauth/revoke`, { method: 'POST', body: form({ token: 'x' }) });
    expect(response.status).toBe(404);
  });
});
