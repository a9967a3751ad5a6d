/**
 * The social network adapters (issue 12): see ./types.ts for the interface. The networks'
 * configuration (URLs with pinned API versions, scopes, how each OAuth endpoint wants to be
 * called) is ./networks.ts; ./apps.ts reads the installation's network apps; ./oauth.ts is the
 * table-driven OAuth 2.0 flow; ./accounts reads who connected and where they may publish;
 * ./telegram.ts checks a bot and channel; ./publish publishes (issue 13: prepare, create,
 * findPublished); ./webhooks.ts turns the inbox's webhooks on (issue 14). Every call goes through platform/http (./call.ts).
 * Each operation also takes optional AdapterOptions (tests inject `fetch` and the clock).
 */
import type { CheckTelegramBot, SocialAdapters } from './types';
import { loadNetworkApps } from './apps';
import { readAccount } from './accounts';
import { authorizationUrl, exchangeCode, refreshTokens, revokeTokens, usesPkce } from './oauth';
import { createPkce } from './pkce';
import { checkTelegramBot } from './telegram';

export * from './types';
export * from './publish';
export { networkAppsFromJson, SOCIAL_APPS_SECRET_ENV } from './apps';
export type { AdapterOptions } from './call';
export { GRAPH_VERSION, LINKEDIN_VERSION } from './networks';
export { pkceChallenge } from './pkce';
export { deleteTelegramWebhook, FACEBOOK_PAGE_FIELDS, INSTAGRAM_PAGE_FIELDS, setTelegramWebhook, subscribePage } from './webhooks';
export { authorizationUrl, checkTelegramBot, createPkce, exchangeCode, loadNetworkApps, readAccount, refreshTokens, revokeTokens, usesPkce };

/** The operations as one object, checked against the interface core codes to. */
export const socialAdapters = {
  loadNetworkApps: () => loadNetworkApps(),
  createPkce: () => createPkce(),
  usesPkce,
  authorizationUrl,
  exchangeCode,
  readAccount,
  refreshTokens,
  revokeTokens,
  checkTelegramBot,
} satisfies SocialAdapters & { checkTelegramBot: CheckTelegramBot };
