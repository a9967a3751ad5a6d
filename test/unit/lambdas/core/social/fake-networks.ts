/**
 * A fake of lambdas/platform/social (the adapters) for the social unit tests, following the
 * shapes of the issue 12 brief: an in-memory "network" that issues single-use codes bound to the
 * redirect URI and the PKCE challenge, rotating refresh tokens (x, tiktok, pinterest), YouTube
 * refreshes without a refresh token, Facebook's long-lived user token and page tokens, LinkedIn
 * without refresh tokens, and Telegram's refusals. It records every call so tests can count them.
 *
 * Use it with `vi.mock('<path>/lambdas/platform/social', ...)` returning `fakeSocialModule` over the
 * real module (the real NetworkError and TelegramRefusal classes are kept).
 */
import { createHash, randomBytes } from 'node:crypto';
import { SOCIAL_NETWORKS, type OAuthNetwork, type SocialNetwork } from '@director-ia/shared';
import {
  NetworkError,
  TelegramRefusal,
  type CheckTelegramBot,
  type FoundTarget,
  type NetworkApp,
  type NetworkApps,
  type Pkce,
  type ReadAccount,
  type TokenSet,
} from '../../../../../lambdas/platform/social/types';

const PKCE_NETWORKS: ReadonlySet<SocialNetwork> = new Set(['facebook', 'instagram', 'x', 'youtube']);
const ROTATING: ReadonlySet<SocialNetwork> = new Set(['x', 'tiktok', 'pinterest']);
const HOUR = 3_600_000;

/** The app of `network` as the sandbox would configure it. */
export function appOf(network: SocialNetwork, sandbox = true): NetworkApp {
  const base = `https://red-de-pruebas.test/${network}`;
  return {
    network,
    clientId: network === 'telegram' ? '' : `${network}-client`,
    clientSecret: network === 'telegram' ? '' : `${network}-secret`,
    urls: { authorize: `${base}/oauth/authorize`, token: `${base}/oauth/token`, revoke: network === 'pinterest' ? null : `${base}/oauth/revoke`, api: `${base}/api` },
    sandbox,
  };
}

interface Grant {
  network: SocialNetwork;
  accountId: string;
  redirectUri: string;
  challenge: string | null;
}

type Operation = 'exchange' | 'read' | 'refresh' | 'revoke' | 'telegram' | 'subscribe';

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

class FakeNetworks {
  apps: NetworkApps = {};
  /** Codes the consent page issued and not yet exchanged. */
  readonly codes = new Map<string, Grant>();
  /** Refresh tokens the network still accepts. */
  readonly liveRefreshTokens = new Map<string, { network: SocialNetwork; accountId: string }>();
  readonly calls = {
    exchange: [] as { network: SocialNetwork; code: string; codeVerifier?: string }[],
    refresh: [] as { network: SocialNetwork; refreshToken: string }[],
    revoke: [] as { network: SocialNetwork; accessToken?: string; refreshToken?: string; accountId?: string }[],
    telegram: [] as { botToken: string; channel: string }[],
    /** Issue 14: page webhook subscriptions and Telegram webhooks asked for. */
    webhooks: [] as { network: SocialNetwork; call: 'subscribePage' | 'setWebhook' | 'deleteWebhook'; target?: string; token: string; url?: string }[],
  };
  /** The next call of an operation throws this error instead. */
  readonly failNext = new Map<Operation, Error>();
  /** The code exchange gives no refresh token (as LinkedIn without partner access, or a re-consent). */
  exchangeWithoutRefreshToken = false;
  /** How long a refresh takes, ms (so concurrent refreshes overlap). */
  refreshDelayMs = 40;
  /** The network's clock, epoch ms (tests move it with the `now` they pass). */
  clock: () => number = () => Date.now();
  private serial = 0;

  reset(): void {
    this.apps = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, appOf(n)]));
    this.codes.clear();
    this.liveRefreshTokens.clear();
    for (const list of Object.values(this.calls)) list.length = 0;
    this.failNext.clear();
    this.exchangeWithoutRefreshToken = false;
    this.refreshDelayMs = 40;
    this.clock = () => Date.now();
  }

  private next(): number {
    return ++this.serial;
  }

  private failure(operation: Operation): void {
    const error = this.failNext.get(operation);
    if (!error) return;
    this.failNext.delete(operation);
    throw error;
  }

  /** The owner approves the consent page opened at `authUrl` as `accountId`: the callback's code and state. */
  consent(authUrl: string, accountId: string): { code: string; state: string } {
    const url = new URL(authUrl);
    const network = url.pathname.split('/')[1] as SocialNetwork;
    const code = `code-${this.next()}-${randomBytes(4).toString('hex')}`;
    this.codes.set(code, { network, accountId, redirectUri: url.searchParams.get('redirect_uri') ?? '', challenge: url.searchParams.get('code_challenge') });
    return { code, state: url.searchParams.get('state') ?? '' };
  }

  /** Tokens for `accountId`; a refresh token when `refresh`. */
  issue(network: SocialNetwork, accountId: string, refresh: boolean, lifetimeMs: number | null): TokenSet {
    const n = this.next();
    const tokens: TokenSet = { accessToken: `at.${network}.${accountId}.${n}`, scope: 'publish' };
    if (lifetimeMs !== null) tokens.expiresAt = this.clock() + lifetimeMs;
    if (refresh) {
      tokens.refreshToken = `rt.${network}.${accountId}.${n}`;
      this.liveRefreshTokens.set(tokens.refreshToken, { network, accountId });
    }
    return tokens;
  }

  /** The refresh calls that sent a token of `accountId`. */
  refreshCallsOf(accountId: string) {
    return this.calls.refresh.filter((call) => call.refreshToken.includes(`.${accountId}.`));
  }

  readonly module = {
    loadNetworkApps: async (): Promise<NetworkApps> => this.apps,
    usesPkce: (network: OAuthNetwork): boolean => PKCE_NETWORKS.has(network),
    createPkce: (): Pkce => {
      const verifier = randomBytes(32).toString('base64url');
      return { verifier, challenge: challengeOf(verifier) };
    },
    authorizationUrl: (app: NetworkApp, request: { state: string; redirectUri: string; pkce?: Pkce }): string => {
      const url = new URL(app.urls.authorize);
      url.searchParams.set('client_id', app.clientId);
      url.searchParams.set('redirect_uri', request.redirectUri);
      url.searchParams.set('state', request.state);
      if (request.pkce) {
        url.searchParams.set('code_challenge', request.pkce.challenge);
        url.searchParams.set('code_challenge_method', 'S256');
      }
      return url.toString();
    },
    exchangeCode: async (app: NetworkApp, request: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet> => {
      this.calls.exchange.push({ network: app.network, code: request.code, ...(request.codeVerifier ? { codeVerifier: request.codeVerifier } : {}) });
      this.failure('exchange');
      const grant = this.codes.get(request.code);
      this.codes.delete(request.code);
      const pkceOk = grant?.challenge ? request.codeVerifier !== undefined && challengeOf(request.codeVerifier) === grant.challenge : true;
      if (!grant || grant.network !== app.network || grant.redirectUri !== request.redirectUri || !pkceOk) {
        throw new NetworkError(app.network, 'invalid_grant', 'invalid code or verifier', { status: 400 });
      }
      if (app.network === 'facebook' || app.network === 'instagram') return this.issue(app.network, grant.accountId, false, HOUR);
      const renewable = app.network !== 'linkedin' && !this.exchangeWithoutRefreshToken;
      return this.issue(app.network, grant.accountId, renewable, app.network === 'linkedin' ? 60 * 24 * HOUR : 2 * HOUR);
    },
    readAccount: async (app: NetworkApp, tokens: TokenSet): Promise<ReadAccount> => {
      this.failure('read');
      const accountId = tokens.accessToken.split('.')[2] ?? 'unknown';
      const account = { id: accountId, name: 'Cuenta de pruebas', pictureUrl: 'https://red-de-pruebas.test/avatar.png' };
      if (app.network === 'facebook') {
        const pages: FoundTarget[] = [
          { id: `p1-${accountId}`, name: 'Página de pruebas', kind: 'page', pictureUrl: null, accessToken: `page-token-1-${accountId}` },
          { id: `p2-${accountId}`, name: 'Segunda página de pruebas', kind: 'page', pictureUrl: null, accessToken: `page-token-2-${accountId}` },
        ];
        // The long-lived user token replaces the short one; page tokens do not expire.
        return { account, targets: pages, tokens: this.issue('facebook', accountId, false, null) };
      }
      return { account, targets: [{ id: `profile-${accountId}`, name: 'Cuenta de pruebas', kind: 'profile', pictureUrl: null }] };
    },
    refreshTokens: async (app: NetworkApp, refreshToken: string): Promise<TokenSet> => {
      this.calls.refresh.push({ network: app.network, refreshToken });
      await new Promise((resolve) => setTimeout(resolve, this.refreshDelayMs));
      this.failure('refresh');
      const live = this.liveRefreshTokens.get(refreshToken);
      if (!live || live.network !== app.network) throw new NetworkError(app.network, 'invalid_grant', 'Token has been expired or revoked.', { status: 400 });
      if (ROTATING.has(app.network)) this.liveRefreshTokens.delete(refreshToken);
      return this.issue(app.network, live.accountId, ROTATING.has(app.network), 2 * HOUR);
    },
    revokeTokens: async (app: NetworkApp, tokens: { accessToken?: string; refreshToken?: string; accountId?: string }): Promise<void> => {
      this.calls.revoke.push({ network: app.network, ...tokens });
      this.failure('revoke');
      if (tokens.refreshToken) this.liveRefreshTokens.delete(tokens.refreshToken);
    },
    checkTelegramBot: (async (_app: NetworkApp, botToken: string, channel: string) => {
      this.calls.telegram.push({ botToken, channel });
      this.failure('telegram');
      const [botId = '', secret = ''] = botToken.split(':');
      if (secret.startsWith('invalid')) throw new TelegramRefusal('token');
      if (channel === '@canal_sin_permiso') throw new TelegramRefusal('notAdmin');
      if (channel === '@grupo_pruebas') throw new TelegramRefusal('notChannel');
      if (channel !== '@canal_pruebas') throw new TelegramRefusal('chatNotFound');
      return {
        bot: { id: botId, name: 'Bot de pruebas', pictureUrl: null },
        channel: { id: '-1001234567890', name: 'Canal de pruebas', kind: 'channel' as const, pictureUrl: null },
      };
    }) satisfies CheckTelegramBot,
    subscribePage: async (app: NetworkApp, pageId: string, pageToken: string): Promise<void> => {
      this.calls.webhooks.push({ network: app.network, call: 'subscribePage', target: pageId, token: pageToken });
      this.failure('subscribe');
    },
    setTelegramWebhook: async (app: NetworkApp, botToken: string, request: { url: string }): Promise<void> => {
      this.calls.webhooks.push({ network: app.network, call: 'setWebhook', token: botToken, url: request.url });
    },
    deleteTelegramWebhook: async (app: NetworkApp, botToken: string): Promise<void> => {
      this.calls.webhooks.push({ network: app.network, call: 'deleteWebhook', token: botToken });
    },
  };
}

/** The one fake of a test file (reset it in `beforeEach`). */
export const fakeNetworks = new FakeNetworks();
fakeNetworks.reset();
