/**
 * How each OAuth network of the sandbox behaves (issue 12 brief, "Default URLs" per-network shapes):
 * its authorize parameters and PKCE rule, how its token endpoint authenticates the client, token
 * lifetimes and refresh policy, revocation, the cancel redirect, and its documented response and
 * error bodies. ./oauth.ts and ./api.ts are generic and read everything network-specific here, so a
 * network's quirks live in one row.
 */
import { randomBytes } from 'node:crypto';
import type { OAuthNetwork } from '@director-ia/shared';
import { TIKTOK_USER } from './accounts';
import { empty, json, type SandboxResponse } from './http';

/** Why a token (or revoke) request is refused; each network words and codes it its own way. */
export type TokenErrorReason =
  | 'missing'
  | 'client'
  | 'grant_type'
  | 'code_unknown'
  | 'code_used'
  | 'code_expired'
  | 'redirect_mismatch'
  | 'pkce_mismatch'
  | 'refresh_invalid'
  | 'refresh_unsupported'
  | 'exchange_invalid';

/** Why an API call is refused. */
export type ApiErrorReason = 'missing_token' | 'invalid_token' | 'expired_token' | 'forbidden' | 'not_found' | 'bad_request';

/** Tokens just issued, for the network's response shape. */
export interface IssuedTokens {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  refreshToken?: string;
  /** Seconds. */
  refreshExpiresIn?: number;
  scopes: string[];
  grantType: 'authorization_code' | 'refresh_token' | 'fb_exchange_token';
  /** Epoch ms. */
  issuedAt: number;
}

/** A network's revocation endpoint. */
export interface RevokeSpec {
  method: 'POST' | 'DELETE';
  /** Where the token comes from: a form/query field `token`, or the Bearer header (Meta). */
  token: 'param' | 'bearer';
  /** Client authentication the endpoint requires. */
  clientAuth: 'basic' | 'params' | 'none';
  /** Revoking removes the whole consent (every token of it) or only the token given. */
  revokes: 'grant' | 'token';
  /** The success answer. */
  ok: () => SandboxResponse;
  /** The answer for an unknown token (RFC 7009 says 200 like success; Google says 400). */
  unknown: () => SandboxResponse;
}

export interface NetworkSpec {
  /** The authorize and token parameter naming the client (TikTok: client_key). */
  clientParam: 'client_id' | 'client_key';
  /** PKCE S256 at authorize: required (X), accepted (Meta, Google) or ignored. */
  pkce: 'required' | 'optional' | 'none';
  /** Token endpoint methods (Meta: GET, as its docs show; POST works too). */
  tokenMethods: readonly ('GET' | 'POST')[];
  /** Accepted client authentication at the token endpoint: Basic header and/or client id/secret parameters. */
  clientAuth: readonly ('basic' | 'params')[];
  /** Access token lifetime, seconds (Meta: the short-lived one). */
  accessLifetime: number;
  /** Meta: the long-lived user token's lifetime, seconds (`grant_type=fb_exchange_token`). */
  longLivedLifetime?: number;
  /** refresh_token grant: new pair, old refresh token dead (rotate); new access only (keep); refused (none). */
  refresh: 'rotate' | 'keep' | 'none';
  /** Refresh token lifetime, seconds; null = not reported. */
  refreshLifetime: number | null;
  /** Whether a consent gets refresh tokens (X: offline.access; Google: access_type=offline). */
  offline: (params: Record<string, string>, scopes: string[]) => boolean;
  revoke: RevokeSpec | null;
  /** Query parameters (besides `state`) of the redirect when the owner presses Cancelar. */
  cancel: Record<string, string>;
  tokenPrefix: { access: string; refresh: string };
  tokenResponse: (tokens: IssuedTokens) => Record<string, unknown>;
  tokenError: (reason: TokenErrorReason, detail: string) => SandboxResponse;
  apiError: (reason: ApiErrorReason, detail: string) => SandboxResponse;
}

const traceId = () => randomBytes(9).toString('base64url');
/** A TikTok-style `log_id` (timestamp and random hex). */
export const logId = (): string => `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(10).toString('hex').toUpperCase()}`;

const META_TOKEN_ERRORS: Record<TokenErrorReason, { code: number; subcode?: number; message: (detail: string) => string }> = {
  missing: { code: 100, message: (detail) => `Missing ${detail} parameter.` },
  client: { code: 1, message: () => 'Error validating client secret.' },
  grant_type: { code: 100, message: (detail) => `Unsupported grant_type: ${detail}` },
  code_unknown: { code: 100, message: () => 'Invalid verification code format.' },
  code_used: { code: 100, subcode: 36009, message: () => 'This authorization code has been used.' },
  code_expired: { code: 100, subcode: 36007, message: () => 'This authorization code has expired.' },
  redirect_mismatch: {
    code: 100,
    subcode: 36008,
    message: () => 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
  },
  pkce_mismatch: { code: 100, message: () => 'Invalid code verifier.' },
  refresh_invalid: { code: 100, message: (detail) => `Unsupported grant_type: ${detail}` },
  refresh_unsupported: { code: 100, message: (detail) => `Unsupported grant_type: ${detail}` },
  exchange_invalid: { code: 190, message: () => 'Invalid OAuth access token - Cannot parse access token' },
};

const META_API_ERRORS: Record<ApiErrorReason, { code: number; subcode?: number; message: (detail: string) => string }> = {
  missing_token: { code: 2500, message: () => 'An active access token must be used to query information about the current user.' },
  invalid_token: { code: 190, message: () => 'Invalid OAuth access token - Cannot parse access token' },
  expired_token: { code: 190, subcode: 463, message: () => 'Error validating access token: Session has expired.' },
  forbidden: { code: 200, message: (detail) => `(#200) ${detail}` },
  not_found: { code: 2500, message: (detail) => `Unknown path components: ${detail}` },
  bad_request: { code: 100, message: (detail) => `(#100) ${detail}` },
};

/** Meta's error body: always HTTP 400 with an OAuthException (brief: codes 100/190/200). */
const metaError = (entry: { code: number; subcode?: number; message: (detail: string) => string }, detail: string) =>
  json(400, { error: { message: entry.message(detail), type: 'OAuthException', code: entry.code, ...(entry.subcode ? { error_subcode: entry.subcode } : {}), fbtrace_id: traceId() } });

/** Facebook Login, for Facebook and Instagram alike (the same Meta app). */
const META: NetworkSpec = {
  clientParam: 'client_id',
  pkce: 'optional',
  tokenMethods: ['GET', 'POST'],
  clientAuth: ['params'],
  accessLifetime: 3600,
  longLivedLifetime: 5_184_000,
  refresh: 'none',
  refreshLifetime: null,
  offline: () => false,
  revoke: {
    method: 'DELETE',
    token: 'bearer',
    clientAuth: 'none',
    revokes: 'grant',
    ok: () => json(200, { success: true }),
    unknown: () => metaError(META_API_ERRORS.invalid_token, ''),
  },
  cancel: { error: 'access_denied', error_code: '200', error_description: 'Permissions error', error_reason: 'user_denied' },
  tokenPrefix: { access: 'EAASbx', refresh: '' },
  tokenResponse: (t) => ({ access_token: t.accessToken, token_type: 'bearer', expires_in: t.expiresIn }),
  tokenError: (reason, detail) => metaError(META_TOKEN_ERRORS[reason], detail),
  apiError: (reason, detail) => metaError(META_API_ERRORS[reason], detail),
};

/** The RFC 6749 error body most networks use. */
const oauthError = (status: number, error: string, description: string, extra: Record<string, unknown> = {}) => json(status, { error, error_description: description, ...extra });

const X_PROBLEMS: Record<ApiErrorReason, { status: number; title: string; type: string }> = {
  missing_token: { status: 401, title: 'Unauthorized', type: 'about:blank' },
  invalid_token: { status: 401, title: 'Unauthorized', type: 'about:blank' },
  expired_token: { status: 401, title: 'Unauthorized', type: 'about:blank' },
  forbidden: { status: 403, title: 'Forbidden', type: 'about:blank' },
  not_found: { status: 404, title: 'Not Found Error', type: 'https://api.twitter.com/2/problems/resource-not-found' },
  bad_request: { status: 400, title: 'Invalid Request', type: 'https://api.twitter.com/2/problems/invalid-request' },
};

const X: NetworkSpec = {
  clientParam: 'client_id',
  pkce: 'required',
  tokenMethods: ['POST'],
  clientAuth: ['basic'],
  accessLifetime: 7200,
  refresh: 'rotate',
  refreshLifetime: null,
  offline: (_params, scopes) => scopes.includes('offline.access'),
  revoke: { method: 'POST', token: 'param', clientAuth: 'basic', revokes: 'grant', ok: () => json(200, { revoked: true }), unknown: () => json(200, { revoked: true }) },
  cancel: { error: 'access_denied' },
  tokenPrefix: { access: '', refresh: '' },
  tokenResponse: (t) => ({
    token_type: 'bearer',
    expires_in: t.expiresIn,
    access_token: t.accessToken,
    scope: t.scopes.join(' '),
    ...(t.refreshToken ? { refresh_token: t.refreshToken } : {}),
  }),
  tokenError: (reason, detail) => {
    if (reason === 'client') return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    const description: Partial<Record<TokenErrorReason, string>> = {
      missing: `Missing required parameter [${detail}].`,
      grant_type: 'Value passed for the grant type was invalid.',
      refresh_invalid: 'Value passed for the token was invalid.',
      pkce_mismatch: 'Value passed for the code verifier was invalid.',
    };
    return oauthError(400, 'invalid_request', description[reason] ?? 'Value passed for the authorization code was invalid.');
  },
  apiError: (reason, detail) => {
    const problem = X_PROBLEMS[reason];
    return json(problem.status, { title: problem.title, type: problem.type, status: problem.status, detail: problem.status === 401 ? 'Unauthorized' : detail });
  },
};

const LINKEDIN_CODE_REFUSED = 'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists';

const LINKEDIN: NetworkSpec = {
  clientParam: 'client_id',
  pkce: 'none',
  tokenMethods: ['POST'],
  clientAuth: ['params'],
  accessLifetime: 5_183_999,
  // Refresh tokens are for approved partner apps only: the sandbox's app is not one.
  refresh: 'none',
  refreshLifetime: null,
  offline: () => false,
  revoke: { method: 'POST', token: 'param', clientAuth: 'params', revokes: 'token', ok: () => empty(200), unknown: () => empty(200) },
  cancel: { error: 'access_denied', error_description: 'The user cancelled the authorization' },
  tokenPrefix: { access: 'AQVsbx', refresh: 'AQXsbx' },
  tokenResponse: (t) => ({ access_token: t.accessToken, expires_in: t.expiresIn, scope: t.scopes.join(',') }),
  tokenError: (reason, detail) => {
    if (reason === 'client') return oauthError(401, 'invalid_client', 'Client authentication failed');
    if (reason === 'missing') return oauthError(400, 'invalid_request', `A required parameter "${detail}" is missing`);
    if (reason === 'grant_type') return oauthError(400, 'unsupported_grant_type', `Grant type "${detail}" is not supported`);
    if (reason === 'refresh_invalid' || reason === 'refresh_unsupported') return oauthError(400, 'invalid_request', 'The provided refresh token is invalid or this application may not use refresh tokens');
    return oauthError(400, 'invalid_request', LINKEDIN_CODE_REFUSED);
  },
  apiError: (reason, detail) => {
    if (reason === 'expired_token') return json(401, { status: 401, serviceErrorCode: 65601, code: 'EXPIRED_ACCESS_TOKEN', message: 'The token used in the request has expired' });
    if (reason === 'missing_token' || reason === 'invalid_token') return json(401, { status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' });
    if (reason === 'forbidden') return json(403, { status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED', message: detail });
    if (reason === 'not_found') return json(404, { status: 404, code: 'NOT_FOUND', message: 'No virtual resource found' });
    return json(400, { status: 400, code: 'BAD_REQUEST', message: detail });
  },
};

const GOOGLE_API_ERRORS: Record<ApiErrorReason, { status: number; grpc: string; reason: string; message: (detail: string) => string }> = {
  missing_token: {
    status: 401,
    grpc: 'UNAUTHENTICATED',
    reason: 'authError',
    message: () => 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  },
  invalid_token: {
    status: 401,
    grpc: 'UNAUTHENTICATED',
    reason: 'authError',
    message: () => 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  },
  expired_token: {
    status: 401,
    grpc: 'UNAUTHENTICATED',
    reason: 'authError',
    message: () => 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  },
  forbidden: { status: 403, grpc: 'PERMISSION_DENIED', reason: 'insufficientPermissions', message: () => 'Request had insufficient authentication scopes.' },
  not_found: { status: 404, grpc: 'NOT_FOUND', reason: 'notFound', message: (detail) => `Not Found: ${detail}` },
  bad_request: { status: 400, grpc: 'INVALID_ARGUMENT', reason: 'badRequest', message: (detail) => detail },
};

const GOOGLE: NetworkSpec = {
  clientParam: 'client_id',
  pkce: 'optional',
  tokenMethods: ['POST'],
  clientAuth: ['params', 'basic'],
  accessLifetime: 3599,
  refresh: 'keep',
  refreshLifetime: null,
  offline: (params) => params.access_type === 'offline',
  revoke: {
    method: 'POST',
    token: 'param',
    clientAuth: 'none',
    revokes: 'grant',
    ok: () => json(200, {}),
    unknown: () => oauthError(400, 'invalid_token', 'Token expired or revoked'),
  },
  cancel: { error: 'access_denied' },
  tokenPrefix: { access: 'ya29.sbx-', refresh: '1//sbx-' },
  tokenResponse: (t) => ({
    access_token: t.accessToken,
    expires_in: t.expiresIn,
    ...(t.refreshToken ? { refresh_token: t.refreshToken } : {}),
    scope: t.scopes.join(' '),
    token_type: 'Bearer',
  }),
  tokenError: (reason, detail) => {
    if (reason === 'client') return oauthError(401, 'invalid_client', 'Unauthorized');
    if (reason === 'missing') return oauthError(400, 'invalid_request', `Missing required parameter: ${detail}`);
    if (reason === 'grant_type') return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${detail}`);
    if (reason === 'redirect_mismatch') return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
    if (reason === 'code_unknown') return oauthError(400, 'invalid_grant', 'Malformed auth code.');
    if (reason === 'pkce_mismatch') return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
    if (reason === 'refresh_invalid') return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    return oauthError(400, 'invalid_grant', 'Bad Request');
  },
  apiError: (reason, detail) => {
    const entry = GOOGLE_API_ERRORS[reason];
    const message = entry.message(detail);
    return json(entry.status, {
      error: { code: entry.status, message, errors: [{ message, domain: 'global', reason: entry.reason }], status: entry.grpc },
    });
  },
};

/** TikTok answers token errors with HTTP 200 and an `error` body (the brief: judge by the body). */
const tiktokTokenError = (error: string, description: string) => oauthError(200, error, description, { log_id: logId() });

const TIKTOK_API_ERRORS: Record<ApiErrorReason, { status: number; code: string; message: (detail: string) => string }> = {
  missing_token: { status: 401, code: 'access_token_invalid', message: () => 'The access token is invalid or not found in the request.' },
  invalid_token: { status: 401, code: 'access_token_invalid', message: () => 'The access token is invalid or not found in the request.' },
  expired_token: { status: 401, code: 'access_token_invalid', message: () => 'The access token is invalid or not found in the request.' },
  forbidden: { status: 401, code: 'scope_not_authorized', message: () => 'The user did not authorize the scope required for completing this request.' },
  not_found: { status: 404, code: 'invalid_params', message: (detail) => `Unknown endpoint: ${detail}` },
  bad_request: { status: 400, code: 'invalid_params', message: (detail) => detail },
};

const TIKTOK: NetworkSpec = {
  clientParam: 'client_key',
  pkce: 'none',
  tokenMethods: ['POST'],
  clientAuth: ['params'],
  accessLifetime: 86_400,
  refresh: 'rotate',
  refreshLifetime: 31_536_000,
  offline: () => true,
  revoke: { method: 'POST', token: 'param', clientAuth: 'params', revokes: 'grant', ok: () => empty(200), unknown: () => empty(200) },
  cancel: { error: 'access_denied', error_description: 'The user denied the authorization request.' },
  tokenPrefix: { access: 'act.sbx', refresh: 'rft.sbx' },
  tokenResponse: (t) => ({
    open_id: TIKTOK_USER.openId,
    scope: t.scopes.join(','),
    access_token: t.accessToken,
    expires_in: t.expiresIn,
    refresh_token: t.refreshToken,
    refresh_expires_in: t.refreshExpiresIn,
    token_type: 'Bearer',
  }),
  tokenError: (reason, detail) => {
    if (reason === 'client') return tiktokTokenError('invalid_client', 'Client key or secret is incorrect.');
    if (reason === 'missing') return tiktokTokenError('invalid_request', `The request parameters are malformed: ${detail} is missing.`);
    if (reason === 'grant_type') return tiktokTokenError('unsupported_grant_type', `The grant type ${detail} is not supported.`);
    if (reason === 'redirect_mismatch') return tiktokTokenError('invalid_grant', 'Redirect URI does not match the authorization request.');
    if (reason === 'refresh_invalid') return tiktokTokenError('invalid_grant', 'Refresh token is invalid or expired.');
    return tiktokTokenError('invalid_grant', 'Authorization code is expired.');
  },
  apiError: (reason, detail) => {
    const entry = TIKTOK_API_ERRORS[reason];
    return json(entry.status, { data: {}, error: { code: entry.code, message: entry.message(detail), log_id: logId() } });
  },
};

const PINTEREST: NetworkSpec = {
  clientParam: 'client_id',
  pkce: 'none',
  tokenMethods: ['POST'],
  clientAuth: ['basic'],
  accessLifetime: 2_592_000,
  refresh: 'rotate',
  refreshLifetime: 31_536_000,
  offline: () => true,
  revoke: null,
  cancel: { error: 'access_denied' },
  tokenPrefix: { access: 'pina_sbx', refresh: 'pinr_sbx' },
  tokenResponse: (t) => ({
    access_token: t.accessToken,
    refresh_token: t.refreshToken,
    response_type: t.grantType === 'refresh_token' ? 'refresh_token' : 'authorization_code',
    token_type: 'bearer',
    expires_in: t.expiresIn,
    refresh_token_expires_in: t.refreshExpiresIn,
    refresh_token_expires_at: t.refreshExpiresIn === undefined ? undefined : Math.floor(t.issuedAt / 1000) + t.refreshExpiresIn,
    scope: t.scopes.join(','),
  }),
  tokenError: (reason, detail) => {
    if (reason === 'client') return json(401, { code: 2, message: 'Authentication failed.' });
    if (reason === 'missing') return json(400, { code: 1, message: `Missing request body parameter: ${detail}` });
    if (reason === 'grant_type') return json(400, { code: 1, message: `Invalid grant_type: ${detail}` });
    if (reason === 'refresh_invalid') return json(400, { code: 1, message: 'Invalid refresh token.' });
    if (reason === 'redirect_mismatch') return json(400, { code: 1, message: 'Redirect URI does not match the authorization request.' });
    return json(400, { code: 1, message: 'Invalid authorization code.' });
  },
  apiError: (reason, detail) => {
    if (reason === 'missing_token' || reason === 'invalid_token' || reason === 'expired_token') return json(401, { code: 2, message: 'Authentication failed.' });
    if (reason === 'forbidden') return json(403, { code: 29, message: 'You are not permitted to access that resource.' });
    if (reason === 'not_found') return json(404, { code: 404, message: `Not found: ${detail}` });
    return json(400, { code: 1, message: detail });
  },
};

/** Every OAuth network's behaviour (Instagram is Facebook Login too). */
export const NETWORK_SPECS: Readonly<Record<OAuthNetwork, NetworkSpec>> = {
  facebook: META,
  instagram: META,
  x: X,
  linkedin: LINKEDIN,
  youtube: GOOGLE,
  tiktok: TIKTOK,
  pinterest: PINTEREST,
};
