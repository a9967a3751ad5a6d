/**
 * The social network adapters' interface (issue 12): what `core/social` asks of the networks.
 * Every call goes through the outbound HTTP door (platform/http) to the URLs of the network's
 * configuration (./networks.ts, overridable per installation through the network apps secret, so
 * the twin's "Red de pruebas" is only configuration: no `if (local)` anywhere).
 * No value of these types is ever logged or returned to the browser except `ReadAccount.account`
 * and the targets' `id`, `name`, `kind`, `pictureUrl`.
 */
import type { OAuthNetwork, SocialAccount, SocialNetwork, TargetKind } from '@director-ia/shared';

/** The URLs of a network; `revoke` null when its API has no revocation. */
export interface NetworkUrls {
  /** The consent page the owner's browser opens. */
  authorize: string;
  /** The token endpoint (code exchange, refresh). */
  token: string;
  revoke: string | null;
  /** Base of the API our adapters call, e.g. `https://graph.facebook.com/v25.0`; paths are appended to it. */
  api: string;
  /**
   * Base of the network's media upload endpoints when they live apart from `api` (YouTube's
   * resumable uploads, default `https://www.googleapis.com/upload/youtube/v3`); absent elsewhere.
   */
  upload?: string;
}

/** One network app's credentials and endpoints as this installation configures them. */
export interface NetworkApp {
  network: SocialNetwork;
  /** OAuth client id (TikTok: client_key); '' for Telegram. */
  clientId: string;
  /** OAuth client secret; '' for Telegram. Never logged. */
  clientSecret: string;
  urls: NetworkUrls;
  /** The installation points this network at the twin's sandbox (the UI says "Red de pruebas"). */
  sandbox: boolean;
  /**
   * The network approved this app for public posting (TikTok's audit, Google's verification of the
   * project); absent or false: TikTok and YouTube publish privately (issue 13).
   */
  audited?: boolean;
}

/** The networks this installation can connect (`loadNetworkApps`); a missing entry = unavailable. */
export type NetworkApps = Partial<Record<SocialNetwork, NetworkApp>>;

/** Tokens as the network issued them (times as epoch milliseconds computed from `expires_in`). */
export interface TokenSet {
  accessToken: string;
  /** Absent when the network gave none (e.g. LinkedIn without refresh tokens, Facebook). */
  refreshToken?: string;
  /** When `accessToken` expires; absent when the network says it does not (or did not say). */
  expiresAt?: number;
  /** When `refreshToken` expires, when the network says (TikTok, Pinterest, LinkedIn). */
  refreshExpiresAt?: number;
  /** Granted scopes as the network reported them. */
  scope?: string;
}

/** A place to publish found at connect time, with its own token when it has one (Facebook pages). */
export interface FoundTarget {
  id: string;
  name: string;
  kind: TargetKind;
  pictureUrl: string | null;
  /** The target's own token (a Facebook page token, an Instagram account's page token); sealed before storing. */
  accessToken?: string;
}

/** What `readAccount` learns after the code exchange. */
export interface ReadAccount {
  account: SocialAccount;
  targets: FoundTarget[];
  /**
   * Replaces the exchanged tokens when the adapter traded them for better ones (Facebook: the
   * long-lived user token), else absent.
   */
  tokens?: TokenSet;
}

/**
 * Why a network refused; `kind`:
 * - `invalid_grant`: the code or refresh token is unknown, used, expired or revoked, or the PKCE
 *   verifier does not match; when publishing, the access token is refused (the owner must reconnect);
 * - `denied`: a token was accepted but lacks a permission (e.g. no pages permission), or the target
 *   is no longer reachable with it (a page, board or channel gone or the bot removed);
 * - `rejected` (publishing only): the network refused the post itself: media it cannot use, a
 *   caption too long, a policy or duplicate refusal. The owner must change the post; `detail` has
 *   the network's words;
 * - `rate_limited` (publishing only, always a RateLimited): throttled; try again at `retryAt`;
 * - `unavailable`: no usable answer (timeout, 5xx, unreadable body, refused destination).
 * The OAuth and account calls (./call.ts's rule) produce only `invalid_grant`, `denied` and
 * `unavailable`; ./publish/errors.ts's rule adds the other two.
 * `detail` is the network's own error text (English), for logs only: never shown, never a token.
 */
export type NetworkErrorKind = 'invalid_grant' | 'denied' | 'rejected' | 'rate_limited' | 'unavailable';

export class NetworkError extends Error {
  override readonly name: string = 'NetworkError';

  constructor(
    readonly network: SocialNetwork,
    readonly kind: NetworkErrorKind,
    readonly detail: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(`${network}: ${kind}: ${detail}`, options);
    this.status = options?.status;
  }

  readonly status: number | undefined;
}

/**
 * Who a rate limit counts against: the whole `app` (every owner of this installation: Meta's app
 * usage, a network-wide throttle) or this `account` (the user, page, channel, bot or endpoint).
 */
export type RateScope = 'app' | 'account';

/**
 * A publishing call the network throttled (HTTP 429, Meta's throttling codes, TikTok's
 * `rate_limit_exceeded`, YouTube's quota reasons, Telegram's `retry_after`): kind `rate_limited`.
 * Nothing was done; the same step may be tried again from `retryAt` (epoch ms), read from the
 * answer (Telegram's `parameters.retry_after`, `Retry-After`, X's `x-rate-limit-reset`, Meta's
 * `estimated_time_to_regain_access`, YouTube's daily quota reset) or a default wait when it says
 * nothing (./publish/rates.ts).
 */
export class RateLimited extends NetworkError {
  override readonly name: string = 'RateLimited';
  /** Epoch ms from which the step may be tried again. */
  readonly retryAt: number;
  readonly scope: RateScope;

  constructor(network: SocialNetwork, detail: string, limit: { retryAt: number; scope: RateScope; status?: number; cause?: unknown }) {
    super(network, 'rate_limited', detail, { status: limit.status, cause: limit.cause });
    this.retryAt = limit.retryAt;
    this.scope = limit.scope;
  }
}

/** PKCE pair (RFC 7636, S256). */
export interface Pkce {
  verifier: string;
  challenge: string;
}

/** The adapters' operations (platform/social/index.ts implements them). */
export interface SocialAdapters {
  /** The installation's network apps (Secrets Manager, cached briefly); Telegram is always present. */
  loadNetworkApps(): Promise<NetworkApps>;
  /** A fresh PKCE pair (random verifier, S256 challenge). */
  createPkce(): Pkce;
  /** Whether `network` uses PKCE S256 (./networks.ts). */
  usesPkce(network: OAuthNetwork): boolean;
  /** The consent URL: client id, redirect URI, scopes, state, PKCE challenge and the network's extra parameters. */
  authorizationUrl(app: NetworkApp, request: { state: string; redirectUri: string; pkce?: Pkce }): string;
  /** Exchanges a code (NetworkError invalid_grant when refused). */
  exchangeCode(app: NetworkApp, request: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet>;
  /** Who connected and where they may publish (NetworkError denied when pages cannot be read). */
  readAccount(app: NetworkApp, tokens: TokenSet): Promise<ReadAccount>;
  /** A new token set from a refresh token; a response without a refresh token keeps `refreshToken` absent (the caller keeps the stored one). */
  refreshTokens(app: NetworkApp, refreshToken: string): Promise<TokenSet>;
  /** Revokes at the network when its API allows (no-op when `urls.revoke` is null); best effort is the caller's choice. */
  revokeTokens(app: NetworkApp, tokens: { accessToken?: string; refreshToken?: string; accountId?: string }): Promise<void>;
}

/** Why Telegram refused a bot and channel (each maps to a SOCIAL_MSG.telegram* message in core). */
export type TelegramRefusalReason = 'token' | 'chatNotFound' | 'notChannel' | 'notAdmin';

export class TelegramRefusal extends Error {
  override readonly name = 'TelegramRefusal';

  constructor(readonly reason: TelegramRefusalReason) {
    super(`Telegram refused: ${reason}`);
  }
}

/**
 * Telegram (no OAuth): `getMe` (the token works: else TelegramRefusal token), `getChat` (the
 * channel exists and the bot sees it: chatNotFound; a non-channel: notChannel), `getChatMember`
 * of the bot (administrator with `can_post_messages`: else notAdmin). NetworkError unavailable when
 * Telegram cannot be reached. The bot token is part of the URL path: it never reaches a log
 * (platform/http redacts `/bot<token>/`).
 */
export type CheckTelegramBot = (app: NetworkApp, botToken: string, channel: string) => Promise<{ bot: SocialAccount; channel: FoundTarget }>;
