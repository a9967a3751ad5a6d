/**
 * Where a tracked link may send a visitor (issue 15 item 4; Done-when: "the redirect refuses open
 * redirects: only URLs of the brand's own domain or the campaign's landing URL"), and the Location
 * the redirect answers. Pure functions: the same rule is applied when a link is created and again,
 * as defense in depth, every time it is followed.
 */
import { trackingParams, type LinkUtm } from '@director-ia/shared';

/**
 * Whether `target` may be a link's target: an absolute https URL without credentials whose origin
 * is one of `allowedOrigins` (the site's, and a campaign's landing origin when given); plain http
 * only for the site's own origin when the site itself is served over http (the local twin).
 */
export function isAllowedTarget(target: string, siteOrigin: string, landingOrigin?: string): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.origin === siteOrigin) return url.protocol === 'https:' || (url.protocol === 'http:' && siteOrigin.startsWith('http://'));
  return url.protocol === 'https:' && landingOrigin !== undefined && url.origin === landingOrigin;
}

/** The https origin of a landing URL, or null when it is not an absolute https URL without credentials. */
export function landingOriginOf(landingUrl: string): string | null {
  try {
    const url = new URL(landingUrl);
    return url.protocol === 'https:' && !url.username && !url.password ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The redirect's Location: `target` with utm_source, utm_medium, utm_campaign, utm_content (when
 * set) and `ref=<code>` appended after its own query, before its fragment; a parameter the target
 * already has is left as the target says (never duplicated). The target's own query is kept byte
 * for byte.
 */
export function redirectLocation(target: string, utm: LinkUtm, code: string): string {
  const url = new URL(target);
  const existing = url.searchParams;
  const extra = new URLSearchParams(trackingParams(utm, code).filter(([name]) => !existing.has(name))).toString();
  if (extra) url.search = url.search.length > 1 ? `${url.search}&${extra}` : `?${extra}`;
  return url.toString();
}
