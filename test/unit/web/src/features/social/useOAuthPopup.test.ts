/**
 * What the Redes page does with the callback page's answer (issue 12 item 1; spec 8), wired as
 * useOAuthPopup wires it — the popup flow's result through `handleOAuthResult` into the completarOAuth
 * mutation (useCompleteOAuth's options under a real TanStack MutationObserver; only fetch is faked):
 * a cancelled consent says SOCIAL_MSG.cancelled and calls nothing; a code completes the connection,
 * the success toast counts the pages found and the card is updated (and the list re-read); failures
 * show the server's Spanish words, or SOCIAL_MSG.connectError(network, …) when the server was never
 * reached.
 */
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { MSG, OAUTH_MESSAGE_TYPE } from '@director-ia/shared';
import { card, connectedFacebook, errorAnswer, json, SOCIAL_MSG, stubFetch } from './fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { callableMutationOptions } = await import('../../../../../../web/src/lib/queries');
const { completeOAuthOptions } = await import('../../../../../../web/src/features/social/useCompleteOAuth');
const { socialNetworksKey } = await import('../../../../../../web/src/features/social/useSocialNetworks');
const { createOAuthPopup } = await import('../../../../../../web/src/features/social/oauthPopup');
const { handleOAuthResult } = await import('../../../../../../web/src/features/social/useOAuthPopup');

const fetchMock = stubFetch();

const ORIGIN = 'https://panel.example';
const win = Object.assign(new EventTarget(), {
  location: { origin: ORIGIN },
  screenX: 0,
  screenY: 0,
  outerWidth: 1200,
  outerHeight: 800,
  open: () => ({ closed: false, close: () => undefined, location: { href: '' } }),
});

/** The page's wiring: the popup flow's answer `data` → handleOAuthResult → the completarOAuth mutation with its toasts. */
async function connectFacebookWith(answer: () => Promise<Response>, data: Record<string, unknown> = { code: 'code-1' }) {
  fetchMock.mockImplementation(answer);
  const client = new QueryClient();
  client.setQueryData(socialNetworksKey, [card('facebook'), card('instagram')]);
  const toasts: string[] = [];
  const toast = { success: (text: string) => toasts.push(`ok:${text}`), error: (text: string) => toasts.push(`error:${text}`) };
  const observer = new MutationObserver(client, callableMutationOptions(completeOAuthOptions, toast));
  let settled: Promise<unknown> = Promise.resolve();
  const flow = createOAuthPopup({
    win,
    initiate: async () => 'https://www.facebook.com/v25.0/dialog/oauth?state=s-1',
    onResult: (result) =>
      handleOAuthResult(result, {
        toast,
        complete: (input) => {
          settled = observer.mutate(input).catch(() => undefined);
        },
      }),
    openChannel: () => null,
  });
  await flow.start('facebook');
  win.dispatchEvent(new MessageEvent('message', { origin: ORIGIN, data: { type: OAUTH_MESSAGE_TYPE, network: 'facebook', state: 's-1', ...data } }));
  await settled;
  flow.dispose();
  return { client, toasts };
}

describe('the answer of the callback page', () => {
  it('a cancelled or refused consent says so and calls nothing', async () => {
    const { client, toasts } = await connectFacebookWith(async () => json(200, {}), { error: 'access_denied' });
    expect(toasts).toEqual([`error:${SOCIAL_MSG.cancelled}`]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(client.getQueryData(socialNetworksKey)).toEqual([card('facebook'), card('instagram')]);
  });

  it('sends the platform, state and code, toasts the number of pages found and shows the connection', async () => {
    const { client, toasts } = await connectFacebookWith(async () => json(200, { result: { connection: connectedFacebook, found: 2 } }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/completarOAuth');
    expect(JSON.parse(String(init?.body))).toEqual({ data: { platform: 'facebook', state: 's-1', code: 'code-1' } });
    expect(toasts).toEqual([`ok:${SOCIAL_MSG.connected('facebook', 2)}`]);
    expect(toasts[0]).toContain('se encontraron 2 páginas');
    expect(client.getQueryData(socialNetworksKey)).toEqual([connectedFacebook, card('instagram')]);
    expect(client.getQueryState(socialNetworksKey)?.isInvalidated).toBe(true);
  });

  it.each([
    ['the state is refused', 400, 'INVALID_ARGUMENT', SOCIAL_MSG.stateInvalid],
    ['the network refused the code', 400, 'INVALID_ARGUMENT', SOCIAL_MSG.connectError('facebook', SOCIAL_MSG.codeRefused)],
    ['the pages could not be read', 503, 'UNAVAILABLE', SOCIAL_MSG.pagesError('facebook')],
  ])("shows the server's words when %s", async (_case, httpStatus, status, message) => {
    const { client, toasts } = await connectFacebookWith(async () => errorAnswer(httpStatus, status, message));
    expect(toasts).toEqual([`error:${message}`]);
    expect(client.getQueryData(socialNetworksKey)).toEqual([card('facebook'), card('instagram')]);
  });

  it('says which network failed when the server was never reached or failed on its own', async () => {
    const unreachable = await connectFacebookWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(unreachable.toasts).toEqual([`error:${SOCIAL_MSG.connectError('facebook', MSG.network)}`]);
    const internal = await connectFacebookWith(async () => errorAnswer(500, 'INTERNAL', MSG.internal));
    expect(internal.toasts).toEqual([`error:${SOCIAL_MSG.connectError('facebook', MSG.internal)}`]);
  });
});
