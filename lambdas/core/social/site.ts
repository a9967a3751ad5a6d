/**
 * The dashboard's address as the deployment configures it (env SITE_URL, e.g.
 * `https://app.example.com`): the OAuth redirect URIs derive from it (issue 12 item 4) and the
 * callback page posts only to its origin. Kept apart from the OAuth flow so the callback page's
 * bundle needs nothing else.
 */
import { SITE_URL_ENV } from '@director-ia/shared';

/** SITE_URL without trailing slashes; an Error when the deployment lacks it. */
export function siteUrl(): string {
  const configured = process.env[SITE_URL_ENV]?.trim().replace(/\/+$/, '');
  if (!configured) throw new Error(`${SITE_URL_ENV} is not configured`);
  return configured;
}

/** The origin the dashboard runs on (`scheme://host[:port]`). */
export const siteOrigin = (): string => new URL(siteUrl()).origin;
