/**
 * Turning the networks' webhooks on for a connected account (issue 14), through ./call.ts:
 * - `subscribePage(app, pageId, pageToken, fields)`: Meta's `POST /{page-id}/subscribed_apps`
 *   (`subscribed_fields`, the page's own token, scope pages_manage_metadata) → resolves when
 *   Graph answers `{success: true}`. Without it Meta sends no webhook for the page
 *   (https://developers.facebook.com/docs/graph-api/reference/page/subscribed_apps). Instagram
 *   messaging via Facebook Login subscribes the LINKED page the same way (pageId `me` with that
 *   page's token: `/me` is the page its token speaks for), its own fields being the app's.
 * - `setTelegramWebhook(app, botToken, {url, secretToken})`: Bot API `setWebhook` with
 *   `allowed_updates=["message"]`; `deleteTelegramWebhook(app, botToken)`: `deleteWebhook`.
 * Failures are NetworkError (./call.ts kinds; a Telegram `{ok: false}` is `denied`, an answer
 * of another shape `unavailable`).
 */
import { callNetwork, configuredUrl, isRecord, sendCall, unexpected, type AdapterOptions } from './call';
import { NetworkError, type NetworkApp } from './types';

/** The page webhook fields a Facebook page subscribes to (DMs and the feed's comments). */
export const FACEBOOK_PAGE_FIELDS = ['messages', 'feed'] as const;
/** Instagram via Facebook Login: any page field enables the page; the Instagram fields are the app's. */
export const INSTAGRAM_PAGE_FIELDS = ['messages'] as const;

/** Subscribes the app to `pageId`'s webhooks (see the module header). */
export async function subscribePage(app: NetworkApp, pageId: string, pageToken: string, fields: readonly string[], options: AdapterOptions = {}): Promise<void> {
  const url = configuredUrl(app.network, app.urls.api, `/${encodeURIComponent(pageId)}/subscribed_apps`).toString();
  const body = await callNetwork({ network: app.network, url, method: 'POST', bearer: pageToken, form: { subscribed_fields: fields.join(',') }, retry: false }, options);
  if (!isRecord(body) || body.success !== true) throw unexpected(app.network, 'subscribed_apps');
}

/** One Bot API call answered `{ok: true}`. */
async function botMethod(app: NetworkApp, botToken: string, method: string, form: Record<string, string>, options: AdapterOptions): Promise<void> {
  const url = configuredUrl('telegram', app.urls.api, `/bot${botToken}/${method}`).toString();
  const { status, body } = await sendCall({ network: 'telegram', url, method: 'POST', form }, options);
  if (isRecord(body) && body.ok === true) return;
  if (status >= 400 && status < 500 && status !== 429) throw new NetworkError('telegram', 'denied', `${method} refused (HTTP ${status})`, { status });
  throw new NetworkError('telegram', 'unavailable', `${method}: HTTP ${status}`, { status });
}

/** Points the bot's updates at `url`, signed with `secretToken` (see the module header). */
export function setTelegramWebhook(app: NetworkApp, botToken: string, request: { url: string; secretToken: string }, options: AdapterOptions = {}): Promise<void> {
  return botMethod(app, botToken, 'setWebhook', { url: request.url, secret_token: request.secretToken, allowed_updates: JSON.stringify(['message']) }, options);
}

/** Removes the bot's webhook (see the module header). */
export function deleteTelegramWebhook(app: NetworkApp, botToken: string, options: AdapterOptions = {}): Promise<void> {
  return botMethod(app, botToken, 'deleteWebhook', {}, options);
}
