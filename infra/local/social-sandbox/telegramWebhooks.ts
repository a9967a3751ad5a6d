/**
 * Telegram bot updates by webhook (issue 14), as https://core.telegram.org/bots/api#getting-updates
 * documents them, per bot (the token's number):
 * - `setWebhook` (`url`, `secret_token?` 1–256 of A-Z a-z 0-9 _ -, `allowed_updates?`,
 *   `drop_pending_updates?`) → `{ok:true, result:true, description:"Webhook was set"}`; an empty
 *   url removes it ("Webhook was deleted"). The sandbox accepts http URLs (Telegram wants HTTPS on
 *   443, 80, 88 or 8443: a local twin has none).
 * - `deleteWebhook` (`drop_pending_updates?`) → `{ok:true, result:true, description:"Webhook was
 *   deleted"}` (or "Webhook is already deleted").
 * - `getWebhookInfo` → `{url, has_custom_certificate:false, pending_update_count, last_error_date?,
 *   last_error_message?, max_connections?, allowed_updates?}` (url '' when none).
 * Updates (`{update_id, message}`) go out through ./webhooks.ts with `X-Telegram-Bot-Api-Secret-Token`
 * when set, retried until 2xx; without a webhook they wait (pending_update_count) until one is set.
 * An update whose type `allowed_updates` leaves out is not made. Webhooks persist in the publishing
 * store (`telegram.webhooks`; the secret token too, as Telegram must send it back).
 */
import type { SandboxContext } from './context';
import { json, type SandboxResponse } from './http';
import type { Customer } from './inbox';
import type { Delivery } from './webhooks';

interface BotWebhook {
  url: string;
  secretToken: string | null;
  allowedUpdates: string[] | null;
  maxConnections: number;
  /** Unix seconds and text of the last failed delivery. */
  lastErrorDate?: number;
  lastErrorMessage?: string;
}

const webhooks = (ctx: SandboxContext) => ctx.publishing.table<BotWebhook>('telegram.webhooks');

/** The username the sandbox gives bot `id`. */
export const telegramBotName = (id: number): string => `pruebas_${id}_bot`;

/** Wires the delivery engine to the bots' webhooks (call once at start). */
export function wireTelegramWebhooks(ctx: SandboxContext): void {
  ctx.deliveries.telegramTarget = (botId) => {
    const hook = webhooks(ctx).get(String(botId));
    return hook?.url ? { url: hook.url, secretToken: hook.secretToken } : null;
  };
  ctx.deliveries.onTelegramAttempt = (botId, error) => {
    const hook = webhooks(ctx).get(String(botId));
    if (!hook || error === null) return;
    webhooks(ctx).set(String(botId), { ...hook, lastErrorDate: Math.floor(ctx.publishing.now() / 1000), lastErrorMessage: error });
  };
}

const ok = (result: unknown, description?: string) => json(200, { ok: true, result, ...(description ? { description } : {}) });
const bad = (description: string) => json(400, { ok: false, error_code: 400, description: `Bad Request: ${description}` });

const truthy = (value: string | undefined) => value === 'true' || value === '1';

/** The `allowed_updates` parameter: a JSON array (a string in forms). */
function allowedUpdates(body: Record<string, unknown> | null, params: Record<string, string>): string[] | null | 'invalid' {
  const value: unknown = Array.isArray(body?.allowed_updates) ? body.allowed_updates : params.allowed_updates;
  if (value === undefined) return null;
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return 'invalid';
    }
  }
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return 'invalid';
  return list.length === 0 ? null : (list as string[]);
}

interface BotCall {
  ctx: SandboxContext;
  req: { body: Record<string, unknown> | null };
  bot: { id: number };
  params: Record<string, string>;
}

const pendingCount = (ctx: SandboxContext, botId: number) => ctx.deliveries.list('telegram').filter((delivery) => delivery.botId === botId && delivery.state === 'pending').length;

/** The Bot API methods of this module (merged into ./telegram.ts TELEGRAM_METHODS). */
export const TELEGRAM_WEBHOOK_METHODS: Readonly<Record<string, (call: BotCall) => SandboxResponse>> = {
  setWebhook: ({ ctx, req, bot, params }) => {
    const url = params.url ?? '';
    const key = String(bot.id);
    if (truthy(params.drop_pending_updates)) ctx.deliveries.drop(bot.id);
    if (url === '') {
      webhooks(ctx).delete(key);
      return ok(true, 'Webhook was deleted');
    }
    if (!/^https?:\/\/[^\s/]+/i.test(url)) return bad('bad webhook: Failed to resolve host: Name or service not known');
    const secret = params.secret_token;
    if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) return bad('secret token contains unallowed characters');
    const allowed = allowedUpdates(req.body, params);
    if (allowed === 'invalid') return bad("can't parse allowed updates");
    const max = params.max_connections === undefined ? 40 : Number(params.max_connections);
    if (!Number.isInteger(max) || max < 1 || max > 100) return bad('bad max_connections');
    webhooks(ctx).set(key, { url, secretToken: secret ?? null, allowedUpdates: allowed, maxConnections: max });
    ctx.log(`social sandbox: telegram bot ${bot.id} webhook set at ${url}`);
    ctx.deliveries.resume((delivery) => delivery.botId === bot.id);
    return ok(true, 'Webhook was set');
  },
  deleteWebhook: ({ ctx, bot, params }) => {
    if (truthy(params.drop_pending_updates)) ctx.deliveries.drop(bot.id);
    const key = String(bot.id);
    if (!webhooks(ctx).get(key)) return ok(true, 'Webhook is already deleted');
    webhooks(ctx).delete(key);
    return ok(true, 'Webhook was deleted');
  },
  getWebhookInfo: ({ ctx, bot }) => {
    const hook = webhooks(ctx).get(String(bot.id));
    const info: Record<string, unknown> = { url: hook?.url ?? '', has_custom_certificate: false, pending_update_count: pendingCount(ctx, bot.id) };
    if (hook) {
      if (hook.lastErrorDate !== undefined) Object.assign(info, { last_error_date: hook.lastErrorDate, last_error_message: hook.lastErrorMessage });
      info.max_connections = hook.maxConnections;
      if (hook.allowedUpdates) info.allowed_updates = hook.allowedUpdates;
    }
    return ok(info);
  },
  getUpdates: ({ ctx, bot }) =>
    webhooks(ctx).get(String(bot.id))
      ? json(409, { ok: false, error_code: 409, description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first" })
      : ok([]),
};

/** The next number of `counter` for `key` (update ids per bot, message ids per chat). */
export function nextCount(ctx: SandboxContext, counter: string, key: string, start = 0): number {
  const table = ctx.publishing.table<number>(counter);
  const value = (table.get(key) ?? start) + 1;
  table.set(key, value);
  return value;
}

/**
 * A customer's private message to bot `botId`, written at `writtenAt` (epoch ms; default now): the
 * Update and its delivery (null when the bot's allowed_updates leave messages out). The chat id of
 * a private chat is the user's id.
 */
export async function deliverTelegramUpdate(ctx: SandboxContext, botId: number, customer: Customer, text: string, writtenAt = ctx.publishing.now()): Promise<{ messageId: number; delivery: Delivery | null }> {
  const chatId = Number(customer.id);
  const messageId = nextCount(ctx, 'telegram.messageIds', String(chatId));
  const allowed = webhooks(ctx).get(String(botId))?.allowedUpdates;
  if (allowed && !allowed.includes('message')) return { messageId, delivery: null };
  const updateId = nextCount(ctx, 'telegram.updateIds', String(botId), 700_000_000);
  // Telegram users have a first name and an optional last name (User, Chat: `last_name` only when set).
  const [firstName = customer.name, ...rest] = customer.name.split(' ');
  const lastName = rest.length > 0 ? { last_name: rest.join(' ') } : {};
  const update = {
    update_id: updateId,
    message: {
      message_id: messageId,
      from: { id: chatId, is_bot: false, first_name: firstName, ...lastName, username: customer.username, language_code: 'es' },
      chat: { id: chatId, type: 'private', first_name: firstName, ...lastName, username: customer.username },
      date: Math.floor(writtenAt / 1000),
      text,
    },
  };
  const delivery = await ctx.deliveries.send({ network: 'telegram', url: webhooks(ctx).get(String(botId))?.url ?? '', bodyId: String(updateId), body: JSON.stringify(update), headers: {}, botId });
  return { messageId, delivery };
}
