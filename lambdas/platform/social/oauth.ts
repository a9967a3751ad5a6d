/**
 * OAuth 2.0 authorization code flow, table-driven by ./networks.ts (issue 12 items 2-3): the
 * consent URL, the code exchange, the refresh and the revocation of every OAuth network, over the
 * outbound HTTP door (./call.ts). Token requests are never retried (a code or a rotating refresh
 * token must reach the network once). Times come back as epoch milliseconds from `expires_in`.
 */
import { isOAuthNetwork, type OAuthNetwork } from '@director-ia/shared';
import * as z from 'zod/mini';
import { callNetwork, configuredUrl, unexpected, type AdapterOptions, type NetworkCall } from './call';
import { OAUTH_CONFIG, type OAuthNetworkConfig } from './networks';
import type { NetworkApp, Pkce, TokenSet } from './types';

/** The configuration of `app`'s network; throws for Telegram (no OAuth), a caller's mistake. */
export function oauthConfigOf(app: NetworkApp): OAuthNetworkConfig & { network: OAuthNetwork } {
  if (!isOAuthNetwork(app.network)) throw new Error(`${app.network} has no OAuth flow`);
  return { ...OAUTH_CONFIG[app.network], network: app.network };
}

/** Whether `network` uses PKCE S256 (./networks.ts). */
export const usesPkce = (network: OAuthNetwork): boolean => OAUTH_CONFIG[network].pkce;

/**
 * The consent page URL of `app`: its client id parameter, redirect URI, `response_type=code`,
 * the scopes joined as the network wants, `state`, the PKCE challenge (S256) where the network uses
 * PKCE, and the network's extra parameters. Throws NetworkError `unavailable` when the configured
 * URL is not http(s), and an Error when a PKCE network gets no pair.
 */
export function authorizationUrl(app: NetworkApp, request: { state: string; redirectUri: string; pkce?: Pkce }): string {
  const config = oauthConfigOf(app);
  const params: Record<string, string> = {
    [config.clientIdParam]: app.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: config.scopes.join(config.scopeSeparator),
    state: request.state,
  };
  if (config.pkce) {
    if (!request.pkce) throw new Error(`${config.network} needs a PKCE pair`);
    params.code_challenge = request.pkce.challenge;
    params.code_challenge_method = 'S256';
  }
  return configuredUrl(config.network, app.urls.authorize, '', { ...params, ...config.authorizeParams }).toString();
}

/** Seconds as the networks write them (a number, sometimes a numeric string). */
const Seconds = z.optional(z.nullable(z.union([z.number(), z.string()])));
const TokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.optional(z.nullable(z.string())),
  expires_in: Seconds,
  /** LinkedIn, Pinterest. */
  refresh_token_expires_in: Seconds,
  /** TikTok. */
  refresh_expires_in: Seconds,
  scope: z.optional(z.nullable(z.string())),
});

/** `now` plus `seconds`, in epoch ms; undefined when the network gave no positive number. */
function expiry(now: number, seconds: number | string | null | undefined): number | undefined {
  const value = Number(seconds ?? Number.NaN);
  return Number.isFinite(value) && value > 0 ? now + Math.round(value * 1000) : undefined;
}

/** A token response as a TokenSet (an empty refresh token counts as none). */
export function parseTokens(network: OAuthNetwork, body: unknown, now: number): TokenSet {
  const parsed = z.safeParse(TokenResponseSchema, body);
  if (!parsed.success || parsed.data.access_token === '') throw unexpected(network, 'token');
  const data = parsed.data;
  const tokens: TokenSet = { accessToken: data.access_token };
  if (data.refresh_token) tokens.refreshToken = data.refresh_token;
  const expiresAt = expiry(now, data.expires_in);
  if (expiresAt !== undefined) tokens.expiresAt = expiresAt;
  const refreshExpiresAt = expiry(now, data.refresh_token_expires_in ?? data.refresh_expires_in);
  if (refreshExpiresAt !== undefined) tokens.refreshExpiresAt = refreshExpiresAt;
  if (data.scope) tokens.scope = data.scope;
  return tokens;
}

/** One request to the token endpoint with `params`, the app authenticated as the network wants. */
async function tokenRequest(app: NetworkApp, params: Record<string, string>, options: AdapterOptions): Promise<TokenSet> {
  const config = oauthConfigOf(app);
  const call: NetworkCall = { network: config.network, url: '', method: config.tokenMethod, retry: false };
  const all = { ...params, ...config.tokenParams };
  if (config.clientAuth === 'query') {
    call.url = configuredUrl(config.network, app.urls.token, '', { [config.clientIdParam]: app.clientId, client_secret: app.clientSecret, ...all }).toString();
  } else {
    call.url = configuredUrl(config.network, app.urls.token).toString();
    if (config.clientAuth === 'basic') {
      call.basic = { id: app.clientId, secret: app.clientSecret };
      call.form = config.clientIdWithBasic ? { ...all, [config.clientIdParam]: app.clientId } : all;
    } else {
      call.form = { ...all, [config.clientIdParam]: app.clientId, client_secret: app.clientSecret };
    }
  }
  const body = await callNetwork(call, options);
  return parseTokens(config.network, body, (options.now ?? Date.now)());
}

/**
 * Exchanges an authorization code for tokens (with the PKCE verifier where the network uses
 * PKCE). Meta answers a short-lived user token; readAccount trades it for a long-lived one.
 * NetworkError `invalid_grant` when the network refuses the code (used, expired, verifier
 * mismatch), `unavailable` when it cannot be reached or answers something else.
 */
export async function exchangeCode(
  app: NetworkApp,
  request: { code: string; redirectUri: string; codeVerifier?: string },
  options: AdapterOptions = {},
): Promise<TokenSet> {
  const config = oauthConfigOf(app);
  const params: Record<string, string> = {};
  if (config.codeGrantType) params.grant_type = 'authorization_code';
  params.code = request.code;
  params.redirect_uri = request.redirectUri;
  if (config.pkce) {
    if (!request.codeVerifier) throw new Error(`${config.network} needs the PKCE verifier`);
    params.code_verifier = request.codeVerifier;
  }
  return tokenRequest(app, params, options);
}

/**
 * New tokens from `refreshToken`. Meta has no refresh tokens: there the argument is a long-lived
 * user token, exchanged for a new one (`fb_exchange_token`). A response without a refresh token
 * leaves `refreshToken` absent: the caller keeps the stored one (never overwrite it with nothing).
 * Where the network rotates refresh tokens (X, TikTok, Pinterest) the old one stops working once
 * this resolves. NetworkError `invalid_grant` when the network no longer accepts it.
 */
export async function refreshTokens(app: NetworkApp, refreshToken: string, options: AdapterOptions = {}): Promise<TokenSet> {
  const config = oauthConfigOf(app);
  if (config.refresh === 'fb_exchange_token') return tokenRequest(app, { grant_type: 'fb_exchange_token', fb_exchange_token: refreshToken }, options);
  return tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken }, options);
}

/**
 * Revokes the grant at the network where its API allows (./networks.ts `revoke`; a no-op for
 * Pinterest or when `urls.revoke` is null, or when none of the tokens it needs is given). Throws
 * NetworkError like the other calls: whether a failure matters is the caller's choice.
 */
export async function revokeTokens(
  app: NetworkApp,
  tokens: { accessToken?: string; refreshToken?: string; accountId?: string },
  options: AdapterOptions = {},
): Promise<void> {
  const config = oauthConfigOf(app);
  const revoke = config.revoke;
  if (!revoke || !app.urls.revoke) return;
  const url = configuredUrl(config.network, app.urls.revoke).toString();
  if (revoke.style === 'bearer-delete') {
    if (tokens.accessToken) await callNetwork({ network: config.network, url, method: 'DELETE', bearer: tokens.accessToken }, options);
    return;
  }
  const { accessToken, refreshToken } = tokens;
  const sent: Array<[token: string, hint: 'access_token' | 'refresh_token']> = [];
  if (refreshToken && revoke.tokens !== 'access') sent.push([refreshToken, 'refresh_token']);
  if (accessToken && (revoke.tokens === 'access' || revoke.tokens === 'both' || !refreshToken)) sent.push([accessToken, 'access_token']);
  for (const [token, hint] of sent) {
    const call: NetworkCall = { network: config.network, url, method: 'POST', form: { token }, retry: true };
    if (revoke.hint) call.form = { token, token_type_hint: hint };
    if (revoke.auth === 'basic') call.basic = { id: app.clientId, secret: app.clientSecret };
    if (revoke.auth === 'body') call.form = { ...call.form, [config.clientIdParam]: app.clientId, client_secret: app.clientSecret };
    await callNetwork(call, options);
  }
}
