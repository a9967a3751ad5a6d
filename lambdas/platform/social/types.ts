/**
 * The social network adapters' interface (issue 12): what `core/social` asks of the networks.
 * Every call goes through the outbound HTTP door (platform/http) to the URLs of the network's
 * configuration (./networks.ts, overridable per installation through the network apps secret, so
 * the twin's "Red de pruebas" is only configuration: no `if (local)` anywhere).
 * No value of these types is ever logged or returned to the browser except `ReadAccount.account`
 * and the targets' `id`, `name`, `kind`, `pictureUrl`.
 */
import type { OAuthNetwork, SocialAccount, SocialNetwork, TargetKind } from '@director-ia/shared';

/** The four URLs of a network; `revoke` null when its API has no revocation. */
export interface NetworkUrls {
  /** The consent page the owner's browser opens. */
  authorize: string;
  /** The token endpoint (code exchange, refresh). */
  token: string;
  revoke: string | null;
  /** Base of the API our adapters call, e.g. `https://graph.facebook.com/v25.0`; paths are appended to it. */
  api: string;
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
 *   verifier does not match (the owner must reconnect);
 * - `denied`: a token was accepted but lacks a permission (e.g. no pages permission);
 * - `unavailable`: no usable answer (timeout, 5xx, unreadable body, refused destination).
 * `detail` is the network's own error text (English), for logs only: never shown, never a token.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(
    readonly network: SocialNetwork,
    readonly kind: 'invalid_grant' | 'denied' | 'unavailable',
    readonly detail: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(`${network}: ${kind}: ${detail}`, options);
    this.status = options?.status;
  }

  readonly status: number | undefined;
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
