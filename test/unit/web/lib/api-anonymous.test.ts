/**
 * The callable client's `anonymous` option (issue 6 item 1): public widget calls never carry the
 * bearer token of an owner signed in on the same origin; without the option, calls still do.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const getAccessToken = vi.fn(async () => 'owner-token');
vi.mock('../../../../web/src/lib/auth', () => ({ getAccessToken }));
vi.mock('../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { callFunction } = await import('../../../../web/src/lib/api');
const fetchMock = vi.fn<typeof fetch>();
const UID = '7d3f0a52-0000-4000-8000-00000000abcd';

beforeEach(() => {
  fetchMock.mockReset();
  getAccessToken.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const ok = (result: unknown) => new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
const headersOf = (call = 0) => fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>;

describe('callFunction({anonymous: true})', () => {
  it('sends no Authorization header and never reads the session', async () => {
    fetchMock.mockResolvedValue(ok({ brandName: 'Panadería', greeting: 'Hola', consentText: 'Acepto', maxMessageLength: 400 }));
    await callFunction('obtenerWidget', { uid: UID }, { anonymous: true });
    expect(headersOf().Authorization).toBeUndefined();
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it('without it, the signed-in token still travels', async () => {
    fetchMock.mockResolvedValue(ok({ brandName: 'Panadería', greeting: 'Hola', consentText: 'Acepto', maxMessageLength: 400 }));
    await callFunction('obtenerWidget', { uid: UID });
    expect(headersOf().Authorization).toBe('Bearer owner-token');
  });
});
