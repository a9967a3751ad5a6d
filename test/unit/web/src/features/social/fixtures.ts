/** Cards and server answers the social feature's tests share. */
import { afterEach, beforeEach, vi } from 'vitest';
import { SOCIAL_MSG, type SocialConnection, type SocialNetwork } from '@director-ia/shared';

/** A disconnected, available, real (not sandbox) card of `network`, with `overrides`. */
export function card(network: SocialNetwork, overrides: Partial<SocialConnection> = {}): SocialConnection {
  return { network, available: true, sandbox: false, state: 'desconectada', account: null, targets: [], connectedAt: null, expiresAt: null, reconnectReason: null, publishingNote: null, ...overrides };
}

/** Facebook connected as 'Usuario de pruebas' with two pages, the first one selected. */
export const connectedFacebook = card('facebook', {
  state: 'conectada',
  account: { id: 'u1', name: 'Usuario de pruebas', pictureUrl: 'https://cdn.example/u1.jpg' },
  targets: [
    { id: 'p1', name: 'Página de pruebas', kind: 'page', pictureUrl: null, selected: true },
    { id: 'p2', name: 'Segunda página de pruebas', kind: 'page', pictureUrl: null, selected: false },
  ],
  connectedAt: '2026-05-05T10:00:00.000Z',
});

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A callable's error answer as the server sends it. */
export const errorAnswer = (httpStatus: number, status: string, message: string) => json(httpStatus, { error: { status, message } });

export { SOCIAL_MSG };

/** A fake `fetch` for every test of the calling file (the callable client's only way out), reset before each. */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}
