/**
 * The social network adapters (issue 12): see ./types.ts for the interface. PLACEHOLDER bodies,
 * replaced by the adapters' implementation (./networks.ts, ./oauth.ts, ./accounts/*, ./telegram.ts,
 * ./apps.ts) before issue 12 lands.
 */
import type { OAuthNetwork } from '@director-ia/shared';
import type { CheckTelegramBot, NetworkApp, NetworkApps, Pkce, ReadAccount, TokenSet } from './types';

export * from './types';

const pending = (): never => {
  throw new Error('platform/social is not implemented yet');
};

export const loadNetworkApps = async (): Promise<NetworkApps> => pending();
export const usesPkce = (_network: OAuthNetwork): boolean => pending();
export const createPkce = (): Pkce => pending();
export const authorizationUrl = (_app: NetworkApp, _request: { state: string; redirectUri: string; pkce?: Pkce }): string => pending();
export const exchangeCode = async (_app: NetworkApp, _request: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet> => pending();
export const readAccount = async (_app: NetworkApp, _tokens: TokenSet): Promise<ReadAccount> => pending();
export const refreshTokens = async (_app: NetworkApp, _refreshToken: string): Promise<TokenSet> => pending();
export const revokeTokens = async (_app: NetworkApp, _tokens: { accessToken?: string; refreshToken?: string; accountId?: string }): Promise<void> => pending();
export const checkTelegramBot: CheckTelegramBot = async () => pending();
