/**
 * The site's browser hardening headers (issue 16 finding 4), one definition for CloudFront's response
 * headers policies (infra/constructs/web.ts) and the local twin's front (infra/local/router.ts), so
 * both send the same headers on the same paths.
 *
 * - `site`: the SPA (dashboard, admin, /chat) and the API's answers: a strict Content-Security-Policy
 *   (scripts and styles from the site only, images and media from the site, the uploads bucket,
 *   `data:` and `blob:`, connections to the site, the bucket and Cognito), `frame-ancestors 'none'`
 *   plus X-Frame-Options DENY, Permissions-Policy, nosniff, Referrer-Policy, HSTS and
 *   Cross-Origin-Opener-Policy (`same-origin-allow-popups`: the OAuth popup keeps its opener).
 * - `widget`: `/widget/*`, embedded in owners' sites by design: the same CSP with
 *   `frame-ancestors *`, no X-Frame-Options, and no microphone.
 * - `blog`: `/blog/*`, whose pages send their own CSP (lambdas/core/blog): no CSP here, so neither
 *   CloudFront nor the twin replaces it; the other headers as `site`.
 *
 * Header names are lower case. `override: true` replaces what the origin sent (CloudFront's
 * `override`); `false` only fills it in when the origin sent none.
 */

/** Where the browser may load from or connect to besides the site itself. */
export interface BrowserOrigins {
  /** The uploads bucket as presigned URLs name it (`https://<bucket>.s3.<region>.amazonaws.com`). */
  uploads: string;
  /** Cognito's user pool endpoint Amplify calls (`https://cognito-idp.<region>.amazonaws.com`). */
  cognito: string;
  /** Other origins the app fetches from (an absolute token sync URL's origin). */
  connect?: readonly string[];
  /**
   * The twin's Vite dev server only: the nonce Vite puts on the scripts and styles it injects (the
   * React Refresh preamble, CSS modules as `<style>`; `html.cspNonce`). The production build has
   * no inline script or style, so a deployed site never gets one.
   */
  devNonce?: string;
}

export type HeadersPolicyName = 'site' | 'widget' | 'blog';

export interface HeadersPolicy {
  /** Undefined: the origin's own (the blog's) passes untouched. */
  contentSecurityPolicy?: string;
  /** `DENY`, or undefined to leave framing to the CSP. */
  frameOptions?: 'DENY';
  referrerPolicy: 'strict-origin-when-cross-origin';
  hsts: { maxAgeSeconds: number; includeSubdomains: boolean };
  /** Headers CloudFront has no security field for (Permissions-Policy, Cross-Origin-Opener-Policy). */
  custom: Record<string, string>;
}

/** HSTS max-age: one year. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** CloudFront path pattern of the embeddable widget page (its own headers policy). */
export const WIDGET_PATH_PATTERN = '/widget/*';

/** Browser features the site never uses are off; the chat's voice notes need the microphone. */
const PERMISSIONS = ['accelerometer=()', 'camera=()', 'display-capture=()', 'geolocation=()', 'gyroscope=()', 'hid=()', 'magnetometer=()', 'midi=()', 'payment=()', 'serial=()', 'usb=()'];

/** The Permissions-Policy of `policy`: the widget (in other sites' pages) gets no microphone either. */
function permissionsPolicy(policy: HeadersPolicyName): string {
  const microphone = policy === 'widget' ? 'microphone=()' : 'microphone=(self)';
  return [...PERMISSIONS, microphone].sort().join(', ');
}

/** The Content-Security-Policy of the SPA; `framable` (the widget) lets any site frame it. */
export function contentSecurityPolicy(origins: BrowserOrigins, framable: boolean): string {
  const nonce = origins.devNonce ? [`'nonce-${origins.devNonce}'`] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...nonce],
    ['style-src', "'self'", ...nonce],
    // Photos and generated media come from presigned bucket URLs; previews and QR codes are blob:/data:.
    ['img-src', "'self'", 'data:', 'blob:', origins.uploads],
    ['media-src', "'self'", 'blob:', origins.uploads],
    ['connect-src', "'self'", origins.cognito, origins.uploads, ...(origins.connect ?? [])],
    ['font-src', "'self'"],
    // The chat's service worker (/chat/sw.js) and the widget preview are the site's own.
    ['worker-src', "'self'"],
    ['frame-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', framable ? '*' : "'none'"],
  ];
  return directives.map((directive) => [...new Set(directive)].join(' ')).join('; ');
}

/** The headers of `policy` (see the module doc); `origins` feed the CSP. */
export function headersPolicy(policy: HeadersPolicyName, origins: BrowserOrigins): HeadersPolicy {
  return {
    ...(policy === 'blog' ? {} : { contentSecurityPolicy: contentSecurityPolicy(origins, policy === 'widget') }),
    ...(policy === 'site' ? { frameOptions: 'DENY' as const } : {}),
    referrerPolicy: 'strict-origin-when-cross-origin',
    hsts: { maxAgeSeconds: HSTS_MAX_AGE_SECONDS, includeSubdomains: true },
    custom: { 'permissions-policy': permissionsPolicy(policy), 'cross-origin-opener-policy': 'same-origin-allow-popups' },
  };
}

/** `policy` as HTTP headers (lower-case names), every one overriding the origin's, as CloudFront's policies do. */
export function headerLines(policy: HeadersPolicy): Record<string, string> {
  return {
    ...(policy.contentSecurityPolicy ? { 'content-security-policy': policy.contentSecurityPolicy } : {}),
    ...(policy.frameOptions ? { 'x-frame-options': policy.frameOptions } : {}),
    'x-content-type-options': 'nosniff',
    'referrer-policy': policy.referrerPolicy,
    'strict-transport-security': `max-age=${policy.hsts.maxAgeSeconds}${policy.hsts.includeSubdomains ? '; includeSubDomains' : ''}`,
    ...policy.custom,
  };
}

/**
 * Which policy CloudFront applies to a request path (infra/constructs/web.ts behaviors): `/widget/*`
 * → widget, `/blog/*` → blog, the OAuth callback and tracked links → undefined (their own
 * no-referrer policy, not this module's), everything else (the SPA, `/api/*`, `/webhooks/*`) → site.
 */
export function headersPolicyFor(pathname: string, ownPolicyPrefixes: readonly string[]): HeadersPolicyName | undefined {
  if (pathname.startsWith('/widget/')) return 'widget';
  if (pathname.startsWith('/blog/')) return 'blog';
  if (ownPolicyPrefixes.some((prefix) => pathname.startsWith(prefix))) return undefined;
  return 'site';
}
