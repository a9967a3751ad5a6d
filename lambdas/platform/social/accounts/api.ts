/**
 * What the account readers share: a GET of the network's API with the user's token as Bearer
 * (plus the network's pinned version headers on the paths that want them), schema checks of the
 * documented answers, and picture URLs kept only when they are http(s).
 */
import type { OAuthNetwork } from '@director-ia/shared';
import * as z from 'zod/mini';
import { callNetwork, configuredUrl, isHttpUrl, unexpected, type AdapterOptions } from '../call';
import { OAUTH_CONFIG } from '../networks';
import type { FoundTarget, NetworkApp, ReadAccount, TokenSet } from '../types';

/** Reads one network's account and targets (the table of ./index.ts). */
export type AccountReader = (app: OAuthApp, tokens: TokenSet, options: AdapterOptions) => Promise<ReadAccount>;

/** The app of an OAuth network. */
export type OAuthApp = NetworkApp & { network: OAuthNetwork };

/** Most pages of a paged list followed (Facebook pages, Pinterest boards). */
export const MAX_LIST_PAGES = 10;

/**
 * GET `${app.urls.api}${path}?query` (checked to be http(s)) with `token` as Bearer, plus the
 * network's pinned version headers when `path` wants them; resolves with the JSON body.
 */
export async function apiGet(app: OAuthApp, path: string, query: Record<string, string>, token: string, options: AdapterOptions): Promise<unknown> {
  const versioned = OAUTH_CONFIG[app.network].apiHeaders;
  const headers = versioned && path.startsWith(versioned.pathPrefix) ? versioned.headers : undefined;
  return getUrl(app.network, configuredUrl(app.network, app.urls.api, path, query), token, options, headers);
}

/** GET an absolute API `url` (a paged list's next page) with `token` as Bearer. */
export function getUrl(network: OAuthNetwork, url: URL, token: string, options: AdapterOptions, headers?: Readonly<Record<string, string>>): Promise<unknown> {
  return callNetwork({ network, url: url.toString(), bearer: token, headers }, options);
}

/** `body` parsed with `schema`, or NetworkError `unavailable` naming `what` (never the body). */
export function parseAnswer<T extends z.ZodMiniType>(network: OAuthNetwork, schema: T, body: unknown, what: string): z.infer<T> {
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) throw unexpected(network, what);
  return parsed.data;
}

/** `value` when it is an http(s) URL, else null (a picture is shown by the browser: no other scheme). */
export function pictureUrl(value: string | null | undefined): string | null {
  return value && isHttpUrl(value) ? value : null;
}

/** The account itself as the one place to publish (X, LinkedIn, TikTok profiles). */
export function profileAccount(account: { id: string; name: string; pictureUrl: string | null }, targetId = account.id): ReadAccount {
  const target: FoundTarget = { id: targetId, name: account.name, kind: 'profile', pictureUrl: account.pictureUrl };
  return { account, targets: [target] };
}
