/**
 * Spec 4 "Auth context" / spec 7 "sign-in with a custom token" (issue 17 item 3): the initial
 * custom auth token the environment may provide, read once per page load. A host page provides it
 * in one of two ways:
 *
 * - the global `__initial_auth_token` (a string), set before the app's script runs, as the original
 *   app's hosting environment did (a host that serves the app's HTML itself);
 * - the URL fragment `#custom_token=<JWT>`, for a host page on another site that opens or links to
 *   the app (the app refuses to be framed: `frame-ancestors 'none'`). Fragments never reach a server;
 *   the app removes it from the address bar at once, so it stays in no history entry it keeps.
 *
 * Both are consumed: a later sign-out does not sign in again with the same token. The e-mail is
 * read from the token's payload only to name the Cognito user: nothing here trusts it, Cognito's
 * VerifyAuthChallengeResponse trigger checks the signature, audience, expiry and e-mail.
 */

/** The global a host page may set before the app loads. */
export const INITIAL_TOKEN_GLOBAL = '__initial_auth_token';
/** The fragment parameter a host page may pass the token in. */
export const TOKEN_FRAGMENT_PARAM = 'custom_token';

type HostWindow = Window & { [INITIAL_TOKEN_GLOBAL]?: unknown };

/** The initial custom token, if the environment provides one; removes it from where it was. */
export function takeInitialCustomToken(win: HostWindow = window): string | null {
  const global = win[INITIAL_TOKEN_GLOBAL];
  if (global !== undefined) win[INITIAL_TOKEN_GLOBAL] = undefined;
  const fromFragment = takeFragmentToken(win);
  if (typeof global === 'string' && global.trim()) return global.trim();
  return fromFragment;
}

function takeFragmentToken(win: HostWindow): string | null {
  const hash = win.location.hash.replace(/^#/, '');
  if (!hash) return null;
  const params = new URLSearchParams(hash);
  if (!params.has(TOKEN_FRAGMENT_PARAM)) return null;
  const token = params.get(TOKEN_FRAGMENT_PARAM)?.trim() ?? '';
  params.delete(TOKEN_FRAGMENT_PARAM);
  const rest = params.toString();
  const { pathname, search } = win.location;
  win.history.replaceState(win.history.state, '', `${pathname}${search}${rest ? `#${rest}` : ''}`);
  return token || null;
}

/** The `email` claim of a compact JWT's payload (not verified), or null. */
export function customTokenEmail(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const email = (JSON.parse(json) as { email?: unknown }).email;
    return typeof email === 'string' && email.includes('@') ? email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}
