/**
 * How the sandbox serves a network's API (issues 12 and 13): a table of routes per base (./api.ts
 * `/N/api`, the upload bases `/N/upload`), each with the scopes it needs, the publishing step it
 * is (`operation`, ./faults.ts) and a handler. A token route needs the network's Bearer token
 * (Meta also takes `access_token` in the query or the form); an unknown, revoked or expired token,
 * a missing scope or an unknown path get the network's own error body. Every answer after the
 * token check carries the network's rate-limit headers (./limits.ts), and an injected fault for
 * the route's operation replaces or wraps the handler (./faults.ts). Also the Graph helpers the
 * Meta routes share (fields, paging).
 */
import type { OAuthNetwork } from '@director-ia/shared';
import { META_PAGES } from './accounts';
import type { SandboxContext } from './context';
import { underFault } from './faults';
import { bearerToken, type SandboxRequest, type SandboxResponse } from './http';
import { usage, type Caller } from './limits';
import { NETWORK_SPECS } from './networks';
import { digest, type Grant, type IssuedToken, type TokenKind } from './store';

/** What a route handler gets. */
export interface ApiCall {
  ctx: SandboxContext;
  network: OAuthNetwork;
  req: SandboxRequest;
  /** The path under the route table's base, e.g. `/me/accounts`. */
  path: string;
  /** `:name` segments of the route's path. */
  params: Record<string, string>;
  token: IssuedToken;
  grant: Grant;
}

/** A handler's answer (publishing handlers fetch media, so they may be async). */
export type Answer = SandboxResponse | Promise<SandboxResponse>;

interface RouteBase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under the base; `:name` matches one segment; a trailing slash is optional. */
  path: string;
  /** The publishing step this call is (./faults.ts OPERATIONS), fixed or read from the request. */
  operation?: string | ((req: SandboxRequest) => string);
  /**
   * Only the `:name` values this accepts (Graph serves `/{id}` by the type of the object the id
   * names: a customer's profile, a post, a container); the next matching route gets the others.
   */
  accepts?: (ctx: SandboxContext, network: OAuthNetwork, params: Record<string, string>) => boolean;
}

/** A route that needs the network's token. */
export interface TokenRoute extends RouteBase {
  /** Scopes the token's consent must include; an array entry = any one of those. */
  scopes?: readonly (string | readonly string[])[];
  /** Token kinds accepted (default: user access tokens). */
  tokenKinds?: readonly TokenKind[];
  handle: (call: ApiCall) => Answer;
}

/** A route that reads its credentials itself (Meta's revoke, upload URLs that carry their own). */
export interface OwnAuthRoute extends RouteBase {
  ownAuth: (ctx: SandboxContext, network: OAuthNetwork, req: SandboxRequest, params: Record<string, string>) => Answer;
}

export type ApiRoute = TokenRoute | OwnAuthRoute;

/** Top-level names of a Graph `fields` list (`id,name,picture{url}` → id, name, picture). */
export function graphFields(fields: string | null): Set<string> | null {
  if (!fields) return null;
  const names = new Set<string>();
  let depth = 0;
  let current = '';
  for (const char of fields) {
    if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    else if (char === ',' && depth === 0) {
      names.add(current.trim());
      current = '';
    } else if (depth === 0) current += char;
  }
  names.add(current.trim());
  names.delete('');
  return names;
}

/** `object` limited to the asked fields (Graph always includes `id`), or `defaults` when none asked. */
export function pickFields(object: Record<string, unknown>, fields: Set<string> | null, defaults: readonly string[]): Record<string, unknown> {
  const wanted = fields ?? new Set(defaults);
  return Object.fromEntries(Object.entries(object).filter(([key, value]) => value !== undefined && (key === 'id' || wanted.has(key))));
}

/** A page of `items` after `cursor` (base64url of the first index), and the cursors. */
export function pageOf<T>(items: readonly T[], size: number, cursor: string | null): { items: T[]; before: string; after: string; next: string | null } {
  const start = cursor ? Math.max(0, Number.parseInt(Buffer.from(cursor, 'base64url').toString('utf8'), 10) || 0) : 0;
  const slice = items.slice(start, start + size);
  const encode = (index: number) => Buffer.from(String(index)).toString('base64url');
  const end = start + slice.length;
  return { items: slice, before: encode(start), after: encode(end), next: end < items.length ? encode(end) : null };
}

/** A page size parameter within 1..max (fallback when absent or not a number). */
export const pageSize = (value: string | null, fallback: number, max: number): number => Math.min(max, Math.max(1, Number.parseInt(value ?? '', 10) || fallback));

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The route of `method path` and its `:name` values; 'method' when only the method is wrong.
 * `accepted` says whether a route whose path matched takes these values (its `accepts`).
 */
export function matchRoute(
  routes: readonly ApiRoute[],
  method: string,
  path: string,
  accepted: (route: ApiRoute, params: Record<string, string>) => boolean = () => true,
): { route: ApiRoute; params: Record<string, string> } | 'method' | null {
  const segments = trimSlash(path).split('/');
  let pathMatched = false;
  for (const route of routes) {
    const pattern = trimSlash(route.path).split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(segment);
        } catch {
          return false;
        }
        return segment !== '';
      }
      return part === segment;
    });
    if (!matches || !accepted(route, params)) continue;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { route, params };
    pathMatched = true;
  }
  return pathMatched ? 'method' : null;
}

const hasScopes = (granted: readonly string[], needed: TokenRoute['scopes']) =>
  (needed ?? []).every((entry) => (typeof entry === 'string' ? granted.includes(entry) : entry.some((scope) => granted.includes(scope))));

/** The Meta page or Instagram account a page token speaks for (its `X-Business-Use-Case-Usage` key). */
function businessOf(network: OAuthNetwork, token: IssuedToken): Caller['business'] {
  const page = token.kind === 'page' ? META_PAGES.find((candidate) => candidate.id === token.pageId) : undefined;
  if (!page) return undefined;
  if (network === 'instagram') return page.instagram ? { id: page.instagram.id, type: 'instagram' } : undefined;
  return { id: page.id, type: 'pages' };
}

const withHeaders = (response: SandboxResponse, headers: Record<string, string>): SandboxResponse => ({ ...response, headers: { ...headers, ...response.headers } });

/** Serves `METHOD <base><path>` from `routes` (see the module header). */
export async function serveRoutes(ctx: SandboxContext, network: OAuthNetwork, req: SandboxRequest, path: string, routes: readonly ApiRoute[]): Promise<SandboxResponse> {
  const spec = NETWORK_SPECS[network];
  const matched = matchRoute(routes, req.method, path, (route, params) => route.accepts?.(ctx, network, params) ?? true);
  if (matched === null) return spec.apiError('not_found', path);
  if (matched === 'method') return spec.apiError('bad_request', `Unsupported ${req.method} request.`);
  const { route, params } = matched;
  const operation = typeof route.operation === 'function' ? route.operation(req) : route.operation;
  if ('ownAuth' in route) return underFault(ctx, network, operation, async () => route.ownAuth(ctx, network, req, params));
  const isMeta = spec.longLivedLifetime !== undefined;
  const formToken = isMeta && typeof req.body?.access_token === 'string' ? req.body.access_token : null;
  const given = bearerToken(req) ?? (isMeta ? (req.query.get('access_token') ?? formToken) : null);
  if (!given) return spec.apiError('missing_token', '');
  const found = ctx.store.findToken(network, given);
  if (!found || !(route.tokenKinds ?? ['access']).includes(found.token.kind)) return spec.apiError('invalid_token', '');
  if (found.expired) return spec.apiError('expired_token', '');
  const business = businessOf(network, found.token);
  const used = usage(ctx.counters, network, `${route.method} ${route.path}`, { user: found.grant.id, token: digest(given).slice(0, 16), business }, ctx.store.now());
  if (!hasScopes(found.grant.scopes, route.scopes)) {
    const needed = (route.scopes ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.join(' | '))).join(', ');
    return withHeaders(spec.apiError('forbidden', `Requires the ${needed} permission(s)`), used.headers);
  }
  if (used.refused) return withHeaders(used.refused, used.headers);
  const call: ApiCall = { ctx, network, req, path, params, token: found.token, grant: found.grant };
  return withHeaders(await underFault(ctx, network, operation, async () => route.handle(call), business), used.headers);
}
