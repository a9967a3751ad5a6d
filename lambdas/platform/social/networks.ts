/**
 * The one configuration module of the social networks (issue 12 item 3: "pin every network's API
 * version in one configuration module"): per network the default URLs (with the pinned API
 * versions), the scopes (spec 9 for Facebook and Instagram, the minimum to publish for the
 * others), and how its OAuth 2.0 endpoints want to be called. The adapters (./oauth.ts,
 * ./accounts, ./telegram.ts) are driven by this table; an installation overrides the URLs (and
 * only the URLs) per network in its network apps secret (./apps.ts), which is how the twin points
 * them at its "Red de pruebas".
 */
import type { OAuthNetwork } from '@director-ia/shared';
import type { NetworkUrls } from './types';

/** Graph API version of Facebook and Instagram (Meta). */
export const GRAPH_VERSION = 'v25.0';
/** `LinkedIn-Version` header of LinkedIn's versioned /rest API (an unsupported one answers 426). */
export const LINKEDIN_VERSION = '202610';

/** Per outbound call to a network, in milliseconds. */
export const NETWORK_TIMEOUT_MS = 10_000;
/** Largest answer read from a network, in bytes. */
export const NETWORK_MAX_BYTES = 1024 * 1024;

/**
 * How the token endpoint authenticates our app:
 * - `basic`: `Authorization: Basic base64(clientId:clientSecret)`;
 * - `body`: client id (or key) and secret as form fields;
 * - `query`: client id and secret as query parameters of a GET (Meta).
 */
export type ClientAuth = 'basic' | 'body' | 'query';

/** How a network revokes a grant; null in OAuthNetworkConfig.revoke when its API has no revocation. */
export type RevokeConfig =
  /** DELETE of the revoke URL with the user's token as Bearer (Meta: `/me/permissions`). */
  | { style: 'bearer-delete' }
  | {
      /** A POSTed form with `token` (RFC 7009). */
      style: 'form';
      /** How the app authenticates: as at the token endpoint, or not at all (Google). */
      auth: 'basic' | 'body' | 'none';
      /**
       * Which tokens are sent, one request each: `access`; `refresh-else-access` (revoking the
       * refresh token ends the whole grant); `both` (refresh then access).
       */
      tokens: 'access' | 'refresh-else-access' | 'both';
      /** Whether `token_type_hint` names the kind of token sent. */
      hint: boolean;
    };

/** How a network's OAuth 2.0 flow is called (issue 12 brief "Per network"). */
export interface OAuthNetworkConfig {
  /** Default URLs, versions pinned here. */
  urls: NetworkUrls;
  scopes: readonly string[];
  /** What joins the scopes in the consent URL. */
  scopeSeparator: ',' | ' ';
  /** PKCE S256 on the consent URL and the code exchange. */
  pkce: boolean;
  /** The name of the client id parameter (TikTok: `client_key`). */
  clientIdParam: 'client_id' | 'client_key';
  clientAuth: ClientAuth;
  /** With `basic` auth, whether the client id is also a form field (X: yes, Pinterest: no). */
  clientIdWithBasic: boolean;
  /** GET (Meta: every parameter in the query) or POST of a form. */
  tokenMethod: 'GET' | 'POST';
  /** Whether the code exchange names `grant_type=authorization_code` (Meta's GET does not). */
  codeGrantType: boolean;
  /** Extra parameters of the consent URL. */
  authorizeParams: Readonly<Record<string, string>>;
  /** Extra parameters of every token request, code exchange and refresh (Pinterest's continuous refresh). */
  tokenParams: Readonly<Record<string, string>>;
  /**
   * How tokens are renewed: `refresh_token` (the standard grant; rotation or not is the network's
   * business: the response says) or `fb_exchange_token` (Meta has no refresh tokens: a long-lived
   * user token is exchanged for a new one).
   */
  refresh: 'refresh_token' | 'fb_exchange_token';
  revoke: RevokeConfig | null;
  /** Headers of the API calls whose path starts with `pathPrefix` (LinkedIn's pinned version on /rest). */
  apiHeaders: { pathPrefix: string; headers: Readonly<Record<string, string>> } | null;
}

const GRAPH = `https://graph.facebook.com/${GRAPH_VERSION}`;

/** Facebook Login, shared by Facebook and Instagram (one Meta app). */
const meta = (scopes: readonly string[]): OAuthNetworkConfig => ({
  urls: {
    authorize: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
    token: `${GRAPH}/oauth/access_token`,
    revoke: `${GRAPH}/me/permissions`,
    api: GRAPH,
  },
  scopes,
  scopeSeparator: ',',
  pkce: true,
  clientIdParam: 'client_id',
  clientAuth: 'query',
  clientIdWithBasic: false,
  tokenMethod: 'GET',
  codeGrantType: false,
  authorizeParams: {},
  tokenParams: {},
  refresh: 'fb_exchange_token',
  revoke: { style: 'bearer-delete' },
  apiHeaders: null,
});

/** Defaults shared by the networks that follow RFC 6749 closely (POSTed forms, client in the body). */
const STANDARD = {
  scopeSeparator: ' ',
  pkce: false,
  clientIdParam: 'client_id',
  clientAuth: 'body',
  clientIdWithBasic: false,
  tokenMethod: 'POST',
  codeGrantType: true,
  authorizeParams: {},
  tokenParams: {},
  refresh: 'refresh_token',
  apiHeaders: null,
} as const satisfies Partial<OAuthNetworkConfig>;

/** Every OAuth network's configuration. */
export const OAUTH_CONFIG: Readonly<Record<OAuthNetwork, OAuthNetworkConfig>> = {
  // Issue 14 (Bandeja): pages_messaging (Messenger replies), pages_manage_metadata (the page's webhook subscription), pages_manage_engagement (comment replies).
  // Issue 15 (Campañas): ads_management (the paused Meta Ads draft, its ad accounts and its spend).
  facebook: meta(['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'pages_messaging', 'pages_manage_metadata', 'pages_manage_engagement', 'ads_management']),
  // Spec 9's three, plus pages_show_list (the accounts are found through their pages), instagram_content_publish (publishing, issue 13)
  // and pages_manage_metadata (issue 14: Instagram messaging webhooks need the linked page subscribed).
  instagram: meta(['instagram_basic', 'instagram_manage_comments', 'instagram_manage_messages', 'pages_show_list', 'instagram_content_publish', 'pages_manage_metadata']),
  x: {
    ...STANDARD,
    urls: {
      authorize: 'https://x.com/i/oauth2/authorize',
      token: 'https://api.x.com/2/oauth2/token',
      revoke: 'https://api.x.com/2/oauth2/revoke',
      api: 'https://api.x.com/2',
    },
    scopes: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
    pkce: true,
    clientAuth: 'basic',
    clientIdWithBasic: true,
    revoke: { style: 'form', auth: 'basic', tokens: 'both', hint: true },
  },
  linkedin: {
    ...STANDARD,
    urls: {
      authorize: 'https://www.linkedin.com/oauth/v2/authorization',
      token: 'https://www.linkedin.com/oauth/v2/accessToken',
      revoke: 'https://www.linkedin.com/oauth/v2/revoke',
      api: 'https://api.linkedin.com',
    },
    scopes: ['openid', 'profile', 'w_member_social'],
    revoke: { style: 'form', auth: 'body', tokens: 'access', hint: false },
    apiHeaders: { pathPrefix: '/rest/', headers: { 'LinkedIn-Version': LINKEDIN_VERSION } },
  },
  youtube: {
    ...STANDARD,
    urls: {
      authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      revoke: 'https://oauth2.googleapis.com/revoke',
      api: 'https://www.googleapis.com/youtube/v3',
      upload: 'https://www.googleapis.com/upload/youtube/v3',
    },
    // force-ssl: reading and answering the channel's comments (issue 14, Bandeja: commentThreads.list, comments.insert).
    scopes: ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly', 'https://www.googleapis.com/auth/youtube.force-ssl'],
    pkce: true,
    // offline + consent: Google issues a refresh token only then (and again on every reconnect).
    authorizeParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    revoke: { style: 'form', auth: 'none', tokens: 'refresh-else-access', hint: false },
  },
  tiktok: {
    ...STANDARD,
    urls: {
      authorize: 'https://www.tiktok.com/v2/auth/authorize/',
      token: 'https://open.tiktokapis.com/v2/oauth/token/',
      revoke: 'https://open.tiktokapis.com/v2/oauth/revoke/',
      api: 'https://open.tiktokapis.com/v2',
    },
    scopes: ['user.info.basic', 'video.publish', 'video.upload'],
    scopeSeparator: ',',
    clientIdParam: 'client_key',
    revoke: { style: 'form', auth: 'body', tokens: 'access', hint: false },
  },
  pinterest: {
    ...STANDARD,
    urls: {
      authorize: 'https://www.pinterest.com/oauth/',
      token: 'https://api.pinterest.com/v5/oauth/token',
      revoke: null,
      api: 'https://api.pinterest.com/v5',
    },
    scopes: ['boards:read', 'pins:read', 'pins:write', 'user_accounts:read'],
    scopeSeparator: ',',
    clientAuth: 'basic',
    // Without it Pinterest issues a refresh token that expires on a fixed date instead of rotating.
    tokenParams: { continuous_refresh: 'true' },
    revoke: null,
  },
};

/** Telegram has no OAuth: only the Bot API base (`/bot<token>/<method>` is appended). */
export const TELEGRAM_URLS: NetworkUrls = { authorize: '', token: '', revoke: null, api: 'https://api.telegram.org' };

/** The default URLs of any network. */
export const defaultUrls = (network: OAuthNetwork | 'telegram'): NetworkUrls => (network === 'telegram' ? TELEGRAM_URLS : OAUTH_CONFIG[network].urls);
