/**
 * The table-driven OAuth 2.0 flow (lambdas/platform/social/oauth.ts) against the documented shapes
 * of issue 12's brief, per network: the consent URL's parameters, the exact token requests (method,
 * endpoint, query, form, Authorization), the parsing of the documented token answers (expires_in →
 * epoch ms, a missing refresh token left absent), the error bodies mapped to NetworkError kinds
 * (without tokens in the detail), refresh and revocation.
 */
import type { OAuthNetwork } from '@director-ia/shared';
import { describe, expect, it } from 'vitest';
import { OAUTH_CONFIG } from '../../../../../lambdas/platform/social/networks';
import { authorizationUrl, exchangeCode, refreshTokens, revokeTokens, usesPkce } from '../../../../../lambdas/platform/social/oauth';
import { NetworkError, type TokenSet } from '../../../../../lambdas/platform/social/types';
import { appFor, BASIC, CLIENT_ID, CLIENT_SECRET, json, NOW, now, recordingFetch } from './fake-network';

const STATE = 'state-0123456789';
const REDIRECT = 'https://app.example.com/oauth/callback/net';
const PKCE = { verifier: 'verifier-0123456789-abcdefghijklmnopqrstuvw', challenge: 'challenge-0123456789-abcdefghijklmnopqrstu' };
const CODE = 'code-abc';

async function refusal(promise: Promise<unknown>): Promise<NetworkError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NetworkError);
  return error as NetworkError;
}

describe('authorizationUrl', () => {
  const pkceParams = { code_challenge: PKCE.challenge, code_challenge_method: 'S256' };
  it.each<[OAuthNetwork, string, Record<string, string>]>([
    [
      'facebook',
      'https://www.facebook.com/v25.0/dialog/oauth',
      { client_id: CLIENT_ID, scope: 'pages_show_list,pages_manage_posts,pages_read_engagement,pages_messaging,pages_manage_metadata,pages_manage_engagement,ads_management', ...pkceParams },
    ],
    [
      'instagram',
      'https://www.facebook.com/v25.0/dialog/oauth',
      { client_id: CLIENT_ID, scope: 'instagram_basic,instagram_manage_comments,instagram_manage_messages,pages_show_list,instagram_content_publish,pages_manage_metadata', ...pkceParams },
    ],
    ['x', 'https://x.com/i/oauth2/authorize', { client_id: CLIENT_ID, scope: 'tweet.read tweet.write users.read media.write offline.access', ...pkceParams }],
    ['linkedin', 'https://www.linkedin.com/oauth/v2/authorization', { client_id: CLIENT_ID, scope: 'openid profile w_member_social' }],
    [
      'youtube',
      'https://accounts.google.com/o/oauth2/v2/auth',
      {
        client_id: CLIENT_ID,
        scope: 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/youtube.force-ssl',
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        ...pkceParams,
      },
    ],
    ['tiktok', 'https://www.tiktok.com/v2/auth/authorize/', { client_key: CLIENT_ID, scope: 'user.info.basic,video.publish,video.upload' }],
    ['pinterest', 'https://www.pinterest.com/oauth/', { client_id: CLIENT_ID, scope: 'boards:read,pins:read,pins:write,user_accounts:read' }],
  ])('%s: the consent page with exactly its parameters', (network, endpoint, params) => {
    const url = new URL(authorizationUrl(appFor(network), { state: STATE, redirectUri: REDIRECT, pkce: usesPkce(network) ? PKCE : undefined }));
    expect(`${url.origin}${url.pathname}`).toBe(endpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...params, redirect_uri: REDIRECT, response_type: 'code', state: STATE });
  });

  it('keeps a configured URL\'s own query and refuses a URL that is not http(s)', () => {
    const app = { ...appFor('linkedin'), urls: { ...appFor('linkedin').urls, authorize: 'http://127.0.0.1:9000/linkedin/oauth/authorize?tenant=t1' } };
    const url = new URL(authorizationUrl(app, { state: STATE, redirectUri: REDIRECT }));
    expect(url.searchParams.get('tenant')).toBe('t1');
    expect(url.searchParams.get('state')).toBe(STATE);
    const bad = { ...app, urls: { ...app.urls, authorize: 'javascript:alert(1)' } };
    expect(() => authorizationUrl(bad, { state: STATE, redirectUri: REDIRECT })).toThrow(NetworkError);
  });

  it('needs a PKCE pair for a network that uses PKCE', () => {
    expect(() => authorizationUrl(appFor('x'), { state: STATE, redirectUri: REDIRECT })).toThrow(/PKCE/);
  });

  it('uses PKCE where the network supports it', () => {
    expect(Object.fromEntries(Object.keys(OAUTH_CONFIG).map((network) => [network, usesPkce(network as OAuthNetwork)]))).toEqual({
      facebook: true,
      instagram: true,
      x: true,
      linkedin: false,
      youtube: true,
      tiktok: false,
      pinterest: false,
    });
  });
});

interface TokenRequestShape {
  method: 'GET' | 'POST';
  endpoint: string;
  query: Record<string, string>;
  form: Record<string, string> | undefined;
  authorization: string | undefined;
}

const TOKEN_ENDPOINTS: Record<OAuthNetwork, string> = {
  facebook: 'https://graph.facebook.com/v25.0/oauth/access_token',
  instagram: 'https://graph.facebook.com/v25.0/oauth/access_token',
  x: 'https://api.x.com/2/oauth2/token',
  linkedin: 'https://www.linkedin.com/oauth/v2/accessToken',
  youtube: 'https://oauth2.googleapis.com/token',
  tiktok: 'https://open.tiktokapis.com/v2/oauth/token/',
  pinterest: 'https://api.pinterest.com/v5/oauth/token',
};

const post = (network: OAuthNetwork, form: Record<string, string>, authorization?: string): TokenRequestShape => ({
  method: 'POST',
  endpoint: TOKEN_ENDPOINTS[network],
  query: {},
  form,
  authorization,
});

describe('exchangeCode', () => {
  const code = { grant_type: 'authorization_code', code: CODE, redirect_uri: REDIRECT };
  const cases: Array<[OAuthNetwork, TokenRequestShape, unknown, TokenSet]> = [
    [
      'facebook',
      {
        method: 'GET',
        endpoint: TOKEN_ENDPOINTS.facebook,
        query: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: REDIRECT, code: CODE, code_verifier: PKCE.verifier },
        form: undefined,
        authorization: undefined,
      },
      { access_token: 'short-lived-user-token', token_type: 'bearer', expires_in: 5183 },
      { accessToken: 'short-lived-user-token', expiresAt: NOW + 5_183_000 },
    ],
    [
      'x',
      post('x', { ...code, code_verifier: PKCE.verifier, client_id: CLIENT_ID }, BASIC),
      { token_type: 'bearer', expires_in: 7200, access_token: 'x-access', scope: 'tweet.read users.read offline.access', refresh_token: 'x-refresh' },
      { accessToken: 'x-access', refreshToken: 'x-refresh', expiresAt: NOW + 7_200_000, scope: 'tweet.read users.read offline.access' },
    ],
    [
      'linkedin',
      post('linkedin', { ...code, client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
      { access_token: 'li-access', expires_in: 5183999, scope: 'openid,profile,w_member_social' },
      { accessToken: 'li-access', expiresAt: NOW + 5_183_999_000, scope: 'openid,profile,w_member_social' },
    ],
    [
      'youtube',
      post('youtube', { ...code, code_verifier: PKCE.verifier, client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
      { access_token: 'g-access', expires_in: 3599, refresh_token: 'g-refresh', scope: 'https://www.googleapis.com/auth/youtube.upload', token_type: 'Bearer' },
      { accessToken: 'g-access', refreshToken: 'g-refresh', expiresAt: NOW + 3_599_000, scope: 'https://www.googleapis.com/auth/youtube.upload' },
    ],
    [
      'tiktok',
      post('tiktok', { ...code, client_key: CLIENT_ID, client_secret: CLIENT_SECRET }),
      {
        open_id: 'tt-open-id',
        scope: 'user.info.basic,video.publish',
        access_token: 'tt-access',
        expires_in: 86400,
        refresh_token: 'tt-refresh',
        refresh_expires_in: 31536000,
        token_type: 'Bearer',
      },
      { accessToken: 'tt-access', refreshToken: 'tt-refresh', expiresAt: NOW + 86_400_000, refreshExpiresAt: NOW + 31_536_000_000, scope: 'user.info.basic,video.publish' },
    ],
    [
      'pinterest',
      post('pinterest', { ...code, continuous_refresh: 'true' }, BASIC),
      {
        access_token: 'pin-access',
        refresh_token: 'pin-refresh',
        response_type: 'authorization_code',
        token_type: 'bearer',
        expires_in: 2592000,
        refresh_token_expires_in: 5184000,
        scope: 'boards:read,pins:read,pins:write,user_accounts:read',
      },
      {
        accessToken: 'pin-access',
        refreshToken: 'pin-refresh',
        expiresAt: NOW + 2_592_000_000,
        refreshExpiresAt: NOW + 5_184_000_000,
        scope: 'boards:read,pins:read,pins:write,user_accounts:read',
      },
    ],
  ];

  it.each(cases)('%s: sends the documented token request once and reads the documented answer', async (network, shape, answer, tokens) => {
    const { fetch, sent } = recordingFetch(() => json(answer));
    const result = await exchangeCode(appFor(network), { code: CODE, redirectUri: REDIRECT, codeVerifier: usesPkce(network) ? PKCE.verifier : undefined }, { fetch, now });
    expect(result).toEqual(tokens);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect({ method: request?.method, endpoint: request?.endpoint, query: request?.query, form: request?.form, authorization: request?.headers.authorization }).toEqual(shape);
    if (shape.form) expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.accept).toBe('application/json');
  });

  it.each<[OAuthNetwork, number, unknown, string]>([
    ['facebook', 400, { error: { message: 'This authorization code has been used.', type: 'OAuthException', code: 100, error_subcode: 36009, fbtrace_id: 'AbC' } }, 'This authorization code has been used.'],
    ['x', 400, { error: 'invalid_request', error_description: 'Value passed for the authorization code was invalid.' }, 'Value passed for the authorization code was invalid.'],
    ['linkedin', 400, { error: 'invalid_request', error_description: 'Unable to retrieve access token: authorization code expired' }, 'Unable to retrieve access token: authorization code expired'],
    ['youtube', 400, { error: 'invalid_grant', error_description: 'Bad Request' }, 'Bad Request'],
    ['tiktok', 200, { error: 'invalid_grant', error_description: 'Authorization code is expired.', log_id: '202505250001' }, 'Authorization code is expired.'],
    ['pinterest', 400, { code: 1, message: 'Invalid authorization code.' }, 'Invalid authorization code.'],
  ])('%s: a refused code is NetworkError invalid_grant with the network\'s words', async (network, status, body, detail) => {
    const { fetch } = recordingFetch(() => json(body, status));
    const error = await refusal(exchangeCode(appFor(network), { code: CODE, redirectUri: REDIRECT, codeVerifier: PKCE.verifier }, { fetch, now }));
    expect(error).toMatchObject({ network, kind: 'invalid_grant', detail, status });
  });

  it.each<[string, () => Response | Promise<Response>, NetworkError['kind']]>([
    ['HTTP 403', () => json({ error: 'unauthorized' }, 403), 'denied'],
    ['Meta permission code 200', () => json({ error: { message: 'Permissions error', type: 'OAuthException', code: 200 } }, 400), 'denied'],
    ['Meta permission code 10', () => json({ error: { message: 'Application does not have permission', type: 'OAuthException', code: 10 } }, 400), 'denied'],
    ['Meta invalid token code 190', () => json({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } }, 400), 'invalid_grant'],
    ['Meta rate limit code 4', () => json({ error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } }, 400), 'unavailable'],
    ['HTTP 401', () => json({ error: 'invalid_client' }, 401), 'invalid_grant'],
    ['HTTP 503', () => json({ error: 'temporarily_unavailable' }, 503), 'unavailable'],
    ['HTTP 500 without a body', () => new Response(null, { status: 500 }), 'unavailable'],
    ['an HTML 200', () => new Response('<html>maintenance</html>', { status: 200 }), 'unavailable'],
    ['a 200 without access_token', () => json({ token_type: 'bearer' }), 'unavailable'],
    ['an unknown error in a 200', () => json({ error: 'server_error', error_description: 'try later' }), 'unavailable'],
    ['a redirect', () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/' } }), 'unavailable'],
    [
      'a transport failure',
      () => {
        throw new TypeError('fetch failed');
      },
      'unavailable',
    ],
  ])('%s → %s', async (_case, answer, kind) => {
    const { fetch } = recordingFetch(answer);
    const error = await refusal(exchangeCode(appFor('facebook'), { code: CODE, redirectUri: REDIRECT, codeVerifier: PKCE.verifier }, { fetch, now }));
    expect(error.kind).toBe(kind);
  });

  it('never retries a code exchange, even on a 503 with Retry-After', async () => {
    const { fetch, sent } = recordingFetch(() => new Response('{}', { status: 503, headers: { 'retry-after': '0' } }));
    await refusal(exchangeCode(appFor('facebook'), { code: CODE, redirectUri: REDIRECT, codeVerifier: PKCE.verifier }, { fetch, now }));
    expect(sent).toHaveLength(1);
  });

  it('keeps tokens, codes and the client secret out of the error', async () => {
    const leaked = 'EAAGm0PX4ZCpsBAOZBmZBZCfZBZAexampleLongToken123';
    const { fetch } = recordingFetch(() => json({ error: 'invalid_grant', error_description: `token ${leaked} and code ${CODE} rejected for ${CLIENT_SECRET}` }, 400));
    const error = await refusal(exchangeCode(appFor('linkedin'), { code: CODE, redirectUri: REDIRECT }, { fetch, now }));
    expect(error.detail).toBe('token … and code … rejected for …');
    expect(error.message).not.toContain(leaked);
  });

  it('needs the verifier on a PKCE network', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    await expect(exchangeCode(appFor('x'), { code: CODE, redirectUri: REDIRECT }, { fetch })).rejects.toThrow(/PKCE verifier/);
    expect(sent).toHaveLength(0);
  });

  it('refuses a configured token URL that is not http(s) without sending anything', async () => {
    const { fetch, sent } = recordingFetch(() => json({}));
    const app = { ...appFor('tiktok'), urls: { ...appFor('tiktok').urls, token: 'file:///etc/passwd' } };
    expect((await refusal(exchangeCode(app, { code: CODE, redirectUri: REDIRECT }, { fetch }))).kind).toBe('unavailable');
    expect(sent).toHaveLength(0);
  });
});

describe('refreshTokens', () => {
  const refresh = { grant_type: 'refresh_token', refresh_token: 'old-refresh' };
  it.each<[OAuthNetwork, TokenRequestShape]>([
    [
      'facebook',
      {
        method: 'GET',
        endpoint: TOKEN_ENDPOINTS.facebook,
        query: { grant_type: 'fb_exchange_token', client_id: CLIENT_ID, client_secret: CLIENT_SECRET, fb_exchange_token: 'old-refresh' },
        form: undefined,
        authorization: undefined,
      },
    ],
    ['x', post('x', { ...refresh, client_id: CLIENT_ID }, BASIC)],
    ['linkedin', post('linkedin', { ...refresh, client_id: CLIENT_ID, client_secret: CLIENT_SECRET })],
    ['youtube', post('youtube', { ...refresh, client_id: CLIENT_ID, client_secret: CLIENT_SECRET })],
    ['tiktok', post('tiktok', { ...refresh, client_key: CLIENT_ID, client_secret: CLIENT_SECRET })],
    ['pinterest', post('pinterest', { ...refresh, continuous_refresh: 'true' }, BASIC)],
  ])('%s: sends the documented refresh request', async (network, shape) => {
    const { fetch, sent } = recordingFetch(() => json({ access_token: 'new-access', expires_in: 60, refresh_token: 'new-refresh' }));
    await expect(refreshTokens(appFor(network), 'old-refresh', { fetch, now })).resolves.toEqual({
      accessToken: 'new-access',
      refreshToken: 'new-refresh',
      expiresAt: NOW + 60_000,
    });
    const [request] = sent;
    expect(sent).toHaveLength(1);
    expect({ method: request?.method, endpoint: request?.endpoint, query: request?.query, form: request?.form, authorization: request?.headers.authorization }).toEqual(shape);
  });

  it('leaves refreshToken absent when the answer has none (Google), or an empty one', async () => {
    const { fetch } = recordingFetch(() => json({ access_token: 'g-new', expires_in: 3599, scope: 's', token_type: 'Bearer' }));
    const tokens = await refreshTokens(appFor('youtube'), 'g-refresh', { fetch, now });
    expect(tokens).toEqual({ accessToken: 'g-new', expiresAt: NOW + 3_599_000, scope: 's' });
    expect('refreshToken' in tokens).toBe(false);
    const empty = recordingFetch(() => json({ access_token: 'x-new', refresh_token: '', expires_in: '7200' }));
    expect(await refreshTokens(appFor('x'), 'x-refresh', { fetch: empty.fetch, now })).toEqual({ accessToken: 'x-new', expiresAt: NOW + 7_200_000 });
  });

  it('a revoked refresh token is invalid_grant (Google\'s documented answer)', async () => {
    const { fetch } = recordingFetch(() => json({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }, 400));
    expect(await refusal(refreshTokens(appFor('youtube'), 'g-refresh', { fetch, now }))).toMatchObject({ kind: 'invalid_grant', detail: 'Token has been expired or revoked.' });
  });
});

describe('revokeTokens', () => {
  const tokens = { accessToken: 'the-access', refreshToken: 'the-refresh', accountId: 'acct' };
  it.each<[OAuthNetwork, Array<Omit<TokenRequestShape, 'query'>>]>([
    ['facebook', [{ method: 'DELETE' as 'GET', endpoint: 'https://graph.facebook.com/v25.0/me/permissions', form: undefined, authorization: 'Bearer the-access' }]],
    [
      'x',
      [
        { method: 'POST', endpoint: 'https://api.x.com/2/oauth2/revoke', form: { token: 'the-refresh', token_type_hint: 'refresh_token' }, authorization: BASIC },
        { method: 'POST', endpoint: 'https://api.x.com/2/oauth2/revoke', form: { token: 'the-access', token_type_hint: 'access_token' }, authorization: BASIC },
      ],
    ],
    [
      'linkedin',
      [{ method: 'POST', endpoint: 'https://www.linkedin.com/oauth/v2/revoke', form: { token: 'the-access', client_id: CLIENT_ID, client_secret: CLIENT_SECRET }, authorization: undefined }],
    ],
    ['youtube', [{ method: 'POST', endpoint: 'https://oauth2.googleapis.com/revoke', form: { token: 'the-refresh' }, authorization: undefined }]],
    [
      'tiktok',
      [{ method: 'POST', endpoint: 'https://open.tiktokapis.com/v2/oauth/revoke/', form: { token: 'the-access', client_key: CLIENT_ID, client_secret: CLIENT_SECRET }, authorization: undefined }],
    ],
    ['pinterest', []],
  ])('%s: revokes as documented', async (network, requests) => {
    const { fetch, sent } = recordingFetch((request) => json(request.method === 'DELETE' ? { success: true } : network === 'x' ? { revoked: true } : {}));
    await revokeTokens(appFor(network), tokens, { fetch });
    expect(sent.map((request) => ({ method: request.method, endpoint: request.endpoint, form: request.form, authorization: request.headers.authorization }))).toEqual(requests);
  });

  it('Google: revokes the access token when there is no refresh token; nothing to send is a no-op', async () => {
    const { fetch, sent } = recordingFetch(() => new Response('', { status: 200 }));
    await revokeTokens(appFor('youtube'), { accessToken: 'only-access' }, { fetch });
    expect(sent.map((request) => request.form)).toEqual([{ token: 'only-access' }]);
    await revokeTokens(appFor('facebook'), {}, { fetch });
    await revokeTokens({ ...appFor('x'), urls: { ...appFor('x').urls, revoke: null } }, tokens, { fetch });
    expect(sent).toHaveLength(1);
  });

  it('a refused revocation is a NetworkError for the caller to judge', async () => {
    const { fetch } = recordingFetch(() => json({ error: { message: 'Error validating access token', type: 'OAuthException', code: 190 } }, 400));
    expect((await refusal(revokeTokens(appFor('instagram'), tokens, { fetch }))).kind).toBe('invalid_grant');
  });
});
