/**
 * The OAuth callback page (issue 12; architecture "Social networks", flow step 4): what the
 * network's redirect shows in the popup. It exchanges nothing: it hands `{type, network, state,
 * code | error}` (OAuthCallbackMessageSchema) to the dashboard that opened it, which completes the
 * connection as the signed-in owner (`completarOAuth`), then closes itself.
 *
 * - The message travels to `window.opener` with targetOrigin = the dashboard's origin (SITE_URL)
 *   only; when the network's pages cut the opener link (COOP), on a same-origin
 *   `BroadcastChannel(OAUTH_MESSAGE_TYPE)` instead.
 * - The data sits in a `<script type="application/json">` block with `<`, `>`, `&`, U+2028 and
 *   U+2029 escaped, so a hostile `state` cannot close the block; the one inline script is constant
 *   and allowed by a CSP `script-src 'sha256-…'` computed once when the module loads. No app JS,
 *   no styles, `Cache-Control: no-store`, `Referrer-Policy: no-referrer` (the URL holds the code).
 * - Only `code`, `state` and `error` are read from the query, each capped (a longer value counts
 *   as absent); without a code or an error the message carries error `invalid_request`.
 * - `callbackResponse(platform, query, origin)` → the page; a platform that is not an OAuth
 *   network → a 404 page. `failurePage()` → a 500 page (e.g. SITE_URL missing).
 */
import { createHash } from 'node:crypto';
import { isOAuthNetwork, OAUTH_MESSAGE_TYPE, SOCIAL_MSG, type OAuthCallbackMessage } from '@director-ia/shared';

/** Longest accepted query values, characters (state and code as completarOAuth accepts them). */
export const QUERY_LIMITS = { state: 256, code: 2048, error: 100 } as const;

/** The page's only script: hands the message over and closes the popup. Constant: its hash is in the CSP. */
export const CALLBACK_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('oauth-data').textContent);
  var sent = false;
  try {
    if (window.opener && window.opener !== window) {
      window.opener.postMessage(data.message, data.targetOrigin);
      sent = true;
    }
  } catch (e) {}
  if (!sent && typeof BroadcastChannel === 'function') {
    try {
      new BroadcastChannel(data.channel).postMessage(data.message);
    } catch (e) {}
  }
  setTimeout(function () { window.close(); }, 100);
})();`;

/** The CSP source of CALLBACK_SCRIPT, computed once. */
export const CALLBACK_SCRIPT_HASH = `sha256-${createHash('sha256').update(CALLBACK_SCRIPT, 'utf8').digest('base64')}`;

const BASE_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface PageResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

function page(statusCode: number, title: string, text: string, csp: string, extra = ''): PageResponse {
  const body = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body>
<p>${text}</p>
${extra}</body>
</html>
`;
  return {
    statusCode,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'content-security-policy': csp,
    },
    body,
  };
}

/** JSON that is safe inside a `<script type="application/json">` block. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A query value if present and within `limit`, else undefined. */
function capped(query: URLSearchParams, name: keyof typeof QUERY_LIMITS): string | undefined {
  const value = query.get(name);
  return value && value.length <= QUERY_LIMITS[name] ? value : undefined;
}

/** 404: the path names no OAuth network. */
export const notFoundPage = (): PageResponse => page(404, 'Página no encontrada', 'Página no encontrada.', BASE_CSP);

/** 500: the page could not be made (nothing is posted). */
export const failurePage = (): PageResponse => page(500, 'Error de conexión', 'No se pudo completar la conexión. Cierra esta ventana e inténtalo de nuevo.', BASE_CSP);

/** The callback page for `platform` with the network's `query`, posting to `targetOrigin` (see the module header). */
export function callbackResponse(platform: string, query: URLSearchParams, targetOrigin: string): PageResponse {
  if (!isOAuthNetwork(platform)) return notFoundPage();
  const [state, code, error] = [capped(query, 'state'), capped(query, 'code'), capped(query, 'error')];
  const message: OAuthCallbackMessage = {
    type: OAUTH_MESSAGE_TYPE,
    network: platform,
    state: state ?? '',
    ...(error ? { error } : code ? { code } : { error: 'invalid_request' }),
  };
  const data = scriptSafeJson({ targetOrigin, channel: OAUTH_MESSAGE_TYPE, message });
  const text = message.error ? SOCIAL_MSG.cancelled : 'Conexión recibida. Esta ventana se cerrará sola; si no, puedes cerrarla.';
  const scripts = `<script type="application/json" id="oauth-data">${data}</script>\n<script>${CALLBACK_SCRIPT}</script>\n`;
  return page(200, 'Conectando tu red social', text, `${BASE_CSP}; script-src '${CALLBACK_SCRIPT_HASH}'`, scripts);
}
