/**
 * The web's callable client (spec sections 7, 8): request shape, result parsing, and how every
 * kind of failure becomes a CallableClientError with a status and a Spanish message; and the
 * `anonymous` option (issue 6 item 1): public widget calls never carry the bearer token of an owner
 * signed in on the same origin, while calls without it still do.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@director-ia/shared';

const getAccessToken = vi.fn(async () => 'token-123');
vi.mock('../../../../../web/src/lib/auth', () => ({ getAccessToken }));
vi.mock('../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { callFunction, CallableClientError } = await import('../../../../../web/src/lib/api');
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  getAccessToken.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(CallableClientError);
  return error as InstanceType<typeof CallableClientError>;
}

describe('callFunction', () => {
  it('POSTs {data} with the bearer token and returns the parsed result', async () => {
    fetchMock.mockResolvedValue(json(200, { result: { theme: 'sea' } }));
    await expect(callFunction('guardarTema', { theme: 'sea' })).resolves.toEqual({ theme: 'sea' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/guardarTema');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ data: { theme: 'sea' } });
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-123');
  });

  it.each([
    ['a callable error body', 403, { error: { status: 'PERMISSION_DENIED', message: MSG.pendingAccount } }, 'PERMISSION_DENIED', MSG.pendingAccount],
    ["API Gateway's authorizer body", 401, { message: 'Unauthorized' }, 'UNAUTHENTICATED', MSG.unauthenticated],
    ["API Gateway's insufficient-scope body", 403, { message: 'Forbidden' }, 'PERMISSION_DENIED', MSG.adminOnly],
    ["API Gateway's body limit", 413, { message: 'Request Entity Too Large' }, 'INVALID_ARGUMENT', MSG.bodyTooLarge(10 * 1024)],
    ['an unlisted status', 502, '<html>Bad Gateway</html>', 'UNKNOWN', MSG.internal],
    ['a 500 without body', 500, null, 'INTERNAL', MSG.internal],
  ])('maps %s (HTTP %i) to %s', async (_label, status, body, code, message) => {
    fetchMock.mockResolvedValue(typeof body === 'string' ? new Response(body, { status }) : json(status, body));
    const error = await failure(callFunction('obtenerPerfil', null));
    expect(error.status).toBe(code);
    expect(error.message).toBe(message);
    expect(error.httpStatus).toBe(status);
  });

  it('refuses an invalid payload before any request', async () => {
    const error = await failure(callFunction('guardarTema', { theme: 'neon' as 'sea' }));
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a network failure in Spanish', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    const error = await failure(callFunction('obtenerPerfil', null));
    expect(error.message).toBe(MSG.network);
  });

  it('gives up after the call timeout with DEADLINE_EXCEEDED', async () => {
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const error = await failure(callFunction('obtenerPerfil', null, { timeoutMs: 20 }));
    expect(error.status).toBe('DEADLINE_EXCEEDED');
    expect(error.message).toBe(MSG.timeout);
  });

  it('rejects a result that does not match the contract', async () => {
    fetchMock.mockResolvedValue(json(200, { result: { theme: 42 } }));
    const error = await failure(callFunction('guardarTema', { theme: 'sea' }));
    expect(error.status).toBe('INTERNAL');
  });
});

describe('callFunction({anonymous: true})', () => {
  const UID = '7d3f0a52-0000-4000-8000-00000000abcd';
  const widget = { brandName: 'Panadería', greeting: 'Hola', consentText: 'Acepto', maxMessageLength: 400 };
  const headersOf = (call = 0) => fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>;

  it('sends no Authorization header and never reads the session', async () => {
    fetchMock.mockResolvedValue(json(200, { result: widget }));
    await callFunction('obtenerWidget', { uid: UID }, { anonymous: true });
    expect(headersOf().Authorization).toBeUndefined();
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it('without it, the signed-in token still travels', async () => {
    fetchMock.mockResolvedValue(json(200, { result: widget }));
    await callFunction('obtenerWidget', { uid: UID });
    expect(headersOf().Authorization).toBe('Bearer token-123');
  });
});
