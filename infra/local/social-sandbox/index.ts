/**
 * The twin's "Red de pruebas" (issues 12 and 13): a local, honest sandbox of the eight social
 * networks on one node:http server, so a newcomer can connect every network and publish to it
 * offline. The adapters reach it only through configuration: the twin writes `sandbox.apps()`
 * (= `sandboxNetworkApps`) into the local network apps secret, and nothing in lambdas/ knows it is
 * not the real network.
 *
 * URLs, for each OAuth network N (facebook, instagram, x, linkedin, youtube, tiktok, pinterest):
 * - `GET  /N/oauth/authorize`  the consent page "Red de pruebas · <Network>" (Autorizar / Cancelar;
 *                              form POST to `/N/oauth/decision`), ./oauth.ts
 * - `/N/oauth/token`           code exchange, refresh, Meta's fb_exchange_token, ./oauth.ts
 * - `/N/oauth/revoke`          where the network has one (not Pinterest); Meta: DELETE with Bearer
 * - `/N/api/...`               the API base: the real API paths the adapters call (account reads,
 *                              publishing, recent posts, page webhook subscriptions), ./api.ts and
 *                              the per-network modules
 * - `/N/upload/...`            upload bases: YouTube's resumable uploads (the app's `urls.upload`),
 *                              LinkedIn's and TikTok's upload URLs (./youtube.ts, ./linkedin.ts, ./tiktok.ts)
 * - `GET  /N/feed`             "Red de pruebas · <Network> — Publicaciones": what was published, in
 *                              the order received (newest last), with its media (./pages.ts)
 * - `GET|POST /N/inbox`        issue 14, for facebook, instagram, telegram, youtube: "Red de pruebas ·
 *                              <Network> — Mensajes": write as a customer (a DM, or a comment on a
 *                              feed post), delivered to the product's webhook (YouTube: a comment on
 *                              a video, kept for the product's polling); every thread with the brand's
 *                              replies (./inbox.ts, ./pages.ts; the POST answers 303 back to the page)
 * - `GET /youtube/api/commentThreads`, `POST /youtube/api/comments`: YouTube's comment threads and
 *   replies (./youtube.ts)
 * - `POST /facebook|instagram/api/{id}/messages`, `/facebook/api/{comment}/comments`,
 *   `/instagram/api/{comment}/replies`: the Send API (24-hour window) and comment replies (./messaging.ts)
 * - `GET /facebook/api/{PSID}`, `GET /instagram/api/{IGSID}`: the customer's profile (Messenger and
 *   Instagram User Profile APIs, with the page token of the page the person wrote to; ./profiles.ts)
 * and `/telegram/api/bot<token>/<method>` (./telegram.ts; `GET /telegram/feed` too; setWebhook,
 * deleteWebhook, getWebhookInfo in ./telegramWebhooks.ts; sendMessage to a customer's chat),
 * `/media/<id>` (the stored media files, ./media.ts), `/avatars/<network>.svg` (every picture
 * URL of the sandbox accounts), `/` (what this is, with a link to each feed). The networks' shapes,
 * lifetimes and errors are in ./networks.ts and the publishing modules; the accounts in ./accounts.ts.
 * Request bodies are capped at 1 MB, and at 100 MB on upload routes (spooled to disk).
 *
 * Test hooks (JSON; not part of any network):
 * - `GET  /__sandbox/requests[?network=N]` → `{requests: SandboxRequestRecord[]}`, oldest first.
 * - `GET  /__sandbox/posts[?network=N]` → `{posts: FeedPost[]}` (./feed.ts), in the order received,
 *   each media item with its `url` on the sandbox.
 * - `POST /__sandbox/revoke` `{network}` → `{network, revoked}`: revokes every consent of the
 *   network (the owner removed the app at the network); its tokens stop working at once.
 * - `POST /__sandbox/lifetime` `{network, seconds}` → `{network, seconds}`: access tokens issued
 *   from now on live `seconds` (0 = already expired; null = the network's own lifetime again).
 *   Memory only: a restart restores the real lifetimes.
 * - `POST /__sandbox/faults` `{network, operation, kind, times?, retryAfterSeconds?, seconds?}` →
 *   `{faults}`: the next `times` (default 1) calls of that publishing step fail: `kind` `429` (the
 *   network's throttled answer with its Retry-After / reset headers for `retryAfterSeconds`,
 *   default 30, and NO effect; Meta answers 403 with code 32 or 4, as it does), `500` (no
 *   effect), `lost` (the effect happens, e.g. the post enters the feed, then the connection is
 *   destroyed without an answer) or `slow` (the effect happens, the answer comes after `seconds`,
 *   default 3). Operations per network are listed in ./faults.ts (`create` = the network's
 *   visible create call; `upload`, `container`, `status`, `session`, `recent`, …).
 *   `GET /__sandbox/faults` → `{faults}` waiting; `DELETE /__sandbox/faults` → `{cleared}`.
 *   Memory only.
 * Issue 14, the inbox (webhooks to the product; ./webhooks.ts, ./inbox.ts):
 * - `POST /__sandbox/webhooks` `{network: 'facebook'|'instagram', url, verifyToken}` subscribes the
 *   network app's webhook after Meta's verification request (`GET <url>?hub.mode=subscribe&
 *   hub.verify_token=…&hub.challenge=…` must answer 200 with the challenge; else 400 `{error}` with
 *   the reason) → `{network, url, verified: true}`. `GET /__sandbox/webhooks` → `{webhooks: [{network,
 *   url, verified, verifiedAt}]}` (never the verify token). The factory's `webhooks` option sets
 *   them at start, unverified.
 * - `POST /__sandbox/dm` `{network: 'facebook'|'instagram'|'telegram', targetId, customer: {id?,
 *   name}, text, kind?: 'message'|'comment', postId?, badSignature?, hoursAgo?}` → `{delivery:
 *   DeliveryView | null, reason?, thread}` after the first delivery attempt (null: Meta, no app
 *   webhook or the page has not subscribed the app, `reason` says which; Telegram, the update
 *   waits for setWebhook). `badSignature` signs with a wrong app secret. `hoursAgo` (0–720) dates
 *   the customer's message that many hours back, as a delivery an outage delayed: the body's
 *   timestamps (Meta `entry.time` and `messaging.timestamp` in ms, Facebook comments'
 *   `created_time` in s, Telegram `date` in s) and the thread's message time and `lastCustomerAt`
 *   (never moved back past a newer customer message), so the Send API refuses a RESPONSE once 24 h
 *   have passed (error 10 / 2018278).
 *   `network: 'youtube'` (kind 'comment', `targetId` defaults to the sandbox channel, `postId` a
 *   feed video or the newest): the comment thread is kept for the product's polling, `delivery:
 *   null` and the reason (YouTube has no comment webhooks).
 * - Meta's Page Subscribed Apps edge (`POST|GET|DELETE /facebook|instagram/api/{page-id|me}/
 *   subscribed_apps`, page token, pages_manage_metadata; ./pageSubscriptions.ts): page webhooks
 *   are delivered only for pages that subscribed the app, as Meta does.
 * - `GET /__sandbox/deliveries[?network=]` → `{deliveries: DeliveryView[]}` oldest first: id,
 *   network, url, bodyId, body (parsed), state (pending, delivered, failed), attempt, status,
 *   attempts [{attempt, status, error?, time}], redeliveryOf?. `POST /__sandbox/deliveries/<id>/
 *   redeliver` → `{delivery}`: the same raw body and signature again (a replay).
 * - `GET /__sandbox/threads[?network=]` → `{threads: Thread[]}` (customer messages and brand
 *   replies); `POST /__sandbox/threads/age` `{network, threadId, hours}` → `{thread}` moves the
 *   customer's last message `hours` back (the 24-hour window).
 * Issue 15, Meta's Marketing API under `/facebook/api` (./ads.ts: `/me/adaccounts`, `/me/permissions`,
 * `/search` (targeting: regions, cities, interests), `/act_<id>/campaigns|adsets|adcreatives|ads`,
 * `/<campaign-id>` and its `/insights`; `ads_management`, reads also `ads_read`):
 * - `GET /__sandbox/ads` → `{adAccount, campaigns: [{id, name, objective, status (as sent: PAUSED or
 *   ACTIVE), specialAdCategories, insights?, adsets: [{…, dailyBudget|lifetimeBudget (cents),
 *   targeting, ads: [{…, status, creative}]}]}]}`, oldest first.
 * - `POST /__sandbox/ads/insights` `{campaignId, spend (EUR), impressions, clicks}` → `{campaign}`:
 *   what the campaign's insights answer from now on (until then `{data: []}`, nothing delivered).
 * - `POST /__sandbox/ads/fail` `{edge: campaigns|adsets|adcreatives|ads, times?}` → `{edge, times}`:
 *   the next creates of that edge answer Meta's transient error (HTTP 500, code 2), creating nothing.
 * - `GET /facebook/ads`: "Red de pruebas · Facebook — Anuncios", every campaign with its ad sets and ads.
 *
 * Every request under `/N/` (but the feed pages) is recorded (network, method, path without the
 * `/N` prefix, query and form/JSON fields with token, secret, code and state values masked as
 * '***', signed URLs without their query, long values clipped, status, fault, time), newest 1000
 * kept. State (clients, codes, tokens, records, the feed and publishing objects, media files,
 * webhook subscriptions, deliveries and threads)
 * persists under `stateDir` (./store.ts, ./feed.ts, ./media.ts), so a twin restart keeps issued
 * tokens valid and the feed whole.
 */
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isOAuthNetwork, isSocialNetwork, OAUTH_NETWORKS, SOCIAL_NETWORKS, type OAuthNetwork, type SocialNetwork } from '@director-ia/shared';
import { avatarSvg } from './accounts';
import { listAds, serveAdsHook } from './ads';
import { serveApi, serveUpload } from './api';
import { mediaUrl, type SandboxContext } from './context';
import { FaultStore, parseFault } from './faults';
import { PublishingStore, type FeedPost } from './feed';
import { BodyTooLarge, discardSpool, fileResponse, html, json, MAX_BODY_BYTES, MAX_UPLOAD_BYTES, readRequest, send, svg, type SandboxRequest, type SandboxResponse } from './http';
import { RateCounters } from './limits';
import { MediaStore } from './media';
import { NETWORK_SPECS } from './networks';
import { authorize, decide, revoke, token } from './oauth';
import { adsPage, feedPage, inboxPage, indexPage } from './pages';
import { recordFields, SandboxStore, type SandboxClient, type SandboxRequestRecord } from './store';
import { maskBotToken, serveTelegram } from './telegram';
import { wireTelegramWebhooks } from './telegramWebhooks';
import { settleTikTok } from './tiktok';
import { customerWrites, isInboxNetwork, listThreads, parseWrite, serveInboxHook, type Thread } from './inbox';
import { DeliveryEngine, deliveryView, isMetaWebhookNetwork, serveDeliveriesHook, serveWebhooksHook, subscribeUnverified, subscriptionOf, type DeliveryView, type MetaWebhookNetwork } from './webhooks';

export type { SandboxClient, SandboxRequestRecord } from './store';
export type { FeedMedia, FeedPost } from './feed';
export type { Thread, ThreadMessage } from './inbox';
export type { DeliveryView } from './webhooks';

export interface SocialSandboxOptions {
  /** 0 = pick a free one. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where the sandbox keeps its state (created when missing). */
  stateDir: string;
  log?: (line: string) => void;
  /** Epoch ms now (tests move time forward to expire codes); default Date.now. */
  clock?: () => number;
  /**
   * Meta webhook subscriptions set at start (issue 14), without the verification request (the
   * twin's route may not be up yet); they replace the stored ones of those networks.
   */
  webhooks?: { network: MetaWebhookNetwork; url: string; verifyToken: string }[];
  /** Pauses between webhook delivery attempts, ms (default 1 s, 3 s, 10 s: four attempts for Meta). */
  webhookRetryDelaysMs?: readonly number[];
  /** How long a webhook delivery waits for the answer, ms (default 5000). */
  webhookTimeoutMs?: number;
}

/** One OAuth network's entry of the network apps secret (issue 12 brief, "Network app credentials"). */
export interface SandboxNetworkApp {
  clientId: string;
  clientSecret: string;
  sandbox: true;
  /** `revoke` is absent where the network has none (Pinterest); `upload` only for YouTube (issue 13). */
  urls: { authorize: string; token: string; revoke?: string; api: string; upload?: string };
}

/** The network apps secret's JSON pointing every network at the sandbox. */
export type SandboxNetworkApps = Record<OAuthNetwork, SandboxNetworkApp> & { telegram: { sandbox: true; urls: { api: string } } };

/** A published item as the posts hook lists it: its media with their URL on the sandbox. */
export type SandboxPost = Omit<FeedPost, 'media'> & { media: (FeedPost['media'][number] & { url: string })[] };

export interface SocialSandbox {
  /** The sandbox's origin, e.g. `http://127.0.0.1:5179`. */
  url: string;
  /** The network apps secret's JSON for this sandbox (`sandboxNetworkApps(url, clients)`). */
  apps(): SandboxNetworkApps;
  /** The recorded requests, oldest first, of one network or all. */
  requests(network?: SocialNetwork): SandboxRequestRecord[];
  /** What was published, in the order received, of one network or all. */
  posts(network?: SocialNetwork): SandboxPost[];
  /** Webhook deliveries (issue 14), oldest first, of one network or all. */
  deliveries(network?: SocialNetwork): DeliveryView[];
  /** Inbox threads (issue 14), oldest first, of one network or all. */
  threads(network?: SocialNetwork): Thread[];
  stop(): Promise<void>;
}

/** Networks whose sandbox has an upload base `/N/upload` named in the apps secret (`urls.upload`). */
const UPLOAD_URL_NETWORKS: readonly OAuthNetwork[] = ['youtube'];

/**
 * The network apps secret for a sandbox at `origin` whose OAuth clients are `clients` (ids are
 * `sandbox-<network>`; secrets are made once per state directory: `sandbox.apps()` has them).
 */
export function sandboxNetworkApps(origin: string, clients: Record<OAuthNetwork, SandboxClient>): SandboxNetworkApps {
  const base = origin.replace(/\/+$/, '');
  const entries = OAUTH_NETWORKS.map((network): [OAuthNetwork, SandboxNetworkApp] => {
    const { clientId, clientSecret } = clients[network];
    const urls: SandboxNetworkApp['urls'] = { authorize: `${base}/${network}/oauth/authorize`, token: `${base}/${network}/oauth/token`, api: `${base}/${network}/api` };
    if (NETWORK_SPECS[network].revoke) urls.revoke = `${base}/${network}/oauth/revoke`;
    if (UPLOAD_URL_NETWORKS.includes(network)) urls.upload = `${base}/${network}/upload`;
    return [network, { clientId, clientSecret, sandbox: true, urls }];
  });
  return { ...(Object.fromEntries(entries) as Record<OAuthNetwork, SandboxNetworkApp>), telegram: { sandbox: true, urls: { api: `${base}/telegram/api` } } };
}

const notFound = () => json(404, { error: 'not_found' });

/** Paths whose bodies may be up to MAX_UPLOAD_BYTES (media uploads and URL-less media). */
const UPLOAD_PATHS: readonly RegExp[] = [
  /^\/x\/api\/media\/upload(\/|$)/,
  /^\/(linkedin|youtube|tiktok)\/upload\//,
  /^\/telegram\/api\/bot[^/]+\/send(Photo|Video|MediaGroup)$/,
  /^\/(facebook|instagram)\/api\/[^/]+\/(photos|videos)$/,
  /^\/pinterest\/api\/pins$/,
];

/** The feed as the posts hook and `sandbox.posts()` list it (TikTok publishes whose processing ended enter it first). */
function listPosts(ctx: SandboxContext, network?: SocialNetwork): SandboxPost[] {
  settleTikTok(ctx);
  return ctx.publishing.posts(network).map((post) => ({ ...post, media: post.media.map((item) => ({ ...item, url: mediaUrl(ctx, item.id) })) }));
}

/** `/__sandbox/...` (see the module header). */
async function serveHook(ctx: SandboxContext, req: SandboxRequest, hook: string): Promise<SandboxResponse> {
  if (hook === 'webhooks') return serveWebhooksHook(ctx, req);
  const adsHook = serveAdsHook(ctx, req, hook);
  if (adsHook) return adsHook;
  if (hook === 'deliveries' || hook.startsWith('deliveries/')) return serveDeliveriesHook(ctx, req, hook.slice('deliveries'.length));
  const inbox = await serveInboxHook(ctx, req, hook);
  if (inbox) return inbox;
  if ((hook === 'requests' || hook === 'posts') && req.method === 'GET') {
    const network = req.query.get('network');
    if (network !== null && !isSocialNetwork(network)) return json(400, { error: `unknown network ${network}` });
    return hook === 'requests' ? json(200, { requests: ctx.store.requests(network ?? undefined) }) : json(200, { posts: listPosts(ctx, network ?? undefined) });
  }
  if (hook === 'faults') {
    if (req.method === 'GET') return json(200, { faults: ctx.faults.list() });
    if (req.method === 'DELETE') return json(200, { cleared: ctx.faults.clear() });
    if (req.method === 'POST') {
      const fault = parseFault(req.body);
      if (typeof fault === 'string') return json(400, { error: fault });
      ctx.faults.add(fault);
      return json(200, { faults: ctx.faults.list() });
    }
  }
  if ((hook === 'revoke' || hook === 'lifetime') && req.method === 'POST') {
    const network = typeof req.body?.network === 'string' ? req.body.network : '';
    if (!isOAuthNetwork(network)) return json(400, { error: 'network must be one of the OAuth networks' });
    if (hook === 'revoke') {
      const revoked = ctx.store.revokeNetwork(network);
      ctx.log(`social sandbox: every ${network} consent revoked (${revoked})`);
      return json(200, { network, revoked });
    }
    const seconds = req.body?.seconds;
    if (seconds === null) ctx.lifetimes.delete(network);
    else if (typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= 0) ctx.lifetimes.set(network, seconds);
    else return json(400, { error: 'seconds must be a whole number of seconds >= 0, or null' });
    return json(200, { network, seconds: ctx.lifetimes.get(network) ?? null });
  }
  return notFound();
}

/** Serves `/<network><rest>`. */
async function serveNetwork(ctx: SandboxContext, network: SocialNetwork, req: SandboxRequest, rest: string): Promise<SandboxResponse> {
  if (network === 'telegram') return rest.startsWith('/api/') ? serveTelegram(ctx, req, rest.slice('/api'.length)) : notFound();
  if (rest === '/api' || rest.startsWith('/api/')) return serveApi(ctx, network, req, rest.slice('/api'.length) || '/');
  if (rest === '/upload' || rest.startsWith('/upload/')) return serveUpload(ctx, network, req, rest.slice('/upload'.length) || '/');
  const spec = NETWORK_SPECS[network];
  if (rest === '/oauth/authorize' && req.method === 'GET') return authorize(ctx, network, req);
  if (rest === '/oauth/decision' && req.method === 'POST') return decide(ctx, network, req);
  if (rest === '/oauth/token') return token(ctx, network, req);
  if (rest === '/oauth/revoke') return revoke(ctx, network, req) ?? spec.apiError('not_found', rest);
  return spec.apiError('not_found', rest);
}

/** The sandbox's own pages and files (not recorded): `/`, the feeds, media, avatars. */
function servePage(ctx: SandboxContext, req: SandboxRequest): SandboxResponse | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const { path: urlPath } = req;
  if (urlPath === '/') {
    const posts = listPosts(ctx);
    const counts = Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, posts.filter((post) => post.network === network).length]));
    return html(200, indexPage(SOCIAL_NETWORKS, counts));
  }
  const feed = /^\/([a-z]+)\/feed\/?$/.exec(urlPath)?.[1];
  if (feed !== undefined && isSocialNetwork(feed)) return html(200, feedPage(feed, listPosts(ctx, feed)));
  if (/^\/facebook\/ads\/?$/.test(urlPath)) return html(200, adsPage(listAds(ctx)));
  const media = /^\/media\/(m_[A-Za-z0-9_-]+)$/.exec(urlPath)?.[1];
  if (media !== undefined) {
    const record = ctx.media.get(media);
    return record ? fileResponse({ path: ctx.media.filePath(record.id), size: record.size }, record.contentType) : notFound();
  }
  const avatar = /^\/avatars\/([a-z]+)\.svg$/.exec(urlPath)?.[1];
  if (avatar !== undefined) return isSocialNetwork(avatar) ? svg(avatarSvg(avatar)) : notFound();
  return null;
}

/** Notices of the inbox page after a send (`?estado=`). */
const INBOX_STATES = new Set(['entregado', 'reintentando', 'sin-webhook', 'sin-suscripcion', 'sin-actualizaciones', 'sondeo', 'error']);

/** `GET|POST /N/inbox` (./pages.ts `inboxPage`); null for other paths. */
async function serveInbox(ctx: SandboxContext, req: SandboxRequest): Promise<SandboxResponse | null> {
  const network = /^\/([a-z]+)\/inbox\/?$/.exec(req.path)?.[1];
  if (network === undefined || !isInboxNetwork(network)) return null;
  const view = () => ({ network, threads: listThreads(ctx, network), posts: network === 'telegram' ? [] : ctx.publishing.posts(network), bots: telegramBots(ctx) });
  if (req.method === 'GET' || req.method === 'HEAD') {
    const state = req.query.get('estado');
    return html(200, inboxPage({ ...view(), notice: state !== null && INBOX_STATES.has(state) ? state : null }));
  }
  if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' });
  const form = req.body ?? {};
  const post = typeof form.postId === 'string' ? form.postId : '';
  const write = parseWrite({ targetId: form.targetId, customer: { name: form.customerName }, text: form.text, kind: post || network === 'youtube' ? 'comment' : 'message', ...(post ? { postId: post } : {}) }, network);
  const result = typeof write === 'string' ? write : await customerWrites(ctx, write);
  if (typeof result === 'string') return html(400, inboxPage({ ...view(), notice: null, error: result }));
  const { delivery, thread } = result;
  // A Telegram update made while the bot has no webhook has no attempt yet: it waits.
  const unsubscribedPage = (network === 'facebook' || network === 'instagram') && subscriptionOf(ctx, network) !== undefined;
  // YouTube has no webhook: the product polls for the comment.
  const state = network === 'youtube' ? 'sondeo' : !delivery ? (unsubscribedPage ? 'sin-suscripcion' : 'sin-webhook') : delivery.attempts.length === 0 ? 'sin-actualizaciones' : delivery.state === 'delivered' ? 'entregado' : delivery.state === 'pending' ? 'reintentando' : 'error';
  return { status: 303, headers: { location: `/${network}/inbox?estado=${state}#hilo-${encodeURIComponent(thread.id)}`, 'cache-control': 'no-store' }, body: '' };
}

/** Bots the inbox page offers: those with a webhook or a conversation. */
function telegramBots(ctx: SandboxContext): string[] {
  const ids = new Set([...ctx.publishing.table('telegram.webhooks').ids(), ...listThreads(ctx, 'telegram').map((thread) => thread.targetId)]);
  return [...ids].sort();
}

async function route(ctx: SandboxContext, req: SandboxRequest): Promise<{ network: SocialNetwork | null; response: SandboxResponse }> {
  const page = servePage(ctx, req);
  if (page) return { network: null, response: page };
  const inbox = await serveInbox(ctx, req);
  if (inbox) return { network: null, response: inbox };
  const { path: urlPath } = req;
  if (urlPath.startsWith('/__sandbox/')) return { network: null, response: await serveHook(ctx, req, urlPath.slice('/__sandbox/'.length)) };
  const slash = urlPath.indexOf('/', 1);
  const first = slash < 0 ? urlPath.slice(1) : urlPath.slice(1, slash);
  if (!isSocialNetwork(first)) return { network: null, response: notFound() };
  return { network: first, response: await serveNetwork(ctx, first, req, slash < 0 ? '' : urlPath.slice(slash)) };
}

function recordOf(network: SocialNetwork, req: SandboxRequest, response: SandboxResponse, now: number): SandboxRequestRecord {
  const recordPath = req.path.slice(network.length + 1);
  return {
    network,
    method: req.method,
    path: network === 'telegram' ? maskBotToken(recordPath) : recordPath,
    query: recordFields(Object.fromEntries(req.query)) as Record<string, string>,
    body: req.body === null ? null : recordFields(req.body),
    status: response.status,
    time: new Date(now).toISOString(),
    ...(response.fault ? { fault: response.fault.name } : {}),
  };
}

/** Starts the sandbox (see the module header). */
export async function startSocialSandbox(options: SocialSandboxOptions): Promise<SocialSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const clock = options.clock ?? Date.now;
  const store = new SandboxStore(options.stateDir, clock);
  const ctx: SandboxContext = {
    store,
    publishing: new PublishingStore(options.stateDir, clock),
    media: new MediaStore(path.join(options.stateDir, 'media'), clock),
    faults: new FaultStore(),
    counters: new RateCounters(),
    origin: '',
    lifetimes: new Map(),
    log,
  } as Omit<SandboxContext, 'deliveries'> as SandboxContext;
  ctx.deliveries = new DeliveryEngine(ctx, { retryDelaysMs: options.webhookRetryDelaysMs, timeoutMs: options.webhookTimeoutMs });
  wireTelegramWebhooks(ctx);
  for (const subscription of options.webhooks ?? []) {
    if (!isMetaWebhookNetwork(subscription.network)) throw new Error(`social sandbox: no webhooks for ${String(subscription.network)}`);
    subscribeUnverified(ctx, subscription);
  }
  // Answers an injected `slow` fault holds back; stopping the sandbox drops them.
  const stopping = new AbortController();

  const deliver = async (res: http.ServerResponse, request: SandboxRequest, response: SandboxResponse) => {
    if (response.fault?.delayMs) await sleep(response.fault.delayMs, undefined, { signal: stopping.signal });
    if (response.fault?.lost) {
      res.destroy();
      return;
    }
    send(res, response, request.method === 'HEAD', request.headers.range);
  };

  const server: Server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const maxBytes = UPLOAD_PATHS.some((pattern) => pattern.test(pathname)) ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES;
    let request: SandboxRequest | null = null;
    readRequest(req, { maxBytes, spoolDir: ctx.media.spoolDir })
      .then(async (read) => {
        request = read;
        const { network, response } = await route(ctx, read);
        if (network) store.record(recordOf(network, read, response, store.now()));
        await deliver(res, read, response);
      })
      .catch((error: unknown) => {
        if (!(error instanceof BodyTooLarge) && !stopping.signal.aborted) log(`social sandbox: ${req.method} ${pathname} failed: ${(error as Error).message}`);
        if (!res.headersSent && !res.destroyed) send(res, json(error instanceof BodyTooLarge ? 413 : 500, { error: error instanceof BodyTooLarge ? 'payload_too_large' : 'internal_error' }), false);
        else res.destroy();
      })
      .finally(() => {
        if (request) void discardSpool(request);
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A client that misbehaves must not take the twin down.
  server.on('error', (error) => log(`social sandbox: ${error.message}`));
  const { port } = server.address() as AddressInfo;
  ctx.origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  // Deliveries a stop cut short go out again.
  ctx.deliveries.resume();

  return {
    url: ctx.origin,
    apps: () => sandboxNetworkApps(ctx.origin, store.clients()),
    requests: (network) => store.requests(network),
    posts: (network) => listPosts(ctx, network),
    deliveries: (network) => ctx.deliveries.list(network).map(deliveryView),
    threads: (network) => listThreads(ctx, network),
    stop: () =>
      new Promise<void>((resolve) => {
        stopping.abort();
        ctx.deliveries.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
