/**
 * The networks' APIs as the sandbox serves them under `/N/api` (issue 12 brief, per-network
 * shapes): one table of routes per network, each with the scopes it needs and a handler. A request
 * needs the network's Bearer token (Meta also takes `access_token` in the query); an unknown,
 * revoked or expired token, a missing scope or an unknown path get the network's own error body.
 * The next issues add publishing endpoints as more rows.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { OAuthNetwork } from '@director-ia/shared';
import { LINKEDIN_MEMBER, META_PAGES, META_USER, PINTEREST_BOARDS, PINTEREST_USER, TIKTOK_USER, X_USER, YOUTUBE_CHANNEL, type MetaPage } from './accounts';
import { avatarUrl, type SandboxContext } from './context';
import { bearerToken, json, type SandboxRequest, type SandboxResponse } from './http';
import { logId, NETWORK_SPECS } from './networks';
import { revoke } from './oauth';
import type { Grant, IssuedToken, TokenKind } from './store';

/** What a route handler gets. */
export interface ApiCall {
  ctx: SandboxContext;
  network: OAuthNetwork;
  req: SandboxRequest;
  /** The path under `/N/api`, e.g. `/me/accounts`. */
  path: string;
  /** `:name` segments of the route's path. */
  params: Record<string, string>;
  token: IssuedToken;
  grant: Grant;
}

interface RouteBase {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path under `/N/api`; `:name` matches one segment; a trailing slash is optional. */
  path: string;
}

/** A route that needs the network's token. */
export interface TokenRoute extends RouteBase {
  /** Scopes the token's consent must include; an array entry = any one of those. */
  scopes?: readonly (string | readonly string[])[];
  /** Token kinds accepted (default: user access tokens). */
  tokenKinds?: readonly TokenKind[];
  handle: (call: ApiCall) => SandboxResponse;
}

/** A route that reads its credentials itself (Meta's revoke, `DELETE /me/permissions`). */
export interface OwnAuthRoute extends RouteBase {
  ownAuth: (ctx: SandboxContext, network: OAuthNetwork, req: SandboxRequest) => SandboxResponse;
}

export type ApiRoute = TokenRoute | OwnAuthRoute;

const etag = () => randomBytes(12).toString('base64url');

/** Top-level names of a Graph `fields` list (`id,name,picture{url}` → id, name, picture). */
function graphFields(fields: string | null): Set<string> | null {
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
function pickFields(object: Record<string, unknown>, fields: Set<string> | null, defaults: readonly string[]): Record<string, unknown> {
  const wanted = fields ?? new Set(defaults);
  return Object.fromEntries(Object.entries(object).filter(([key, value]) => value !== undefined && (key === 'id' || wanted.has(key))));
}

/** A page of `items` after `cursor` (base64url of the first index), and the cursors. */
function pageOf<T>(items: readonly T[], size: number, cursor: string | null): { items: T[]; before: string; after: string; next: string | null } {
  const start = cursor ? Math.max(0, Number.parseInt(Buffer.from(cursor, 'base64url').toString('utf8'), 10) || 0) : 0;
  const slice = items.slice(start, start + size);
  const encode = (index: number) => Buffer.from(String(index)).toString('base64url');
  const end = start + slice.length;
  return { items: slice, before: encode(start), after: encode(end), next: end < items.length ? encode(end) : null };
}

const pageSize = (value: string | null, fallback: number, max: number) => Math.min(max, Math.max(1, Number.parseInt(value ?? '', 10) || fallback));

/** The page token Meta gives for `page` under a consent: the same one on every call, as Meta does. */
function metaPageToken(call: ApiCall, page: MetaPage): string {
  const longLived = call.token.longLived === true;
  const mac = createHmac('sha256', call.ctx.store.pageTokenKey()).update(`${call.grant.id}:${page.id}:${longLived}`).digest('base64url');
  const token = `EAAPsbx${mac}`;
  if (!call.ctx.store.hasToken(token)) {
    // From a long-lived user token page tokens do not expire; from a short-lived one they end with it.
    const seconds = longLived || call.token.expiresAt === null ? null : Math.max(0, (call.token.expiresAt - call.ctx.store.now()) / 1000);
    call.ctx.store.keepToken(token, call.grant, 'page', seconds, { pageId: page.id });
  }
  return token;
}

const metaPicture = (call: ApiCall) => ({ data: { height: 50, is_silhouette: false, url: avatarUrl(call.ctx, call.network), width: 50 } });

const META_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: '/me',
    handle: (call) => json(200, pickFields({ ...META_USER, picture: metaPicture(call) }, graphFields(call.req.query.get('fields')), ['name'])),
  },
  {
    method: 'GET',
    path: '/me/accounts',
    scopes: ['pages_show_list'],
    handle: (call) => {
      const query = call.req.query;
      const page = pageOf(META_PAGES, pageSize(query.get('limit'), 25, 100), query.get('after'));
      const fields = graphFields(query.get('fields'));
      const data = page.items.map((item) =>
        pickFields(
          {
            id: item.id,
            name: item.name,
            access_token: metaPageToken(call, item),
            category: 'Marca',
            tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
            picture: metaPicture(call),
            instagram_business_account: item.instagram
              ? { id: item.instagram.id, username: item.instagram.username, profile_picture_url: avatarUrl(call.ctx, 'instagram') }
              : undefined,
          },
          fields,
          ['name', 'access_token', 'category', 'tasks'],
        ),
      );
      const next = new URLSearchParams(query);
      next.delete('access_token');
      if (page.next) next.set('after', page.next);
      return json(200, {
        data,
        paging: { cursors: { before: page.before, after: page.after }, ...(page.next ? { next: `${call.ctx.origin}/${call.network}/api/me/accounts?${next}` } : {}) },
      });
    },
  },
  // The revoke URL of Meta in production; the sandbox also serves it as /N/oauth/revoke.
  { method: 'DELETE', path: '/me/permissions', ownAuth: (ctx, network, req) => revoke(ctx, network, req) ?? NETWORK_SPECS[network].apiError('not_found', '/me/permissions') },
];

const YOUTUBE_READ = ['https://www.googleapis.com/auth/youtube.readonly', 'https://www.googleapis.com/auth/youtube', 'https://www.googleapis.com/auth/youtube.force-ssl'];

/** Each network's API routes. */
export const API_ROUTES: Readonly<Record<OAuthNetwork, readonly ApiRoute[]>> = {
  facebook: META_ROUTES,
  instagram: META_ROUTES,
  x: [
    {
      method: 'GET',
      path: '/users/me',
      scopes: ['users.read', 'tweet.read'],
      handle: (call) => {
        const fields = (call.req.query.get('user.fields') ?? '').split(',');
        return json(200, { data: { ...X_USER, ...(fields.includes('profile_image_url') ? { profile_image_url: avatarUrl(call.ctx, 'x') } : {}) } });
      },
    },
  ],
  linkedin: [
    {
      method: 'GET',
      path: '/v2/userinfo',
      scopes: ['openid', 'profile'],
      handle: (call) =>
        json(200, {
          sub: LINKEDIN_MEMBER.sub,
          name: LINKEDIN_MEMBER.name,
          given_name: LINKEDIN_MEMBER.givenName,
          family_name: LINKEDIN_MEMBER.familyName,
          picture: avatarUrl(call.ctx, 'linkedin'),
          locale: { country: 'ES', language: 'es' },
        }),
    },
  ],
  youtube: [
    {
      method: 'GET',
      path: '/channels',
      scopes: [YOUTUBE_READ],
      handle: (call) => {
        const spec = NETWORK_SPECS.youtube;
        const query = call.req.query;
        const part = query.get('part');
        if (!part) return spec.apiError('bad_request', 'Required parameter: part');
        const ids = query.get('id')?.split(',');
        if (query.get('mine') !== 'true' && !ids) return spec.apiError('bad_request', 'No filter selected. Expected one of: mine, id, forHandle, forUsername, managedByMe, categoryId, mySubscribers.');
        const url = avatarUrl(call.ctx, 'youtube');
        const snippet = {
          title: YOUTUBE_CHANNEL.title,
          description: '',
          customUrl: YOUTUBE_CHANNEL.customUrl,
          publishedAt: '2024-01-01T00:00:00Z',
          thumbnails: { default: { url, width: 88, height: 88 }, medium: { url, width: 240, height: 240 }, high: { url, width: 800, height: 800 } },
          localized: { title: YOUTUBE_CHANNEL.title, description: '' },
        };
        const items = !ids || ids.includes(YOUTUBE_CHANNEL.id) ? [{ kind: 'youtube#channel', etag: etag(), id: YOUTUBE_CHANNEL.id, ...(part.split(',').includes('snippet') ? { snippet } : {}) }] : [];
        return json(200, { kind: 'youtube#channelListResponse', etag: etag(), pageInfo: { totalResults: items.length, resultsPerPage: 5 }, items });
      },
    },
  ],
  tiktok: [
    {
      method: 'GET',
      path: '/user/info/',
      scopes: ['user.info.basic'],
      handle: (call) => {
        const fields = (call.req.query.get('fields') ?? '').split(',').filter((field) => field !== '');
        if (fields.length === 0) return NETWORK_SPECS.tiktok.apiError('bad_request', 'fields is required');
        const url = avatarUrl(call.ctx, 'tiktok');
        const user: Record<string, string> = {
          open_id: TIKTOK_USER.openId,
          union_id: TIKTOK_USER.unionId,
          avatar_url: url,
          avatar_url_100: url,
          avatar_large_url: url,
          display_name: TIKTOK_USER.displayName,
        };
        return json(200, { data: { user: Object.fromEntries(fields.filter((field) => field in user).map((field) => [field, user[field]])) }, error: { code: 'ok', message: '', log_id: logId() } });
      },
    },
  ],
  pinterest: [
    {
      method: 'GET',
      path: '/user_account',
      scopes: ['user_accounts:read'],
      handle: (call) =>
        json(200, {
          account_type: 'BUSINESS',
          id: PINTEREST_USER.id,
          username: PINTEREST_USER.username,
          business_name: PINTEREST_USER.businessName,
          profile_image: avatarUrl(call.ctx, 'pinterest'),
          website_url: '',
          board_count: PINTEREST_BOARDS.length,
          pin_count: 0,
          follower_count: 0,
          following_count: 0,
          monthly_views: 0,
        }),
    },
    {
      method: 'GET',
      path: '/boards',
      scopes: ['boards:read'],
      handle: (call) => {
        const query = call.req.query;
        const page = pageOf(PINTEREST_BOARDS, pageSize(query.get('page_size'), 25, 250), query.get('bookmark'));
        const cover = avatarUrl(call.ctx, 'pinterest');
        const items = page.items.map((board) => ({
          id: board.id,
          name: board.name,
          description: '',
          owner: { username: PINTEREST_USER.username },
          privacy: 'PUBLIC',
          pin_count: 0,
          follower_count: 0,
          collaborator_count: 0,
          created_at: '2024-01-01T00:00:00',
          board_pins_modified_at: '2024-01-01T00:00:00',
          media: { image_cover_url: cover, pin_thumbnail_urls: [] },
        }));
        return json(200, { items, bookmark: page.next });
      },
    },
  ],
};

/** Checks a network makes before routing (LinkedIn: `/rest` calls need `LinkedIn-Version: YYYYMM`). */
const API_CHECKS: Partial<Record<OAuthNetwork, (req: SandboxRequest, path: string) => SandboxResponse | null>> = {
  linkedin: (req, path) => {
    if (!path.startsWith('/rest/')) return null;
    const version = req.headers['linkedin-version'];
    if (typeof version !== 'string' || version === '') {
      return json(400, { status: 400, code: 'VERSION_MISSING', message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.' });
    }
    if (!/^\d{6}(\.\d{2})?$/.test(version)) return json(400, { status: 400, code: 'INVALID_VERSION', message: `Requested version ${version} is not active` });
    return null;
  },
};

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

function matchRoute(routes: readonly ApiRoute[], method: string, path: string): { route: ApiRoute; params: Record<string, string> } | 'method' | null {
  const segments = trimSlash(path).split('/');
  let pathMatched = false;
  for (const route of routes) {
    const pattern = trimSlash(route.path).split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(segment);
        return segment !== '';
      }
      return part === segment;
    });
    if (!matches) continue;
    if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { route, params };
    pathMatched = true;
  }
  return pathMatched ? 'method' : null;
}

const hasScopes = (granted: readonly string[], needed: TokenRoute['scopes']) =>
  (needed ?? []).every((entry) => (typeof entry === 'string' ? granted.includes(entry) : entry.some((scope) => granted.includes(scope))));

/** Serves `METHOD /N/api<path>`. */
export function serveApi(ctx: SandboxContext, network: OAuthNetwork, req: SandboxRequest, path: string): SandboxResponse {
  const spec = NETWORK_SPECS[network];
  const checked = API_CHECKS[network]?.(req, path);
  if (checked) return checked;
  const matched = matchRoute(API_ROUTES[network], req.method, path);
  if (matched === null) return spec.apiError('not_found', path);
  if (matched === 'method') return spec.apiError('bad_request', `Unsupported ${req.method} request.`);
  const { route, params } = matched;
  if ('ownAuth' in route) return route.ownAuth(ctx, network, req);
  const isMeta = spec.longLivedLifetime !== undefined;
  const given = bearerToken(req) ?? (isMeta ? req.query.get('access_token') : null);
  if (!given) return spec.apiError('missing_token', '');
  const found = ctx.store.findToken(network, given);
  if (!found || !(route.tokenKinds ?? ['access']).includes(found.token.kind)) return spec.apiError('invalid_token', '');
  if (found.expired) return spec.apiError('expired_token', '');
  if (!hasScopes(found.grant.scopes, route.scopes)) {
    const needed = (route.scopes ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.join(' | '))).join(', ');
    return spec.apiError('forbidden', `Requires the ${needed} permission(s)`);
  }
  return route.handle({ ctx, network, req, path, params, token: found.token, grant: found.grant });
}
