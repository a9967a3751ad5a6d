/**
 * Connecting Telegram (issue 12 item 2: no OAuth): a bot token and a channel, checked with
 * getMe, getChat and getChatMember by the adapter (the bot must be an administrator allowed to
 * post). Stored like any connection: the bot token sealed as the access token (it does not
 * expire), account = the bot, one target = the channel.
 *
 * `connectTelegram(sub, {botToken, channel}, now)` → `{connection, found}`. Refusals are
 * InvalidInputError with the SOCIAL_MSG.telegram* message of the reason; Telegram unreachable is
 * UnavailableError(connectError('telegram', networkUnreachable)).
 * Issue 14: the bot's private messages are routed to the brand's inbox (./inbox.ts: a route item
 * and setWebhook, best effort).
 */
import { SOCIAL_MSG, type SocialConnection } from '@director-ia/shared';
import { InvalidInputError } from '../../platform/errors';
import { checkTelegramBot, TelegramRefusal, type TelegramRefusalReason } from '../../platform/social';
import { connectTelegramInbox } from './inbox';
import { connectFailure, requireApp } from './oauth';
import { saveConnection } from './store';
import { connectionView } from './view';

/** The Spanish refusal of each reason. */
export const TELEGRAM_REFUSALS: Record<TelegramRefusalReason, string> = {
  token: SOCIAL_MSG.telegramBotRefused,
  chatNotFound: SOCIAL_MSG.telegramChatNotFound,
  notChannel: SOCIAL_MSG.telegramNotChannel,
  notAdmin: SOCIAL_MSG.telegramNotAdmin,
};

/** Connects `sub`'s Telegram bot and channel (see the module header). */
export async function connectTelegram(sub: string, request: { botToken: string; channel: string }, now = new Date()): Promise<{ connection: SocialConnection; found: number }> {
  const app = await requireApp('telegram');
  const checked = await checkTelegramBot(app, request.botToken, request.channel).catch((error: unknown) => {
    if (error instanceof TelegramRefusal) throw new InvalidInputError(TELEGRAM_REFUSALS[error.reason]);
    throw connectFailure('telegram', 'read', error);
  });
  const item = await saveConnection(sub, 'telegram', { account: checked.bot, targets: [checked.channel], tokens: { accessToken: request.botToken }, sandbox: app.sandbox }, now);
  await connectTelegramInbox(sub, checked.bot, request.botToken, app, app.sandbox, now);
  return { connection: connectionView('telegram', item, app, now), found: item.targets.length };
}
