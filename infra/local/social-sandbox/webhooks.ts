/**
 * Webhook deliveries of the "Red de pruebas" (issue 14): Meta's webhooks for Messenger, Instagram
 * messaging and comments, and Telegram's bot updates, sent the way the networks document them.
 * - Meta (https://developers.facebook.com/docs/graph-api/webhooks/getting-started): one
 *   subscription per network app (callback URL + verify token, as set in the App Dashboard).
 *   Subscribing first VERIFIES the endpoint: `GET <url>?hub.mode=subscribe&hub.verify_token=<token>
 *   &hub.challenge=<random>` must answer 200 with the challenge as its body. Each delivery is
 *   `POST <url>` with `Content-Type: application/json` and `X-Hub-Signature-256: sha256=<hex
 *   HMAC-SHA256 of the exact raw body keyed with the app secret>` (the network app's clientSecret).
 *   "If a notification sent to your server fails, we will immediately try a few more times" and
 *   then with decreasing frequency: the sandbox makes `retryDelaysMs.length + 1` attempts.
 * - Telegram (https://core.telegram.org/bots/api#setwebhook): `POST <url>` with the Update as JSON
 *   and `X-Telegram-Bot-Api-Secret-Token` when a secret_token was set; "in case of an
 *   unsuccessful request, we will give up after a reasonable amount of attempts": the sandbox
 *   retries until a 2xx while the webhook is set, for at most 24 hours (Telegram keeps updates
 *   that long), the pause growing to the last of `retryDelaysMs`. Without a webhook the update
 *   waits (pending) and goes out when one is set (unless `drop_pending_updates`).
 * An attempt fails on a non-2xx answer, a connection error or no answer within `timeoutMs` (5 s,
 * as Meta and Telegram wait). Every attempt is recorded; deliveries (with their raw body and
 * headers, so a redelivery replays the same signature) persist in the publishing store
 * (`webhooks.deliveries`, newest DELIVERIES_CAP) and a restart resumes those still pending.
 * Test hooks (./index.ts): `GET /__sandbox/deliveries[?network=]`, `POST
 * /__sandbox/deliveries/<id>/redeliver`, `GET|POST /__sandbox/webhooks`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isSocialNetwork, type SocialNetwork } from '@director-ia/shared';
import type { SandboxContext } from './context';
import { json, type SandboxRequest, type SandboxResponse } from './http';
import { stringField } from './publish';

/** Networks whose app has a Meta webhook subscription. */
export const META_WEBHOOK_NETWORKS = ['facebook', 'instagram'] as const;
export type MetaWebhookNetwork = (typeof META_WEBHOOK_NETWORKS)[number];

/** A Meta app's webhook subscription (App Dashboard: callback URL and verify token). */
export interface WebhookSubscription {
  network: MetaWebhookNetwork;
  url: string;
  verifyToken: string;
  /** Epoch ms of the successful verification; null when passed at start (not verified). */
  verifiedAt: number | null;
}

export interface DeliveryAttempt {
  attempt: number;
  /** HTTP status answered; null when none (connection error or timeout). */
  status: number | null;
  error?: string;
  /** ISO 8601. */
  time: string;
}

/** One webhook delivery (one body, its attempts). */
export interface Delivery {
  id: string;
  network: SocialNetwork;
  /** Meta: the subscription's URL at creation. Telegram: the bot's webhook URL at the last attempt ('' while none). */
  url: string;
  /** What the body carries: the message `mid`, comment id or Telegram `update_id`. */
  bodyId: string;
  /** The exact raw body sent. */
  body: string;
  /** Headers sent besides Content-Type (Meta: the signature). Telegram's secret is read at each attempt. */
  headers: Record<string, string>;
  /** Telegram: the bot id whose webhook receives it. */
  botId?: number;
  state: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
  /** Epoch ms. */
  createdAt: number;
  /** The delivery this one replays (redeliver hook). */
  redeliveryOf?: string;
}

/** A delivery as the hook lists it (the headers stay inside: Telegram's carries the secret token). */
export type DeliveryView = Omit<Delivery, 'headers' | 'body'> & { body: unknown; attempt: number; status: number | null };

/** Newest deliveries kept. */
export const DELIVERIES_CAP = 500;
/** Telegram keeps an update this long, ms. */
const TELEGRAM_KEEP_MS = 24 * 60 * 60 * 1000;

export interface WebhookOptions {
  /** Pauses between attempts, ms (default DEFAULT_RETRY_DELAYS_MS). */
  retryDelaysMs?: readonly number[];
  /** How long an attempt waits for the answer, ms (default 5000). */
  timeoutMs?: number;
}

/** The sandbox's retry pauses: quick, so a twin shows a retry within seconds. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 3000, 10_000];

/** Where Telegram deliveries find the bot's current webhook (./telegramWebhooks.ts). */
export type TelegramTarget = (botId: number) => { url: string; secretToken: string | null } | null;

/** `sha256=<hex>` of `body` keyed with `secret`, as `X-Hub-Signature-256` carries it. */
export const metaSignature = (body: string, secret: string): string => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

const errorText = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  return cause ?? (error as Error).name ?? 'error';
};

/** Sends deliveries, retries them and keeps their record (see the module header). */
export class DeliveryEngine {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<string>();
  private readonly abort = new AbortController();
  private readonly retryDelays: readonly number[];
  private readonly timeoutMs: number;
  /** Set by ./telegramWebhooks.ts. */
  telegramTarget: TelegramTarget = () => null;

  constructor(
    private readonly ctx: SandboxContext,
    options: WebhookOptions = {},
  ) {
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  private table() {
    return this.ctx.publishing.table<Delivery>('webhooks.deliveries');
  }

  get(id: string): Delivery | undefined {
    return this.table().get(id);
  }

  list(network?: SocialNetwork): Delivery[] {
    return this.table()
      .values()
      .filter((delivery) => network === undefined || delivery.network === network)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  private save(delivery: Delivery): void {
    const table = this.table();
    table.set(delivery.id, delivery);
    const all = table.values();
    if (all.length > DELIVERIES_CAP) {
      const oldest = all.sort((a, b) => a.createdAt - b.createdAt).slice(0, all.length - DELIVERIES_CAP);
      for (const old of oldest) if (old.state !== 'pending') table.delete(old.id);
    }
  }

  /** Creates a delivery and makes its first attempt; resolves with the record after that attempt. */
  async send(fields: Pick<Delivery, 'network' | 'url' | 'bodyId' | 'body' | 'headers' | 'botId' | 'redeliveryOf'>): Promise<Delivery> {
    const delivery: Delivery = { ...fields, id: `d_${this.ctx.publishing.numericId('', 12)}`, state: 'pending', attempts: [], createdAt: this.ctx.publishing.now() };
    this.save(delivery);
    await this.attempt(delivery.id);
    return this.get(delivery.id) ?? delivery;
  }

  /** Attempts every pending delivery (after a restart, or when a Telegram webhook is set). */
  resume(filter: (delivery: Delivery) => boolean = () => true): void {
    for (const delivery of this.list()) if (delivery.state === 'pending' && filter(delivery)) void this.attempt(delivery.id);
  }

  /** Telegram: drops the pending updates of `botId` (drop_pending_updates); returns how many. */
  drop(botId: number): number {
    const dropped = this.list().filter((delivery) => delivery.botId === botId && delivery.state === 'pending');
    for (const delivery of dropped) this.save({ ...delivery, state: 'failed' });
    return dropped.length;
  }

  private schedule(id: string, ms: number): void {
    if (this.abort.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(id);
    }, ms);
    this.timers.add(timer);
  }

  private async attempt(id: string): Promise<void> {
    const found = this.get(id);
    if (!found || found.state !== 'pending' || this.inFlight.has(id) || this.abort.signal.aborted) return;
    let url = found.url;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...found.headers };
    if (found.botId !== undefined) {
      if (this.ctx.publishing.now() - found.createdAt > TELEGRAM_KEEP_MS) return this.save({ ...found, state: 'failed' });
      const target = this.telegramTarget(found.botId);
      // No webhook: the update waits until one is set.
      if (!target) return;
      url = target.url;
      if (target.secretToken) headers['x-telegram-bot-api-secret-token'] = target.secretToken;
    }
    this.inFlight.add(id);
    let status: number | null = null;
    let error: string | undefined;
    try {
      const response = await fetch(url, { method: 'POST', headers, body: found.body, signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.abort.signal]), redirect: 'manual' });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      error = (caught as Error).name === 'TimeoutError' ? 'timeout' : errorText(caught);
    } finally {
      this.inFlight.delete(id);
    }
    if (this.abort.signal.aborted) return;
    const current = this.get(id) ?? found;
    const attempts = [...current.attempts, { attempt: current.attempts.length + 1, status, ...(error ? { error } : {}), time: new Date(this.ctx.publishing.now()).toISOString() }];
    const ok = status !== null && status >= 200 && status < 300;
    const telegram = current.botId !== undefined;
    const exhausted = !telegram && attempts.length > this.retryDelays.length;
    const state = ok ? 'delivered' : exhausted ? 'failed' : 'pending';
    this.save({ ...current, url, attempts, state });
    if (telegram) this.onTelegramAttempt?.(current.botId ?? 0, ok ? null : (error ?? `Wrong response from the webhook: ${status} ${statusText(status)}`));
    if (state === 'pending') this.schedule(id, this.retryDelays[Math.min(attempts.length - 1, this.retryDelays.length - 1)] ?? 1000);
  }

  /** Telegram: told after each attempt (null = delivered; else the error, for getWebhookInfo). */
  onTelegramAttempt?: (botId: number, error: string | null) => void;

  stop(): void {
    this.abort.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

const statusText = (status: number | null): string => (status === null ? '' : (STATUS_TEXT[status] ?? ''));
const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable' };

/** A delivery as the deliveries hook lists it. */
export function deliveryView(delivery: Delivery): DeliveryView {
  const { headers: _headers, body, ...rest } = delivery;
  const last = delivery.attempts.at(-1);
  let parsed: unknown = body;
  try {
    parsed = JSON.parse(body);
  } catch {
    // Not JSON: the text.
  }
  return { ...rest, body: parsed, attempt: delivery.attempts.length, status: last?.status ?? null };
}

// ---------------------------------------------------------------------------------------------
// Meta subscriptions

const subscriptions = (ctx: SandboxContext) => ctx.publishing.table<WebhookSubscription>('webhooks.subscriptions');

export const isMetaWebhookNetwork = (value: unknown): value is MetaWebhookNetwork => value === 'facebook' || value === 'instagram';

/** The subscription of a Meta network app, if any. */
export const subscriptionOf = (ctx: SandboxContext, network: MetaWebhookNetwork): WebhookSubscription | undefined => subscriptions(ctx).get(network);

/** Stores a subscription without verifying it (the factory's `webhooks` option). */
export function subscribeUnverified(ctx: SandboxContext, subscription: Omit<WebhookSubscription, 'verifiedAt'>): void {
  subscriptions(ctx).set(subscription.network, { ...subscription, verifiedAt: null });
}

/** Meta's verification request to `url`; null when it passed, else why not. */
async function verifyEndpoint(url: string, verifyToken: string, timeoutMs: number): Promise<string | null> {
  const challenge = randomBytes(8).readBigUInt64BE().toString().slice(0, 10);
  const target = new URL(url);
  target.searchParams.set('hub.mode', 'subscribe');
  target.searchParams.set('hub.verify_token', verifyToken);
  target.searchParams.set('hub.challenge', challenge);
  try {
    const response = await fetch(target, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    const text = await response.text();
    if (response.status !== 200) return `The URL couldn't be validated. Response status: ${response.status}`;
    if (text !== challenge) return "The URL couldn't be validated. Callback verification failed: the response did not match the challenge";
    return null;
  } catch (error) {
    return `The URL couldn't be validated. ${(error as Error).name === 'TimeoutError' ? 'Timeout' : errorText(error)}`;
  }
}

/** `GET|POST /__sandbox/webhooks` (see ./index.ts). The verify token is never listed. */
export async function serveWebhooksHook(ctx: SandboxContext, req: SandboxRequest): Promise<SandboxResponse> {
  if (req.method === 'GET') {
    const list = subscriptions(ctx)
      .values()
      .map(({ network, url, verifiedAt }) => ({ network, url, verified: verifiedAt !== null, verifiedAt: verifiedAt === null ? null : new Date(verifiedAt).toISOString() }));
    return json(200, { webhooks: list });
  }
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' });
  const network = req.body?.network;
  const url = stringField(req.body, 'url');
  const verifyToken = stringField(req.body, 'verifyToken');
  if (!isMetaWebhookNetwork(network)) return json(400, { error: 'network must be facebook or instagram' });
  if (!url || !/^https?:\/\//i.test(url)) return json(400, { error: 'url must be an http(s) URL' });
  if (!verifyToken) return json(400, { error: 'verifyToken is required' });
  const failed = await verifyEndpoint(url, verifyToken, 5000);
  if (failed) return json(400, { error: failed });
  subscriptions(ctx).set(network, { network, url, verifyToken, verifiedAt: ctx.publishing.now() });
  ctx.log(`social sandbox: ${network} webhook subscribed at ${url}`);
  return json(200, { network, url, verified: true });
}

/**
 * Sends a Meta webhook body to the network's subscription, signed with the app secret (or, for
 * tests, a wrong one); null when the app has no subscription.
 */
export async function deliverMeta(ctx: SandboxContext, network: MetaWebhookNetwork, payload: unknown, bodyId: string, badSignature = false): Promise<Delivery | null> {
  const subscription = subscriptionOf(ctx, network);
  if (!subscription) return null;
  const body = JSON.stringify(payload);
  const secret = badSignature ? `wrong-${randomBytes(8).toString('hex')}` : ctx.store.client(network).clientSecret;
  return ctx.deliveries.send({ network, url: subscription.url, bodyId, body, headers: { 'x-hub-signature-256': metaSignature(body, secret) } });
}

/** `GET /__sandbox/deliveries[?network=]`, `POST /__sandbox/deliveries/<id>/redeliver`. */
export async function serveDeliveriesHook(ctx: SandboxContext, req: SandboxRequest, rest: string): Promise<SandboxResponse> {
  if (rest === '' && req.method === 'GET') {
    const network = req.query.get('network');
    if (network !== null && !isSocialNetwork(network)) return json(400, { error: `unknown network ${network}` });
    return json(200, { deliveries: ctx.deliveries.list(network ?? undefined).map(deliveryView) });
  }
  const id = /^\/([A-Za-z0-9_]+)\/redeliver$/.exec(rest)?.[1];
  if (id !== undefined && req.method === 'POST') {
    const original = ctx.deliveries.get(id);
    if (!original) return json(404, { error: 'unknown delivery' });
    const { network, url, bodyId, body, headers, botId } = original;
    const replay = await ctx.deliveries.send({ network, url, bodyId, body, headers, ...(botId === undefined ? {} : { botId }), redeliveryOf: original.id });
    return json(200, { delivery: deliveryView(replay) });
  }
  return json(404, { error: 'not_found' });
}
