/**
 * A recording `fetch` for the social adapters' unit tests: every request the adapters send is kept
 * as the network would read it (method, URL, lower-cased headers, form fields), and answered by
 * the test's `route`.
 */
import type { SocialNetwork } from '@director-ia/shared';
import type { FetchFn } from '../../../../../lambdas/platform/http';
import { defaultUrls } from '../../../../../lambdas/platform/social/networks';
import type { NetworkApp } from '../../../../../lambdas/platform/social/types';

export interface Sent {
  method: string;
  url: URL;
  /** Origin and path, without the query. */
  endpoint: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The form fields of an `application/x-www-form-urlencoded` body. */
  form?: Record<string, string>;
}

export type Route = (sent: Sent) => Response | Promise<Response>;

export function recordingFetch(route: Route): { fetch: FetchFn; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: FetchFn = async (input, init) => {
    const url = new URL(input);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([name, value]) => [name.toLowerCase(), value]));
    const request: Sent = { method: init.method ?? 'GET', url, endpoint: `${url.origin}${url.pathname}`, query: Object.fromEntries(url.searchParams), headers };
    if (typeof init.body === 'string') request.form = Object.fromEntries(new URLSearchParams(init.body));
    sent.push(request);
    return route(request);
  };
  return { fetch, sent };
}

/** A JSON answer. */
export const json = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const CLIENT_ID = 'client-id-1';
export const CLIENT_SECRET = 'client-secret-1';
export const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
/** A fixed clock, epoch ms. */
export const NOW = 1_800_000_000_000;
export const now = () => NOW;

/** `network`'s app with the default (real) URLs. */
export function appFor(network: SocialNetwork): NetworkApp {
  const telegram = network === 'telegram';
  return { network, clientId: telegram ? '' : CLIENT_ID, clientSecret: telegram ? '' : CLIENT_SECRET, urls: defaultUrls(network), sandbox: false };
}
