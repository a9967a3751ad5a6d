/**
 * One call to a social network through the outbound HTTP door (platform/http: no private
 * addresses unless allowed, no redirects), with the adapters' limits (NETWORK_TIMEOUT_MS,
 * NETWORK_MAX_BYTES), and the error rule of issue 12 that turns the network's answer into a
 * NetworkError kind:
 * - `invalid_grant`: HTTP 400/401, an OAuth `error` of invalid_grant/invalid_request, Meta error
 *   code 100 or 190, TikTok `access_token_invalid`;
 * - `denied`: HTTP 403, an OAuth `error` of access_denied/insufficient_scope, Meta code 10 or
 *   200-299, TikTok `scope_not_authorized`;
 * - `unavailable`: timeouts, refused destinations, 5xx and any other failure, an unreadable body.
 * A body carrying an `error` is a failure whatever the HTTP status (TikTok answers errors with 200),
 * except TikTok's `{error: {code: "ok"}}`.
 * NetworkError.detail is the network's own error text with anything token-like removed; logs get
 * the network, kind, status and redacted URL only.
 */
import type { SocialNetwork } from '@director-ia/shared';
import { httpRequest, HttpRequestError, redactUrl, type FetchFn } from '../http';
import { logger } from '../logger';
import { NETWORK_MAX_BYTES, NETWORK_TIMEOUT_MS } from './networks';
import { NetworkError } from './types';

/** What every adapter operation accepts besides its inputs (tests inject `fetch` and the clock). */
export interface AdapterOptions {
  /** Injectable for tests; default the guarded global fetch of platform/http. */
  fetch?: FetchFn;
  /** Epoch milliseconds now (default Date.now), for `expires_in` arithmetic. */
  now?: () => number;
}

/** One request to a network. */
export interface NetworkCall {
  network: SocialNetwork;
  /** Absolute URL (query included), already built from configuration. */
  url: string;
  method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as `application/x-www-form-urlencoded`. */
  form?: Record<string, string>;
  /** Sent as `Authorization: Bearer …`. */
  bearer?: string;
  /** Sent as `Authorization: Basic base64(id:secret)`. */
  basic?: { id: string; secret: string };
  headers?: Readonly<Record<string, string>>;
  /**
   * Retry 429/5xx (platform/http's default: idempotent methods only). Token requests pass false:
   * an authorization code or a rotating refresh token must not be sent twice.
   */
  retry?: boolean;
}

/** What a network answered: the status and the JSON body (undefined when empty or not JSON). */
export interface NetworkAnswer {
  status: number;
  body: unknown;
}

type Kind = NetworkError['kind'];

/** Longest `NetworkError.detail`, characters. */
const MAX_DETAIL = 200;
/** A run of token-ish characters this long is taken for a token (or a code) and removed. */
const TOKEN_LIKE = /[A-Za-z0-9._~+/=:-]{24,}/g;

/** `text` fit for NetworkError.detail: single line, no token-like run, no `secrets`, at most MAX_DETAIL characters. */
export function safeDetail(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('…');
  out = out.replace(TOKEN_LIKE, '…').replace(/\s+/g, ' ').trim();
  return out.length > MAX_DETAIL ? `${out.slice(0, MAX_DETAIL - 1)}…` : out;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The network's own words for a failure, from the documented error bodies (`HTTP <status>` when it has none). */
export function errorText(status: number, body: unknown): string {
  if (isRecord(body)) {
    const error = body.error;
    const nested = isRecord(error) ? text(error.message) : undefined;
    const found =
      text(body.error_description) ?? nested ?? text(error) ?? text(body.detail) ?? text(body.title) ?? text(body.message) ?? text(body.description);
    if (found) return found;
  }
  return `HTTP ${status}`;
}

const OAUTH_INVALID = new Set(['invalid_grant', 'invalid_request']);
const OAUTH_DENIED = new Set(['access_denied', 'insufficient_scope']);
/** Meta's codes: 100 invalid parameter (a used code is 100/36009), 190 invalid token; 10 and 200-299 permissions; 4, 17, 32, 613 rate limits. */
const META_INVALID = new Set([100, 190]);
const META_RATE_LIMITED = new Set([4, 17, 32, 613]);

/**
 * The kind the body alone says (see the module header): `ok` for TikTok's explicit success,
 * `unknown` for an error the table does not know, undefined when the body carries no error.
 */
export function kindOfBody(body: unknown): Kind | 'ok' | 'unknown' | undefined {
  if (!isRecord(body) || body.error === undefined || body.error === null) return undefined;
  const error = body.error;
  if (typeof error === 'string') {
    if (OAUTH_INVALID.has(error)) return 'invalid_grant';
    if (OAUTH_DENIED.has(error)) return 'denied';
    return 'unknown';
  }
  if (!isRecord(error)) return 'unknown';
  if (typeof error.code === 'number' && typeof error.type === 'string') {
    if (META_INVALID.has(error.code)) return 'invalid_grant';
    if (error.code === 10 || (error.code >= 200 && error.code <= 299)) return 'denied';
    if (META_RATE_LIMITED.has(error.code)) return 'unavailable';
    return 'unknown';
  }
  if (typeof error.code === 'string') {
    if (error.code === 'ok') return 'ok';
    if (error.code === 'access_token_invalid') return 'invalid_grant';
    if (error.code === 'scope_not_authorized' || error.code === 'scope_permission_missed') return 'denied';
    return 'unknown';
  }
  return 'unknown';
}

function kindOfStatus(status: number): Kind | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status === 400 || status === 401) return 'invalid_grant';
  if (status === 403) return 'denied';
  return 'unavailable';
}

/**
 * The failure `status` and `body` stand for, or undefined for a success (see the module header).
 * A kind the body names wins over the status; an error the table does not know counts as the
 * status says, and as `unavailable` in a 2xx answer.
 */
export function failureKind(status: number, body: unknown): Kind | undefined {
  const fromBody = kindOfBody(body);
  const fromStatus = kindOfStatus(status);
  if (fromBody === 'ok' || fromBody === undefined) return fromStatus;
  if (fromBody === 'unknown') return fromStatus ?? 'unavailable';
  return fromBody;
}

function headersOf(call: NetworkCall): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (call.bearer !== undefined) headers.authorization = `Bearer ${call.bearer}`;
  if (call.basic) headers.authorization = `Basic ${Buffer.from(`${call.basic.id}:${call.basic.secret}`, 'utf8').toString('base64')}`;
  return headers;
}

/** Request fields that carry a secret, a token or a code. */
const SECRET_FIELDS = new Set(['client_secret', 'code', 'code_verifier', 'refresh_token', 'token', 'fb_exchange_token', 'access_token']);

/** The values of `call` that must never reach a detail or a log. */
function secretsOf(call: NetworkCall): string[] {
  const fields = [...Object.entries(call.form ?? {}), ...new URL(call.url).searchParams.entries()];
  const secrets = fields.filter(([name]) => SECRET_FIELDS.has(name)).map(([, value]) => value);
  if (call.bearer) secrets.push(call.bearer);
  if (call.basic) secrets.push(call.basic.secret);
  return secrets;
}

function fail(call: NetworkCall, kind: Kind, detail: string, status?: number, cause?: unknown): NetworkError {
  logger.warn('social network call failed', { network: call.network, kind, status, url: redactUrl(call.url) });
  return new NetworkError(call.network, kind, safeDetail(detail, secretsOf(call)), { status, cause });
}

/** `raw` as JSON, or undefined when it is empty or not JSON (the networks' error pages are HTML). */
export function parseJson(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends `call` and reads its JSON answer, whatever the status. Throws NetworkError `unavailable`
 * when no answer arrives (timeout, refused destination or redirect, unreachable, too large).
 */
export async function sendCall(call: NetworkCall, options: AdapterOptions = {}): Promise<NetworkAnswer> {
  try {
    const response = await httpRequest({
      url: call.url,
      method: call.method ?? 'GET',
      headers: headersOf(call),
      body: call.form ? new URLSearchParams(call.form).toString() : undefined,
      timeoutMs: NETWORK_TIMEOUT_MS,
      maxBytes: NETWORK_MAX_BYTES,
      retry: call.retry,
      fetch: options.fetch,
    });
    return { status: response.status, body: parseJson(await response.text()) };
  } catch (error) {
    if (error instanceof HttpRequestError) throw fail(call, 'unavailable', `no answer (${error.reason})`, undefined, error);
    throw error;
  }
}

/**
 * Sends `call` and resolves with its JSON body (undefined for an empty 2xx answer); throws
 * NetworkError with the kind of the module header's rule when the network refused.
 */
export async function callNetwork(call: NetworkCall, options: AdapterOptions = {}): Promise<unknown> {
  const { status, body } = await sendCall(call, options);
  const kind = failureKind(status, body);
  if (kind) throw fail(call, kind, errorText(status, body), status);
  return body;
}

/** A NetworkError `unavailable` for an answer that does not have the documented shape. */
export function unexpected(network: SocialNetwork, what: string): NetworkError {
  logger.warn('social network answer not understood', { network, what });
  return new NetworkError(network, 'unavailable', `unexpected ${what} answer`);
}

/** True when `value` parses as an http: or https: URL (configuration and pictures may be nothing else). */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * `base` (a configured URL) with `path` appended and `query` set, after checking it is http(s):
 * configuration is data, and a `file:` or `javascript:` URL must never be followed.
 * Throws NetworkError `unavailable` otherwise.
 */
export function configuredUrl(network: SocialNetwork, base: string, path = '', query: Record<string, string> = {}): URL {
  let url: URL;
  try {
    url = new URL(path === '' ? base : `${base.replace(/\/+$/, '')}${path}`);
  } catch {
    throw new NetworkError(network, 'unavailable', 'configured URL is invalid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new NetworkError(network, 'unavailable', 'configured URL is not http(s)');
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}
