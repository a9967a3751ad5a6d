/**
 * The sandbox's OAuth 2.0 authorization server, one for every OAuth network, behaving as
 * ./networks.ts describes each (issue 12 brief, "The sandbox"):
 * - `GET /N/oauth/authorize`: checks client id (TikTok: client_key), redirect_uri (any http(s)
 *   URL), response_type=code, state and the PKCE challenge (S256; required by X, accepted by Meta
 *   and Google, ignored elsewhere) and shows the consent page; an invalid request gets a 400 page
 *   and no redirect.
 * - `POST /N/oauth/decision`: Autorizar → 302 to redirect_uri with `code` and `state`; Cancelar →
 *   302 with the network's cancel parameters and `state`.
 * - `/N/oauth/token`: code exchange (single use, 10 minutes, bound to client and redirect_uri,
 *   PKCE verified), refresh (rotating, keeping or refused per network), Meta's
 *   `grant_type=fb_exchange_token`, in the network's client authentication and bodies.
 * - `/N/oauth/revoke`: revokes the consent (or the one token, LinkedIn).
 */
import { createHash } from 'node:crypto';
import { SOCIAL_NETWORK_LABELS, type OAuthNetwork } from '@director-ia/shared';
import { CONSENT_ACCOUNT, SANDBOX_APP_NAME } from './accounts';
import type { SandboxContext } from './context';
import { basicCredentials, bearerToken, empty, html, json, redirect, requestParams, type SandboxRequest, type SandboxResponse } from './http';
import { NETWORK_SPECS, type IssuedTokens, type NetworkSpec } from './networks';
import { consentPage, errorPage } from './pages';
import { randomToken, type Grant, type SandboxClient } from './store';

/** An S256 challenge: base64url of a SHA-256, 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Scopes as asked: the networks separate them with spaces or commas. */
const splitScopes = (scope: string | undefined): string[] => [...new Set((scope ?? '').split(/[\s,]+/).filter((part) => part !== ''))];

function parseRedirectUri(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hash === '' ? url : null;
  } catch {
    return null;
  }
}

/** `GET /N/oauth/authorize`: the consent page, or a 400 page saying what is wrong. */
export function authorize(ctx: SandboxContext, network: OAuthNetwork, req: SandboxRequest): SandboxResponse {
  const spec = NETWORK_SPECS[network];
  const params = Object.fromEntries(req.query);
  const refuse = (message: string) => html(400, errorPage(network, message));
  const clientId = params[spec.clientParam];
  if (!clientId) return refuse(`Falta el parámetro ${spec.clientParam}.`);
  if (clientId !== ctx.store.client(network).clientId) return refuse(`La aplicación «${clientId}» no está registrada en la Red de pruebas de ${SOCIAL_NETWORK_LABELS[network]}.`);
  const redirectUri = parseRedirectUri(params.redirect_uri);
  if (!redirectUri) return refuse('Falta redirect_uri o no es una URL http(s) válida.');
  if (params.response_type !== 'code') return refuse('response_type debe ser «code».');
  if (!params.state) return refuse('Falta el parámetro state.');
  let challenge: string | null = null;
  if (spec.pkce !== 'none' && (params.code_challenge || spec.pkce === 'required')) {
    if (!params.code_challenge) return refuse('Falta code_challenge: esta red exige PKCE.');
    if (params.code_challenge_method !== 'S256') return refuse('code_challenge_method debe ser «S256».');
    if (!S256_CHALLENGE.test(params.code_challenge)) return refuse('code_challenge no es un SHA-256 en base64url.');
    challenge = params.code_challenge;
  }
  const scopes = splitScopes(params.scope);
  const requestId = ctx.store.addPending({
    network,
    clientId,
    redirectUri: params.redirect_uri ?? '',
    state: params.state,
    scopes,
    offline: spec.offline(params, scopes),
    challenge,
  });
  const page = consentPage({
    network,
    appName: SANDBOX_APP_NAME,
    accountName: CONSENT_ACCOUNT[network],
    avatarPath: `/avatars/${network}.svg`,
    scopes,
    redirectUri: params.redirect_uri ?? '',
    action: `/${network}/oauth/decision`,
    requestId,
  });
  return html(200, page, [redirectUri.origin]);
}

/** `POST /N/oauth/decision`: Autorizar or Cancelar on a consent page. */
export function decide(ctx: SandboxContext, network: OAuthNetwork, req: SandboxRequest): SandboxResponse {
  const params = requestParams(req, false);
  const decision = params.decision;
  if (decision !== 'approve' && decision !== 'cancel') return html(400, errorPage(network, 'Elige Autorizar o Cancelar.'));
  const consent = ctx.store.takePending(network, params.request ?? '');
  if (!consent) return html(400, errorPage(network, 'Esta solicitud de autorización ya se usó o ha caducado.'));
  const target = new URL(consent.redirectUri);
  if (decision === 'approve') {
    target.searchParams.set('code', ctx.store.issueCode(consent));
    ctx.log(`social sandbox: ${network} consent approved`);
  } else {
    for (const [key, value] of Object.entries(NETWORK_SPECS[network].cancel)) target.searchParams.set(key, value);
    ctx.log(`social sandbox: ${network} consent cancelled`);
  }
  target.searchParams.set('state', consent.state);
  return redirect(target.href);
}

/** Whether the request authenticates as `client` in one of the ways `accepted`. */
function authenticates(req: SandboxRequest, params: Record<string, string>, spec: NetworkSpec, client: SandboxClient, accepted: readonly ('basic' | 'params')[]): boolean {
  // A client id in the parameters must name the client whatever the authentication (X sends both).
  if (params[spec.clientParam] !== undefined && params[spec.clientParam] !== client.clientId) return false;
  const basic = basicCredentials(req);
  if (basic && accepted.includes('basic')) return basic.id === client.clientId && basic.secret === client.clientSecret;
  if (accepted.includes('params')) return params[spec.clientParam] === client.clientId && params.client_secret === client.clientSecret;
  return false;
}

/** Issues tokens under `grant` and answers them in the network's shape. */
function issue(ctx: SandboxContext, network: OAuthNetwork, grant: Grant, grantType: IssuedTokens['grantType'], withRefresh: boolean): SandboxResponse {
  const spec = NETWORK_SPECS[network];
  const longLived = grantType === 'fb_exchange_token';
  const expiresIn = ctx.lifetimes.get(network) ?? (longLived && spec.longLivedLifetime !== undefined ? spec.longLivedLifetime : spec.accessLifetime);
  const accessToken = randomToken(spec.tokenPrefix.access);
  ctx.store.keepToken(accessToken, grant, 'access', expiresIn, longLived ? { longLived } : {});
  const tokens: IssuedTokens = { accessToken, expiresIn, scopes: grant.scopes, grantType, issuedAt: ctx.store.now() };
  if (withRefresh) {
    tokens.refreshToken = randomToken(spec.tokenPrefix.refresh);
    ctx.store.keepToken(tokens.refreshToken, grant, 'refresh', spec.refreshLifetime);
    if (spec.refreshLifetime !== null) tokens.refreshExpiresIn = spec.refreshLifetime;
  }
  return json(200, spec.tokenResponse(tokens));
}

function exchangeCode(ctx: SandboxContext, network: OAuthNetwork, params: Record<string, string>, client: SandboxClient): SandboxResponse {
  const spec = NETWORK_SPECS[network];
  if (!params.code) return spec.tokenError('missing', 'code');
  if (!params.redirect_uri) return spec.tokenError('missing', 'redirect_uri');
  const code = ctx.store.useCode(network, params.code);
  if (code === 'unknown') return spec.tokenError('code_unknown', '');
  if (code === 'used') return spec.tokenError('code_used', '');
  if (code === 'expired') return spec.tokenError('code_expired', '');
  if (code.clientId !== client.clientId) return spec.tokenError('code_unknown', '');
  if (code.redirectUri !== params.redirect_uri) return spec.tokenError('redirect_mismatch', '');
  if (code.challenge !== null && (!params.code_verifier || s256(params.code_verifier) !== code.challenge)) return spec.tokenError('pkce_mismatch', '');
  const grant = ctx.store.createGrant(code);
  ctx.log(`social sandbox: ${network} code exchanged`);
  return issue(ctx, network, grant, 'authorization_code', spec.refresh !== 'none' && grant.offline);
}

function refresh(ctx: SandboxContext, network: OAuthNetwork, params: Record<string, string>, client: SandboxClient): SandboxResponse {
  const spec = NETWORK_SPECS[network];
  if (spec.refresh === 'none') return spec.tokenError('refresh_unsupported', 'refresh_token');
  if (!params.refresh_token) return spec.tokenError('missing', 'refresh_token');
  const found = ctx.store.findToken(network, params.refresh_token);
  if (!found || found.expired || found.token.kind !== 'refresh' || found.grant.clientId !== client.clientId) return spec.tokenError('refresh_invalid', '');
  if (spec.refresh === 'rotate') ctx.store.forgetToken(params.refresh_token);
  return issue(ctx, network, found.grant, 'refresh_token', spec.refresh === 'rotate');
}

/** Meta: a short-lived user token for a long-lived one. */
function exchangeToken(ctx: SandboxContext, network: OAuthNetwork, params: Record<string, string>, client: SandboxClient): SandboxResponse {
  const spec = NETWORK_SPECS[network];
  if (!params.fb_exchange_token) return spec.tokenError('missing', 'fb_exchange_token');
  const found = ctx.store.findToken(network, params.fb_exchange_token);
  if (!found || found.expired || found.token.kind !== 'access' || found.grant.clientId !== client.clientId) return spec.tokenError('exchange_invalid', '');
  return issue(ctx, network, found.grant, 'fb_exchange_token', false);
}

const methodNotAllowed = (allowed: readonly string[]): SandboxResponse => ({ ...empty(405), headers: { allow: allowed.join(', '), 'cache-control': 'no-store' } });

/**
 * The parameters of a token or revoke request: a GET's query; a POST's form body (plus the query
 * where the network reads it too: Meta).
 */
function tokenParams(req: SandboxRequest, spec: NetworkSpec): Record<string, string> {
  if (req.method === 'GET') return Object.fromEntries(req.query);
  const withQuery = spec.tokenMethods.includes('GET');
  return req.bodyType === 'form' ? requestParams(req, withQuery) : withQuery ? Object.fromEntries(req.query) : {};
}

/** `/N/oauth/token`. */
export function token(ctx: SandboxContext, network: OAuthNetwork, req: SandboxRequest): SandboxResponse {
  const spec = NETWORK_SPECS[network];
  if (!(spec.tokenMethods as readonly string[]).includes(req.method)) return methodNotAllowed(spec.tokenMethods);
  const params = tokenParams(req, spec);
  const client = ctx.store.client(network);
  if (!authenticates(req, params, spec, client, spec.clientAuth)) return spec.tokenError('client', '');
  const isMeta = spec.longLivedLifetime !== undefined;
  // Meta's code exchange needs no grant_type.
  const grantType = params.grant_type ?? (isMeta ? 'authorization_code' : undefined);
  if (grantType === undefined) return spec.tokenError('missing', 'grant_type');
  if (grantType === 'authorization_code') return exchangeCode(ctx, network, params, client);
  if (grantType === 'refresh_token') return refresh(ctx, network, params, client);
  if (grantType === 'fb_exchange_token' && isMeta) return exchangeToken(ctx, network, params, client);
  return spec.tokenError('grant_type', grantType);
}

/** `/N/oauth/revoke` (and Meta's `DELETE /me/permissions`); null when the network has none. */
export function revoke(ctx: SandboxContext, network: OAuthNetwork, req: SandboxRequest): SandboxResponse | null {
  const spec = NETWORK_SPECS[network];
  const rule = spec.revoke;
  if (!rule) return null;
  if (req.method !== rule.method) return methodNotAllowed([rule.method]);
  const params = rule.method === 'DELETE' ? Object.fromEntries(req.query) : tokenParams(req, spec);
  if (rule.clientAuth !== 'none' && !authenticates(req, params, spec, ctx.store.client(network), [rule.clientAuth])) return spec.tokenError('client', '');
  const given = rule.token === 'bearer' ? (bearerToken(req) ?? params.access_token) : params.token;
  if (!given) return rule.token === 'bearer' ? spec.apiError('missing_token', '') : spec.tokenError('missing', 'token');
  const found = ctx.store.findToken(network, given);
  if (!found) return rule.unknown();
  if (rule.revokes === 'grant') ctx.store.revokeGrant(found.grant.id);
  else ctx.store.forgetToken(given);
  ctx.log(`social sandbox: ${network} access revoked`);
  return rule.ok();
}
