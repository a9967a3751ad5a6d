/**
 * The networks' APIs as the sandbox serves them under `/N/api` (issue 12 brief, per-network
 * shapes: the account and target reads here), the Page Subscribed Apps edge of issue 14
 * (./pageSubscriptions.ts) and the publishing routes of issue 13 (./meta.ts,
 * ./x.ts, ./linkedin.ts, ./youtube.ts, ./tiktok.ts, ./pinterest.ts), Meta's Send API and comment
 * replies of issue 14 (./messaging.ts) and its customers' profiles (./profiles.ts), the Marketing API of
 * issue 15 (./ads.ts, Facebook only), plus the upload bases
 * `/N/upload` (YouTube's resumable uploads, LinkedIn's and TikTok's upload URLs). How a route
 * table is served (tokens, scopes, rate headers, faults) is ./routes.ts.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { OAuthNetwork } from '@director-ia/shared';
import { LINKEDIN_MEMBER, META_PAGES, META_USER, PINTEREST_BOARDS, PINTEREST_USER, TIKTOK_USER, X_USER, YOUTUBE_CHANNEL, type MetaPage } from './accounts';
import { avatarUrl, type SandboxContext } from './context';
import { ADS_ROUTES } from './ads';
import { json, type SandboxRequest, type SandboxResponse } from './http';
import { LINKEDIN_PUBLISH_ROUTES, LINKEDIN_UPLOAD_ROUTES } from './linkedin';
import { FACEBOOK_PUBLISH_ROUTES, INSTAGRAM_PUBLISH_ROUTES } from './meta';
import { FACEBOOK_MESSAGING_ROUTES, INSTAGRAM_MESSAGING_ROUTES } from './messaging';
import { PAGE_SUBSCRIPTION_ROUTES } from './pageSubscriptions';
import { FACEBOOK_PROFILE_ROUTES, INSTAGRAM_PROFILE_ROUTES } from './profiles';
import { logId, NETWORK_SPECS } from './networks';
import { revoke } from './oauth';
import { PINTEREST_PUBLISH_ROUTES } from './pinterest';
import { graphFields, pageOf, pageSize, pickFields, serveRoutes, type ApiCall, type ApiRoute } from './routes';
import { TIKTOK_PUBLISH_ROUTES, TIKTOK_UPLOAD_ROUTES } from './tiktok';
import { X_PUBLISH_ROUTES } from './x';
import { YOUTUBE_API_ROUTES, YOUTUBE_UPLOAD_ROUTES } from './youtube';

const etag = () => randomBytes(12).toString('base64url');

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
  facebook: [...META_ROUTES, ...ADS_ROUTES, ...PAGE_SUBSCRIPTION_ROUTES, ...FACEBOOK_MESSAGING_ROUTES, ...FACEBOOK_PROFILE_ROUTES, ...FACEBOOK_PUBLISH_ROUTES],
  instagram: [...META_ROUTES, ...PAGE_SUBSCRIPTION_ROUTES, ...INSTAGRAM_MESSAGING_ROUTES, ...INSTAGRAM_PROFILE_ROUTES, ...INSTAGRAM_PUBLISH_ROUTES],
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
    ...X_PUBLISH_ROUTES,
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
    ...LINKEDIN_PUBLISH_ROUTES,
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
    ...YOUTUBE_API_ROUTES,
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
    ...TIKTOK_PUBLISH_ROUTES,
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
    ...PINTEREST_PUBLISH_ROUTES,
  ],
};

/** The upload bases `/N/upload` of the networks that have one. */
export const UPLOAD_ROUTES: Readonly<Partial<Record<OAuthNetwork, readonly ApiRoute[]>>> = {
  youtube: YOUTUBE_UPLOAD_ROUTES,
  linkedin: LINKEDIN_UPLOAD_ROUTES,
  tiktok: TIKTOK_UPLOAD_ROUTES,
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

/** Serves `METHOD /N/api<path>`. */
export function serveApi(ctx: SandboxContext, network: OAuthNetwork, req: SandboxRequest, path: string): Promise<SandboxResponse> {
  const checked = API_CHECKS[network]?.(req, path);
  if (checked) return Promise.resolve(checked);
  return serveRoutes(ctx, network, req, path, API_ROUTES[network]);
}

/** Serves `METHOD /N/upload<path>` (404 where the network has no upload base). */
export function serveUpload(ctx: SandboxContext, network: OAuthNetwork, req: SandboxRequest, path: string): Promise<SandboxResponse> {
  return serveRoutes(ctx, network, req, path, UPLOAD_ROUTES[network] ?? []);
}
