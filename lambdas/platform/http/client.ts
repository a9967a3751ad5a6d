/**
 * The one outbound HTTP client of the lambdas (issue 11 item 1): every call to another server
 * goes through `httpRequest` (lint forbids the global `fetch` and node's http/https elsewhere).
 * It adds what each caller used to get right on its own:
 * - a timeout on every request (`AbortSignal.timeout`, `timeoutMs` required);
 * - a cap on the response body (`maxBytes`, default `DEFAULT_MAX_RESPONSE_BYTES`), read as a
 *   stream and cut off at the cap, so a runaway answer cannot exhaust the function's memory;
 * - an injectable `fetch` (`FetchFn`) so tests never reach the network.
 * Transport failures throw `HttpRequestError` with `reason` 'timeout' | 'unreachable' |
 * 'too-large' and the underlying error as `cause`; an HTTP error status is not a failure here
 * (the caller reads `status`). The destination is checked by `checkDestination` before the
 * request; today it accepts every http(s) URL, and issue 16 hardens it (no private addresses).
 * No import of the shared contract: the AI provider modules loaded with `import()` use this one.
 */

/** The `fetch` signature the client calls (the global one unless a test injects its own). */
export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

/** Largest response body read by default, in bytes (32 MiB: a few generated images in base64). */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export type HttpFailure = 'timeout' | 'unreachable' | 'too-large';

/** A request that got no usable answer; `cause` keeps the underlying error. */
export class HttpRequestError extends Error {
  override readonly name = 'HttpRequestError';

  constructor(
    readonly reason: HttpFailure,
    readonly url: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface HttpRequest {
  url: string;
  /** Default GET. */
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Time allowed for the whole exchange, headers and body, in milliseconds. */
  timeoutMs: number;
  /** Response body cap in bytes (default `DEFAULT_MAX_RESPONSE_BYTES`). */
  maxBytes?: number;
  /** Injectable for tests; default the global fetch. */
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

/**
 * Where a request may go. Today any http: or https: URL; issue 16 hardens this one hook against
 * private, loopback and link-local destinations (SSRF) for every caller at once.
 * Throws HttpRequestError('unreachable') for a URL it refuses.
 */
export function checkDestination(url: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch (error) {
    throw new HttpRequestError('unreachable', url, `invalid URL: ${url}`, { cause: error });
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new HttpRequestError('unreachable', url, `unsupported protocol ${protocol}`);
}

/** The failure an error thrown by fetch or by a body read stands for (an abort is the timeout's). */
function failureOf(error: unknown): HttpFailure {
  const name = (error as { name?: string } | undefined)?.name ?? '';
  return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable';
}

function describe(error: unknown): string {
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
 * Sends one request (see the module header). Resolves once the status and headers arrive, whatever
 * the status; rejects with HttpRequestError when the destination is refused, the request times
 * out or the server cannot be reached.
 */
export async function httpRequest(request: HttpRequest): Promise<HttpResponse> {
  const { url } = request;
  checkDestination(url);
  const fetchFn: FetchFn = request.fetch ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    throw new HttpRequestError(failureOf(error), url, describe(error), { cause: error });
  }
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  let body: Promise<Uint8Array> | undefined;
  const bytes = () => (body ??= readCapped(response, url, maxBytes));
  return {
    status: response.status,
    ok: response.ok,
    headers: response.headers,
    bytes,
    text: async () => new TextDecoder().decode(await bytes()),
  };
}

/** A POST of `body` as JSON (content-type and accept set to JSON; `headers` added). */
export function postJson(request: Omit<HttpRequest, 'method' | 'body'> & { body: unknown }): Promise<HttpResponse> {
  return httpRequest({
    ...request,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...request.headers },
    body: JSON.stringify(request.body),
  });
}
