/**
 * The outbound HTTP door (lambdas/platform/http/client.ts). With an injected fetch: the request it
 * sends (method, headers, JSON body, a timeout signal, no redirects), transport failures as
 * HttpRequestError reasons, the response size cap (declared and streamed), retries and secrets
 * kept out of errors. Against a real local node:http server, through the guarded undici Agent:
 * loopback refused unless allowed, redirects refused, Retry-After honoured or not waited for.
 */
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkDestination, httpRequest, HttpRequestError, postJson, redactUrl, retryAfterMs, type FetchFn } from '../../../../../lambdas/platform/http';

interface Sent {
  url: string;
  init: RequestInit;
}

function recording(response: () => Response): { fetch: FetchFn; sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    fetch: async (url, init) => {
      sent.push({ url, init });
      return response();
    },
  };
}

/** A body streamed in `chunks` chunks of `size` bytes, with no content-length header. */
function streamed(chunks: number, size: number): Response {
  let left = chunks;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left-- > 0) controller.enqueue(new Uint8Array(size).fill(97));
      else controller.close();
    },
  });
  return new Response(body, { status: 200 });
}

async function failure(promise: Promise<unknown>): Promise<HttpRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpRequestError);
  return error as HttpRequestError;
}

describe('httpRequest', () => {
  it('sends the method, headers and body with a timeout signal, and reads the answer whatever its status', async () => {
    const { fetch, sent } = recording(() => new Response('nope', { status: 404 }));
    const response = await httpRequest({ url: 'https://api.example.com/x', method: 'PUT', headers: { a: '1' }, body: 'hola', timeoutMs: 1000, fetch });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('https://api.example.com/x');
    expect(sent[0]?.init).toMatchObject({ method: 'PUT', headers: { a: '1' }, body: 'hola', redirect: 'manual' });
    expect(sent[0]?.init.signal).toBeInstanceOf(AbortSignal);
    expect(response.status).toBe(404);
    expect(response.ok).toBe(false);
    expect(await response.text()).toBe('nope');
  });

  it('reports a timeout and an unreachable host as their reasons, with the cause kept', async () => {
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    const slow = await failure(httpRequest({ url: 'https://a.example', timeoutMs: 5, fetch: () => Promise.reject(timeout) }));
    expect(slow.reason).toBe('timeout');
    expect(slow.cause).toBe(timeout);
    const refused = new TypeError('fetch failed');
    const down = await failure(httpRequest({ url: 'https://a.example', timeoutMs: 5, fetch: () => Promise.reject(refused) }));
    expect(down.reason).toBe('unreachable');
    expect(down.cause).toBe(refused);
  });

  it('times out a server that never answers', async () => {
    const hanging: FetchFn = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    expect((await failure(httpRequest({ url: 'https://a.example', timeoutMs: 20, fetch: hanging }))).reason).toBe('timeout');
  });

  it('refuses a body larger than the cap, declared or streamed, and reads one within it', async () => {
    const declared = recording(() => new Response('x'.repeat(10), { headers: { 'content-length': '10' } }));
    const big = await httpRequest({ url: 'https://a.example', timeoutMs: 1000, maxBytes: 5, fetch: declared.fetch });
    expect((await failure(big.text())).reason).toBe('too-large');

    const endless = await httpRequest({ url: 'https://a.example', timeoutMs: 1000, maxBytes: 1000, fetch: async () => streamed(100, 64) });
    expect((await failure(endless.bytes())).reason).toBe('too-large');

    const fits = await httpRequest({ url: 'https://a.example', timeoutMs: 1000, maxBytes: 640, fetch: async () => streamed(10, 64) });
    expect((await fits.bytes()).byteLength).toBe(640);
  });

  it('refuses URLs that are not http(s) before sending anything', async () => {
    const { fetch, sent } = recording(() => new Response(''));
    expect((await failure(httpRequest({ url: 'file:///etc/passwd', timeoutMs: 10, fetch }))).reason).toBe('unreachable');
    expect((await failure(httpRequest({ url: 'not a url', timeoutMs: 10, fetch }))).reason).toBe('unreachable');
    expect(sent).toHaveLength(0);
    // A name is judged on connection, against the address it resolves to.
    expect(() => checkDestination('http://localhost:8080/v1')).not.toThrow();
  });

  it.each(['http://127.0.0.1:8080/v1', 'http://0x7f.1/v1', 'http://2130706433/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.5/'])(
    'refuses the non-public IP literal of %s before sending anything, even with an injected fetch',
    async (url) => {
      const { fetch, sent } = recording(() => new Response(''));
      expect((await failure(httpRequest({ url, timeoutMs: 10, fetch }))).reason).toBe('refused');
      expect(sent).toHaveLength(0);
    },
  );

  it('refuses any redirect instead of following it', async () => {
    const { fetch, sent } = recording(() => new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/' } }));
    const error = await failure(httpRequest({ url: 'https://a.example/x', timeoutMs: 1000, fetch }));
    expect(error.reason).toBe('refused');
    expect(error.message).toContain('302');
    expect(sent).toHaveLength(1);
  });

  it('retries a GET on 429/5xx (at most twice) but not a POST unless asked', async () => {
    const statuses = [503, 429, 502, 200];
    const get = recording(() => new Response('', { status: statuses.shift() ?? 200, headers: { 'retry-after': '0' } }));
    expect((await httpRequest({ url: 'https://a.example', timeoutMs: 5000, fetch: get.fetch })).status).toBe(502);
    expect(get.sent).toHaveLength(3);

    const post = recording(() => new Response('', { status: 503, headers: { 'retry-after': '0' } }));
    expect((await postJson({ url: 'https://a.example', body: {}, timeoutMs: 5000, fetch: post.fetch })).status).toBe(503);
    expect(post.sent).toHaveLength(1);
    expect((await postJson({ url: 'https://a.example', body: {}, timeoutMs: 5000, retry: true, fetch: post.fetch })).status).toBe(503);
    expect(post.sent).toHaveLength(4);

    const notFound = recording(() => new Response('', { status: 404 }));
    await httpRequest({ url: 'https://a.example', timeoutMs: 5000, fetch: notFound.fetch });
    expect(notFound.sent).toHaveLength(1);
  });

  it('keeps secrets out of its errors: no query string, the bot token masked', async () => {
    const refused = new TypeError('fetch failed');
    const error = await failure(
      httpRequest({ url: 'https://api.telegram.org/bot123456:AAH-secret/sendMessage?chat_id=1&key=sk-live', timeoutMs: 5, fetch: () => Promise.reject(refused) }),
    );
    expect(error.url).toBe('https://api.telegram.org/bot…/sendMessage');
    expect(`${error.message} ${error.url}`).not.toMatch(/AAH-secret|sk-live|chat_id/);
    const invalid = await failure(httpRequest({ url: 'nota://sk-live-key@', timeoutMs: 5, fetch: () => Promise.reject(refused) }));
    expect(`${invalid.message} ${invalid.url}`).not.toContain('sk-live-key');
  });
});

describe('redactUrl and retryAfterMs', () => {
  it('redactUrl keeps origin and path only', () => {
    expect(redactUrl('https://user:pw@api.example.com/v1/x?key=1#f')).toBe('https://api.example.com/v1/x');
    expect(redactUrl('https://api.telegram.org/bot1:abc/getMe')).toBe('https://api.telegram.org/bot…/getMe');
    expect(redactUrl('not a url')).toBe('');
  });

  it('retryAfterMs reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});

describe('through the guarded Agent, against a local server', () => {
  let server: Server;
  let origin: string;
  let handle: (req: IncomingMessage, res: ServerResponse) => void;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    vi.unstubAllEnvs();
    hits.length = 0;
  });

  it('uses an undici of the same major version as the one inside Node (a dispatcher of another major fails)', () => {
    const installed = (createRequire(import.meta.url)('undici/package.json') as { version: string }).version;
    expect(installed.split('.')[0]).toBe(process.versions.undici?.split('.')[0]);
  });

  it('refuses loopback at call time: nothing reaches the server', async () => {
    handle = (_req, res) => res.end('hola');
    const error = await failure(httpRequest({ url: `http://${origin}/v1`, timeoutMs: 2000 }));
    expect(error.reason).toBe('refused');
    // A name resolving to loopback is refused on connection.
    const byName = await failure(httpRequest({ url: `http://localhost:${origin.split(':')[1]}/v1`, timeoutMs: 2000 }));
    expect(byName.reason).toBe('refused');
    expect(byName.message).toContain('localhost');
    expect(hits).toEqual([]);
  });

  it('reaches it when its origin is in the deployment allowlist', async () => {
    vi.stubEnv('OUTBOUND_ALLOWED_ORIGINS', origin);
    handle = (_req, res) => res.end('hola');
    const response = await httpRequest({ url: `http://${origin}/v1`, timeoutMs: 2000 });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('hola');
  });

  it('refuses a 302 without following it', async () => {
    vi.stubEnv('OUTBOUND_ALLOWED_ORIGINS', origin);
    handle = (req, res) => {
      res.writeHead(req.url === '/start' ? 302 : 200, { location: '/end' });
      res.end();
    };
    expect((await failure(httpRequest({ url: `http://${origin}/start`, timeoutMs: 2000 }))).reason).toBe('refused');
    expect(hits).toEqual(['/start']);
  });

  it('returns a 3xx the caller names as an answer (YouTube 308 Resume Incomplete) with its headers, never following it', async () => {
    vi.stubEnv('OUTBOUND_ALLOWED_ORIGINS', origin);
    handle = (_req, res) => {
      res.writeHead(308, { range: 'bytes=0-1023', location: '/elsewhere' });
      res.end();
    };
    const url = `http://${origin}/upload`;
    const response = await httpRequest({ url, method: 'PUT', timeoutMs: 2000, answerStatuses: [308], retry: false });
    expect(response.status).toBe(308);
    expect(response.headers.get('range')).toBe('bytes=0-1023');
    // Another 3xx, or the same one without the option, stays a refusal.
    expect((await failure(httpRequest({ url, method: 'PUT', timeoutMs: 2000, answerStatuses: [307], retry: false }))).reason).toBe('refused');
    expect((await failure(httpRequest({ url, method: 'PUT', timeoutMs: 2000, retry: false }))).reason).toBe('refused');
    expect(hits).toEqual(['/upload', '/upload', '/upload']);
  });

  it('retries a 429 after its Retry-After, then succeeds', async () => {
    vi.stubEnv('OUTBOUND_ALLOWED_ORIGINS', origin);
    let calls = 0;
    handle = (_req, res) => {
      calls += 1;
      if (calls === 1) res.writeHead(429, { 'retry-after': '1' }).end('despacio');
      else res.end('ya');
    };
    const started = Date.now();
    const response = await httpRequest({ url: `http://${origin}/x`, timeoutMs: 5000 });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ya');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(hits).toHaveLength(2);
  });

  it('does not wait for a Retry-After longer than the cap: the 429 goes back to the caller', async () => {
    vi.stubEnv('OUTBOUND_ALLOWED_ORIGINS', origin);
    handle = (_req, res) => res.writeHead(429, { 'retry-after': '120' }).end('vuelve en dos minutos');
    const started = Date.now();
    const response = await httpRequest({ url: `http://${origin}/x`, timeoutMs: 5000, maxRetryWaitMs: 2000 });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('120');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(hits).toHaveLength(1);
  });

  it('still caps an oversized answer', async () => {
    vi.stubEnv('OUTBOUND_ALLOWED_ORIGINS', origin);
    handle = (_req, res) => {
      res.write('x'.repeat(4096));
      res.end('x'.repeat(4096));
    };
    const response = await httpRequest({ url: `http://${origin}/big`, timeoutMs: 2000, maxBytes: 5000 });
    expect((await failure(response.bytes())).reason).toBe('too-large');
  });
});

describe('postJson', () => {
  it('POSTs the body as JSON with JSON content type and accept, keeping the caller headers', async () => {
    const { fetch, sent } = recording(() => new Response('{"ok":true}'));
    const response = await postJson({ url: 'https://a.example/v1', headers: { authorization: 'Bearer k' }, body: { a: [1] }, timeoutMs: 1000, fetch });
    expect(sent[0]?.init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer k' },
      body: '{"a":[1]}',
    });
    expect(JSON.parse(await response.text())).toEqual({ ok: true });
  });
});
