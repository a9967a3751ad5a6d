/**
 * The outbound HTTP door (lambdas/platform/http/client.ts) with an injected fetch: the request it
 * sends (method, headers, JSON body, a timeout signal), transport failures as HttpRequestError
 * reasons, and the response size cap (declared and streamed).
 */
import { describe, expect, it } from 'vitest';
import { checkDestination, httpRequest, HttpRequestError, postJson, type FetchFn } from '../../../../../lambdas/platform/http';

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
    expect(sent[0]?.init).toMatchObject({ method: 'PUT', headers: { a: '1' }, body: 'hola' });
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
    expect(() => checkDestination('http://localhost:8080/v1')).not.toThrow();
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
