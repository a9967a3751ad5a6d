/**
 * Webhook deliveries of the networks' messages (issue 14 item 1; see ./types.ts).
 * `handleWebhook(request, now)` answers:
 * - an unknown `{network}` (or `youtube`, whose comments are polled: ./poll.ts) → 404; a method the route does not serve → 405;
 * - `GET /webhooks/facebook|instagram` (Meta's verification handshake): `hub.mode=subscribe` and
 *   `hub.verify_token` equal to the verify-token secret (env WEBHOOK_VERIFY_SECRET, read through
 *   platform/secrets) → 200 with `hub.challenge` as text/plain; anything else → 403;
 * - `POST /webhooks/facebook|instagram`: `X-Hub-Signature-256` checked over the raw body with the
 *   network app's clientSecret (./verify.ts) → 401 when it does not verify (nothing parsed, stored
 *   or logged but the network and the reason); a verified body that is not JSON → 400 (logged);
 *   otherwise every message (./parse.ts) is resolved to its brand (./routes.ts; an account no
 *   brand claims is dropped, logged at info), stored once (./store.ts) and, when newly stored,
 *   handed to the inbox worker; then 200 `EVENT_RECEIVED`. A verified JSON body of another shape
 *   is acknowledged with 200 and logged (Meta would redeliver a non-2xx answer for hours: a body
 *   that cannot be used never becomes usable);
 * - `POST /webhooks/telegram/{routeKey}`: the route item of `routeKey` and the SHA-256 of
 *   `X-Telegram-Bot-Api-Secret-Token` must match (else 401); not JSON → 400; then as above, 200 ''.
 * Storage failures propagate (the entry answers 500 and the network redelivers; the dedupe makes
 * that safe). Logs never carry a body, a header value or a secret.
 */
import { isInboxNetwork, WEBHOOK_VERIFY_SECRET_ENV, type InboxNetwork } from '@director-ia/shared';
import { logger } from '../../platform/logger';
import { getSecretString } from '../../platform/secrets/managed';
import { loadNetworkApps } from '../../platform/social';
import { parseMeta, parseTelegram } from './parse';
import { resolveRoute, type InboxRouteItem } from './routes';
import { askForAnswer, storeInbound } from './store';
import type { InboundMessage } from './types';
import { metaSignatureValid, sameText, telegramSecretValid } from './verify';

/** One HTTP request to a webhook route, as the handler hands it over. */
export interface WebhookRequest {
  method: string;
  /** `facebook`, `instagram` or `telegram` (the route's `{network}`). */
  network: string;
  /** Telegram: the route's `{routeKey}`. */
  routeKey?: string;
  query: URLSearchParams;
  /** Header names lower-cased. */
  headers: Record<string, string | undefined>;
  /** The exact raw body (the signature is over these bytes). */
  rawBody: Buffer;
}

/** The answer to the network. */
export interface WebhookResponse {
  status: number;
  body: string;
  contentType?: string;
}

const answer = (status: number, body = ''): WebhookResponse => ({ status, body, contentType: 'text/plain; charset=utf-8' });
const refused = (network: InboxNetwork, reason: string): WebhookResponse => {
  logger.warn('Webhook delivery refused', { network, reason });
  return answer(401, 'unauthorized');
};

/** Meta's `GET` handshake (see the module header). */
async function verifyHandshake(network: InboxNetwork, query: URLSearchParams): Promise<WebhookResponse> {
  const secretName = process.env[WEBHOOK_VERIFY_SECRET_ENV]?.trim();
  const given = query.get('hub.verify_token') ?? '';
  const challenge = query.get('hub.challenge') ?? '';
  if (query.get('hub.mode') !== 'subscribe' || !given || !challenge || !secretName) {
    logger.warn('Webhook verification refused', { network, reason: secretName ? 'request' : 'no verify token configured' });
    return answer(403, 'forbidden');
  }
  let expected: string;
  try {
    expected = (await getSecretString(secretName)).trim();
  } catch (error) {
    logger.error('Webhook verify token unreadable', { network, error: { name: (error as Error).name } });
    return answer(403, 'forbidden');
  }
  if (!expected || !sameText(given, expected)) {
    logger.warn('Webhook verification refused', { network, reason: 'verify token' });
    return answer(403, 'forbidden');
  }
  return answer(200, challenge);
}

/** The body as JSON, or undefined. */
function jsonOf(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores one message for the brand of `route` and asks for its answer; whether it was new (also the poller's, ./poll.ts). */
export async function receive(route: InboxRouteItem, message: InboundMessage, now: Date): Promise<boolean> {
  const stored = await storeInbound(route.uid, message, { ...(route.accountName ? { name: route.accountName } : {}), sandbox: route.sandbox }, now);
  if (stored.stored) await askForAnswer({ uid: route.uid, conversationId: stored.conversationId, messageId: stored.messageId });
  return stored.stored;
}

/** `POST /webhooks/facebook|instagram` (see the module header). */
async function metaDelivery(network: 'facebook' | 'instagram', request: WebhookRequest, now: Date): Promise<WebhookResponse> {
  const app = (await loadNetworkApps())[network];
  if (!app) return refused(network, 'no network app');
  if (!request.headers['x-hub-signature-256']) return refused(network, 'missing signature');
  if (!metaSignatureValid(request.rawBody, request.headers['x-hub-signature-256'], app.clientSecret)) return refused(network, 'bad signature');
  const body = jsonOf(request.rawBody);
  if (body === undefined) {
    logger.warn('Webhook body is not JSON', { network, bytes: request.rawBody.length });
    return answer(400, 'bad request');
  }
  const parsed = parseMeta(network, body);
  if (!parsed) {
    logger.warn('Webhook body of an unexpected shape acknowledged', { network });
    return answer(200, 'EVENT_RECEIVED');
  }
  const routes = new Map<string, Promise<InboxRouteItem | null>>();
  const routeOf = (accountId: string) => {
    let found = routes.get(accountId);
    if (!found) routes.set(accountId, (found = resolveRoute(network, accountId)));
    return found;
  };
  const outcomes = await Promise.all(
    parsed.messages.map(async (message) => {
      const route = await routeOf(message.accountId);
      if (!route) return 'unclaimed' as const;
      return (await receive(route, message, now)) ? ('stored' as const) : ('duplicate' as const);
    }),
  );
  const count = (outcome: string) => outcomes.filter((o) => o === outcome).length;
  if (count('unclaimed') > 0) logger.info('Webhook messages for an account no brand claims dropped', { network, dropped: count('unclaimed') });
  logger.info('Webhook delivery received', { network, stored: count('stored'), duplicates: count('duplicate'), skipped: parsed.skipped });
  return answer(200, 'EVENT_RECEIVED');
}

/** `POST /webhooks/telegram/{routeKey}` (see the module header). */
async function telegramDelivery(request: WebhookRequest, now: Date): Promise<WebhookResponse> {
  const routeKey = request.routeKey ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(routeKey)) return refused('telegram', 'bad route key');
  const route = await resolveRoute('telegram', routeKey);
  if (!route) return refused('telegram', 'unknown route key');
  if (!telegramSecretValid(request.headers['x-telegram-bot-api-secret-token'], route.secretHash)) return refused('telegram', 'bad secret token');
  const body = jsonOf(request.rawBody);
  if (body === undefined) {
    logger.warn('Webhook body is not JSON', { network: 'telegram', bytes: request.rawBody.length });
    return answer(400, 'bad request');
  }
  const message = route.botId ? parseTelegram(route.botId, body) : null;
  const stored = message ? await receive(route, message, now) : false;
  logger.info('Webhook delivery received', { network: 'telegram', stored: stored ? 1 : 0, skipped: message ? 0 : 1 });
  return answer(200);
}

/** Handles one webhook request (see the module header). */
export async function handleWebhook(request: WebhookRequest, now = new Date()): Promise<WebhookResponse> {
  const { network } = request;
  // YouTube sends no webhook for comments (they are polled: ./poll.ts): like an unknown network.
  if (!isInboxNetwork(network) || network === 'youtube') return answer(404, 'not found');
  const method = request.method.toUpperCase();
  if (network === 'telegram') return method === 'POST' ? telegramDelivery(request, now) : answer(405, 'method not allowed');
  if (method === 'GET') return verifyHandshake(network, request.query);
  if (method === 'POST') return metaDelivery(network, request, now);
  return answer(405, 'method not allowed');
}
