/**
 * The one outbound HTTP client of the lambdas (issue 11 item 1, hardened by issue 12 item 5):
 * every call to another server goes through `httpRequest` (lint forbids the global `fetch` and
 * node's http/https elsewhere). It adds what each caller used to get right on its own:
 * - a timeout on the whole exchange, retries and body included (`timeoutMs`, required);
 * - a cap on the response body (`maxBytes`, default `DEFAULT_MAX_RESPONSE_BYTES`), read as a
 *   stream and cut off at the cap, so a runaway answer cannot exhaust the function's memory;
 * - destinations limited to public addresses (./destination.ts), checked on the address each
 *   socket connects to by an undici `Agent` whose connector refuses the rest, unless the origin is
 *   in the deployment allowlist (env OUTBOUND_ALLOWED_ORIGINS); undici is loaded on the first
 *   request only, so functions that never call out load nothing more;
 * - no redirects: any 3xx is a failure ('refused'), since a redirect could lead anywhere, except
 *   the 3xx statuses a caller names as answers (`answerStatuses`: YouTube's 308 Resume Incomplete),
 *   which are returned, never followed;
 * - retries of 429/500/502/503/504 with exponential backoff honouring `Retry-After` (seconds or an
 *   HTTP date), at most MAX_RETRIES, each wait at most `maxRetryWaitMs`: when the server asks for
 *   longer (or the time left is shorter) the answer is returned as is. Only idempotent methods are
 *   retried unless the caller says otherwise (`retry`);
 * - error messages and `HttpRequestError.url` without secrets: origin and path only, with a
 *   Telegram-style `/bot<token>/` segment masked, never the query string.
 * A test may inject `fetch` (`FetchFn`): the request then skips the Agent (and its address check).
 * Transport failures throw `HttpRequestError` with `reason` 'timeout' | 'unreachable' |
 * 'too-large' | 'refused' and the underlying error as `cause`; an HTTP error status is not a
 * failure here (the caller reads `status`).
 * No import of the shared contract: the AI provider modules loaded with `import()` use this one.
 */
import type { Dispatcher } from 'undici';
import { ALLOWED_ORIGINS_ENV, allowedOrigins, DestinationRefusedError, guardedLookup, originKey, refusalOfLiteral } from './destination';

/** The `fetch` signature the client calls (the guarded one unless a test injects its own). */
export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

/** Largest response body read by default, in bytes (32 MiB: a few generated images in base64). */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** Retries after the first attempt, at most. */
export const MAX_RETRIES = 2;

/** Longest wait before a retry by default, in milliseconds. */
export const DEFAULT_MAX_RETRY_WAIT_MS = 5_000;

/** First backoff wait when the server gives no Retry-After, in milliseconds (doubled each retry). */
const BACKOFF_BASE_MS = 250;

/** Statuses worth trying again: throttled, or a server or gateway that may recover. */
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Methods that may be repeated without doing their effect twice (RFC 9110 9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export type HttpFailure = 'timeout' | 'unreachable' | 'too-large' | 'refused';

/** A request that got no usable answer; `url` is redacted (see `redactUrl`), `cause` keeps the underlying error. */
export class HttpRequestError extends Error {
  override readonly name = 'HttpRequestError';
  readonly url: string;

  constructor(
    readonly reason: HttpFailure,
    url: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.url = redactUrl(url);
  }
}

export interface HttpRequest {
  url: string;
  /** Default GET. */
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Time allowed for the whole exchange (every attempt, the waits between them and the body), in milliseconds. */
  timeoutMs: number;
  /** Response body cap in bytes (default `DEFAULT_MAX_RESPONSE_BYTES`). */
  maxBytes?: number;
  /** Retry 429/5xx answers; default true for idempotent methods only (a POST may have had its effect). */
  retry?: boolean;
  /** Longest wait before a retry, in milliseconds (default `DEFAULT_MAX_RETRY_WAIT_MS`). */
  maxRetryWaitMs?: number;
  /**
   * 3xx statuses that are answers of the API rather than redirects (YouTube's resumable uploads
   * answer 308 Resume Incomplete): returned to the caller like any status, never followed.
   */
  answerStatuses?: readonly number[];
  /** Injectable for tests; default the global fetch through the guarded Agent. */
  fetch?: FetchFn;
}

/** An answer whose status line and headers arrived; the body is read (once) on demand. */
export interface HttpResponse {
  status: number;
  /** Status in 200-299. */
  ok: boolean;
  headers: Headers;
  /** The body as bytes; HttpRequestError('too-large') past the cap, ('timeout'/'unreachable') if the read fails. */
  bytes(): Promise<Uint8Array>;
  /** The body as UTF-8 text (same errors as `bytes`). */
  text(): Promise<string>;
}

/** `url` fit for messages and logs: origin and path, `/bot<token>` masked, no query or fragment; '' if unparsable. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname.replace(/\/bot[^/]+/gi, '/bot…')}`;
  } catch {
    return '';
  }
}

/**
 * The cheap part of the destination check, done before anything is sent: an http: or https: URL
 * whose host is not a non-public IP literal (unless its origin is allowed). Names are checked on
 * connection, against the address connected. Throws HttpRequestError ('unreachable' for a URL
 * that is not http(s), 'refused' for a forbidden address).
 */
export function checkDestination(url: string, allowed: ReadonlySet<string> = allowedOrigins()): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new HttpRequestError('unreachable', url, 'invalid URL', { cause: error });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new HttpRequestError('unreachable', url, `unsupported protocol ${parsed.protocol}`);
  if (allowed.has(originKey(parsed.hostname, parsed.port, parsed.protocol))) return;
  const refusal = refusalOfLiteral(parsed.hostname);
  if (refusal) throw new HttpRequestError('refused', url, refusal.message, { cause: refusal });
}

/** Guarded Agents by allowlist (one in practice: the deployment's). */
const agents = new Map<string, Promise<Dispatcher>>();

/** The Agent whose connector refuses non-public destinations outside `allowed` (see the module header). */
async function guardedAgent(allowedValue: string): Promise<Dispatcher> {
  const { Agent, buildConnector } = await import('undici');
  const allowed = allowedOrigins({ [ALLOWED_ORIGINS_ENV]: allowedValue });
  const checked = buildConnector({ lookup: guardedLookup });
  const open = buildConnector({});
  return new Agent({
    connect(options, callback) {
      if (allowed.has(originKey(options.hostname, options.port, options.protocol))) {
        open(options, callback);
        return;
      }
      // net.connect never calls `lookup` for an IP literal.
      const refusal = refusalOfLiteral(options.hostname);
      if (refusal) callback(refusal, null);
      else checked(options, callback);
    },
  });
}

/** The global fetch through the guarded Agent of the current allowlist. */
const guardedFetch: FetchFn = async (input, init) => {
  const value = process.env[ALLOWED_ORIGINS_ENV] ?? '';
  let agent = agents.get(value);
  if (!agent) {
    agent = guardedAgent(value);
    agents.set(value, agent);
  }
  // Node's fetch is undici 7 and accepts an undici 7 dispatcher (checked by the unit tests).
  return fetch(input, { ...init, dispatcher: await agent } as RequestInit);
};

/** The refusal somewhere in `error`'s cause chain, if any. */
function refusalIn(error: unknown): DestinationRefusedError | undefined {
  for (let at = error, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth += 1) {
    if (at instanceof DestinationRefusedError) return at;
  }
  return undefined;
}

/** The failure an error thrown by fetch or by a body read stands for (an abort is the timeout's). */
function failureOf(error: unknown): HttpFailure {
  if (refusalIn(error)) return 'refused';
  const name = (error as { name?: string } | undefined)?.name ?? '';
  return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable';
}

function describe(error: unknown): string {
  const refusal = refusalIn(error);
  if (refusal) return refusal.message;
  return `${(error as { name?: string }).name ?? ''}: ${(error as Error).message ?? ''}`;
}

/** `response`'s body, at most `maxBytes` bytes (the stream is cancelled past the cap). */
async function readCapped(response: Response, url: string, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new HttpRequestError('too-large', url, `response of ${declared} bytes exceeds ${maxBytes}`);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new HttpRequestError('too-large', url, `response exceeds ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpRequestError) throw error;
    throw new HttpRequestError(failureOf(error), url, describe(error), { cause: error });
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * The wait a `Retry-After` header asks for, in milliseconds (delay-seconds or an HTTP date,
 * RFC 9110 10.2.3; a past date is 0); undefined when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Resolves after `ms` milliseconds, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      signal.removeEventListener('abort', aborted);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', aborted, { once: true });
  });
}

/**
 * Sends one request (see the module header). Resolves once the status and headers of the last
 * attempt arrive, whatever the status; rejects with HttpRequestError when the destination is
 * refused (a redirect included), the request times out or the server cannot be reached.
 */
export async function httpRequest(request: HttpRequest): Promise<HttpResponse> {
  const { url } = request;
  checkDestination(url);
  const fetchFn: FetchFn = request.fetch ?? guardedFetch;
  const method = (request.method ?? 'GET').toUpperCase();
  const retries = (request.retry ?? IDEMPOTENT_METHODS.has(method)) ? MAX_RETRIES : 0;
  const maxWait = request.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
  const deadline = Date.now() + request.timeoutMs;
  const signal = AbortSignal.timeout(request.timeoutMs);
  let response: Response;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetchFn(url, { method, headers: request.headers, body: request.body, redirect: 'manual', signal });
    } catch (error) {
      throw new HttpRequestError(failureOf(error), url, describe(error), { cause: error });
    }
    if (response.status >= 300 && response.status < 400 && !request.answerStatuses?.includes(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      throw new HttpRequestError('refused', url, `redirect refused (HTTP ${response.status})`);
    }
    if (attempt >= retries || !RETRIED_STATUSES.has(response.status)) break;
    const wait = retryAfterMs(response.headers.get('retry-after')) ?? BACKOFF_BASE_MS * 2 ** attempt * (0.5 + Math.random() / 2);
    if (wait > maxWait || Date.now() + wait >= deadline) break;
    await response.body?.cancel().catch(() => undefined);
    try {
      await sleep(wait, signal);
    } catch (error) {
      throw new HttpRequestError('timeout', url, describe(error), { cause: error });
    }
  }
  const answer = response;
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  let body: Promise<Uint8Array> | undefined;
  const bytes = () => (body ??= readCapped(answer, url, maxBytes));
  return {
    status: answer.status,
    ok: answer.ok,
    headers: answer.headers,
    bytes,
    text: async () => new TextDecoder().decode(await bytes()),
  };
}

/** A POST of `body` as JSON (content-type and accept set to JSON; `headers` added). Not retried unless `retry` is true. */
export function postJson(request: Omit<HttpRequest, 'method' | 'body'> & { body: unknown }): Promise<HttpResponse> {
  return httpRequest({
    ...request,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...request.headers },
    body: JSON.stringify(request.body),
  });
}
