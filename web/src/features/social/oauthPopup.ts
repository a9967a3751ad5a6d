/**
 * The browser half of an OAuth connection (issue 12; architecture "Social networks" steps 1 and 5),
 * free of React so it can be driven in tests:
 * - `start(network)` opens the 500x600 popup (OAUTH_POPUP) SYNCHRONOUSLY — before anything is
 *   awaited, so the click that called it still counts as a user gesture and popup blockers let it
 *   through — then asks `initiate` for the authUrl and sends the popup there. Outcomes: `opened`;
 *   `blocked` (window.open gave nothing: SOCIAL_MSG.popupBlocked); `failed` (initiate failed or
 *   answered an unusable URL: the popup is closed, SOCIAL_MSG.authUrlError).
 * - The callback page (lambdas/http/oauthCallback.ts) answers with an OAuthCallbackMessage posted
 *   to `window.opener`, or on a BroadcastChannel named OAUTH_MESSAGE_TYPE when the network's pages
 *   cut the opener link. Both are heard. A message counts only if (window) its origin is ours, its
 *   data passes OAuthCallbackMessageSchema, and its `state` is one a `start` here sent the popup
 *   with, for that network; each state is handled once (the same answer can arrive on both paths).
 *   The code is not trusted for anything else: completarOAuth checks the state against the
 *   signed-in owner on the server.
 */
import { OAUTH_MESSAGE_TYPE, OAUTH_POPUP, OAuthCallbackMessageSchema, type OAuthCallbackMessage, type OAuthNetwork } from '@director-ia/shared';

/** What the flow needs of the popup window. */
export interface PopupWindow {
  readonly closed: boolean;
  close(): void;
  location: { href: string };
}

/** Something that delivers `message` events (MessageEvent): the window, a BroadcastChannel. */
export type MessageSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** What the flow needs of the dashboard's window. */
export interface OpenerWindow extends MessageSource {
  open(url: string, target: string, features: string): PopupWindow | null;
  readonly location: { readonly origin: string };
  readonly screenX: number;
  readonly screenY: number;
  readonly outerWidth: number;
  readonly outerHeight: number;
}

export interface Channel extends MessageSource {
  close(): void;
}

/** What the callback page reported for a state this flow started. */
export type OAuthResult = { kind: 'cancelled'; network: OAuthNetwork } | { kind: 'code'; network: OAuthNetwork; state: string; code: string };

export type StartOutcome = 'opened' | 'blocked' | 'failed';

export interface OAuthPopupOptions {
  win: OpenerWindow;
  /** initiateOAuth: the consent URL of `network`. */
  initiate: (network: OAuthNetwork) => Promise<string>;
  onResult: (result: OAuthResult) => void;
  /** The fallback channel; a BroadcastChannel named OAUTH_MESSAGE_TYPE where the browser has one. */
  openChannel?: (name: string) => Channel | null;
}

export interface OAuthPopup {
  start(network: OAuthNetwork): Promise<StartOutcome>;
  /** Stops listening and closes the channel; a start still waiting for its URL closes its popup. */
  dispose(): void;
}

/** The one popup window every connection reuses (a second Conectar takes over the first). */
export const POPUP_NAME = 'director-ia-oauth';

/** window.open features: OAUTH_POPUP's size, centred on the dashboard's window. */
export function popupFeatures(win: Pick<OpenerWindow, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>): string {
  const { width, height } = OAUTH_POPUP;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/** The authUrl's `state` query parameter, or null when the URL is not http(s) or carries none. */
export function authUrlState(authUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(authUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.searchParams.get('state') || null;
}

/** The callback page's message, or null for anything else. */
export function readCallbackMessage(data: unknown): OAuthCallbackMessage | null {
  const parsed = OAuthCallbackMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

const defaultChannel = (name: string): Channel | null => (typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null);

export function createOAuthPopup({ win, initiate, onResult, openChannel = defaultChannel }: OAuthPopupOptions): OAuthPopup {
  /** state → the network it was started for; removed when handled. */
  const pending = new Map<string, OAuthNetwork>();
  let disposed = false;

  const handle = (data: unknown) => {
    const message = readCallbackMessage(data);
    if (!message || pending.get(message.state) !== message.network) return;
    pending.delete(message.state);
    if (message.code && !message.error) onResult({ kind: 'code', network: message.network, state: message.state, code: message.code });
    else onResult({ kind: 'cancelled', network: message.network });
  };
  // `message` events of both sources are MessageEvents.
  const onWindowMessage = (event: Event) => {
    const { origin, data } = event as MessageEvent;
    if (origin === win.location.origin) handle(data);
  };
  // Only pages of this origin can post on a BroadcastChannel of this origin.
  const onChannelMessage = (event: Event) => handle((event as MessageEvent).data);

  win.addEventListener('message', onWindowMessage);
  const channel = openChannel(OAUTH_MESSAGE_TYPE);
  channel?.addEventListener('message', onChannelMessage);

  return {
    start(network) {
      // Synchronous up to here on purpose: see the module's docstring.
      const popup = win.open('', POPUP_NAME, popupFeatures(win));
      if (!popup) return Promise.resolve('blocked');
      return navigate(popup, network);
    },
    dispose() {
      disposed = true;
      pending.clear();
      win.removeEventListener('message', onWindowMessage);
      channel?.removeEventListener('message', onChannelMessage);
      channel?.close();
    },
  };

  async function navigate(popup: PopupWindow, network: OAuthNetwork): Promise<StartOutcome> {
    let authUrl: string;
    try {
      authUrl = await initiate(network);
    } catch {
      popup.close();
      return 'failed';
    }
    const state = authUrlState(authUrl);
    if (!state || disposed) {
      popup.close();
      return 'failed';
    }
    pending.set(state, network);
    popup.location.href = authUrl;
    return 'opened';
  }
}
