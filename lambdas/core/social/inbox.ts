/**
 * The inbox's side of a connection (issue 14): which accounts deliver messages to this brand, and
 * the networks told to send them.
 * - `syncMetaInbox(sub, network, item, app, now)` (Facebook, Instagram; after a connect and after
 *   `elegirDestinos`): the brand's route items become exactly the selected pages / Instagram
 *   accounts (core/inbox/routes.ts), then each selected target's page subscribes the app to its
 *   webhooks (`POST /{page-id}/subscribed_apps`, Instagram: the linked page through `/me`),
 *   best effort: a refusal is logged (network, kind) and the connection stands.
 * - `connectTelegramInbox(sub, bot, botToken, app, sandbox, now)` (after conectarTelegram): a new
 *   random routeKey (20 characters) and secret token (32 random bytes, base64url); the route item
 *   (replacing any earlier one of the brand) keeps the secret's SHA-256 only; then `setWebhook`
 *   (`<SITE_URL>/webhooks/telegram/<routeKey>`, allowed_updates ["message"]), best effort.
 * - `syncYoutubeInbox(sub, network, item, now)` (after a YouTube connect; no-op for the others):
 *   the brand's one route of YouTube is the connected channel (accountId = the channel id), the
 *   list the sweep polls for comments (core/inbox/poll.ts: YouTube has no comment webhook). A
 *   reconnect of the same channel keeps the poll cursor; a new route starts polling from now.
 * - `disconnectInbox(sub, network, item, app)` (desconectarRed, before the item is cleared): the
 *   brand's routes of the network removed (YouTube: polling stops); Telegram's webhook deleted with the stored bot token,
 *   best effort.
 * Route writes are DynamoDB writes and their failures propagate.
 */
import { randomBytes } from 'node:crypto';
import type { SocialNetwork } from '@director-ia/shared';
import { logger } from '../../platform/logger';
import { openSecret } from '../../platform/secrets/lazy';
import { deleteTelegramWebhook, FACEBOOK_PAGE_FIELDS, INSTAGRAM_PAGE_FIELDS, setTelegramWebhook, subscribePage, type NetworkApp } from '../../platform/social';
import { routesOf, syncRoutes } from '../inbox/routes';
import { secretHashOf } from '../inbox/verify';
import { siteUrl } from './site';
import { targetContext, tokenContext, type SocialConnectionItem } from './store';

const failureOf = (error: unknown) => ({ name: (error as Error).name, kind: (error as { kind?: string }).kind ?? null });

/** Routes and page subscriptions of a Meta connection (see the module header). */
export async function syncMetaInbox(sub: string, network: SocialNetwork, item: SocialConnectionItem, app: NetworkApp | undefined, now: Date): Promise<void> {
  if (network !== 'facebook' && network !== 'instagram') return;
  const kind = network === 'facebook' ? 'page' : 'instagram';
  const selected = item.state === 'desconectada' ? [] : item.targets.filter((target) => target.selected && target.kind === kind);
  await syncRoutes(sub, network, selected.map((target) => ({ accountId: target.id, accountName: target.name })), item.sandbox, now);
  if (!app) return;
  await Promise.all(
    selected.map(async (target) => {
      if (!target.tokenSealed) return;
      try {
        const token = await openSecret(target.tokenSealed, targetContext(sub, network, target.id));
        if (network === 'facebook') await subscribePage(app, target.id, token, FACEBOOK_PAGE_FIELDS);
        else await subscribePage(app, 'me', token, INSTAGRAM_PAGE_FIELDS);
      } catch (error) {
        logger.warn('Subscribing a page to the inbox webhooks failed; messages will not arrive until it succeeds', { network, error: failureOf(error) });
      }
    }),
  );
}

/** The polled route of a YouTube connection (see the module header). */
export async function syncYoutubeInbox(sub: string, network: SocialNetwork, item: SocialConnectionItem, now: Date): Promise<void> {
  if (network !== 'youtube') return;
  const channelId = item.state === 'desconectada' ? undefined : (item.accountId ?? item.targets[0]?.id);
  if (!channelId) {
    await syncRoutes(sub, 'youtube', [], item.sandbox, now);
    return;
  }
  const known = (await routesOf(sub, 'youtube')).find((route) => route.accountId === channelId);
  const cursor = known?.polledUntil ? { polledUntil: known.polledUntil, polledIds: known.polledIds ?? [] } : {};
  await syncRoutes(sub, 'youtube', [{ accountId: channelId, ...(item.accountName ? { accountName: item.accountName } : {}), ...cursor }], item.sandbox, now);
}

/** Length of a Telegram routeKey. */
const ROUTE_KEY_BYTES = 15;

/** Routes and webhook of a Telegram connection (see the module header). */
export async function connectTelegramInbox(sub: string, bot: { id: string; name: string }, botToken: string, app: NetworkApp, sandbox: boolean, now: Date): Promise<void> {
  const routeKey = randomBytes(ROUTE_KEY_BYTES).toString('base64url');
  const secretToken = randomBytes(32).toString('base64url');
  await syncRoutes(sub, 'telegram', [{ accountId: routeKey, accountName: bot.name, botId: bot.id, secretHash: secretHashOf(secretToken) }], sandbox, now);
  try {
    await setTelegramWebhook(app, botToken, { url: `${siteUrl()}/webhooks/telegram/${routeKey}`, secretToken });
  } catch (error) {
    logger.warn('Setting the Telegram webhook failed; the bot’s messages will not arrive until it is reconnected', { error: failureOf(error) });
  }
}

/** Removes the inbox's routes (and Telegram's webhook) of a connection being disconnected (see the module header). */
export async function disconnectInbox(sub: string, network: SocialNetwork, item: SocialConnectionItem, app: NetworkApp | undefined): Promise<void> {
  if (network !== 'facebook' && network !== 'instagram' && network !== 'telegram' && network !== 'youtube') return;
  await syncRoutes(sub, network, [], item.sandbox, new Date());
  if (network !== 'telegram' || !app || !item.accessTokenSealed) return;
  try {
    await deleteTelegramWebhook(app, await openSecret(item.accessTokenSealed, tokenContext(sub, 'telegram', 'access')));
  } catch (error) {
    logger.warn('Deleting the Telegram webhook failed; disconnecting anyway', { error: failureOf(error) });
  }
}
