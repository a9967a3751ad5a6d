/**
 * The inbox side of the "Red de pruebas" (issue 14): customers write to the brand's Facebook page,
 * Instagram account or Telegram bot (a DM, or a comment on one of the feed's posts), the sandbox
 * delivers what the network would to the product's webhook (./webhooks.ts), and keeps each
 * conversation as a thread with the customer's messages and the brand's replies (./messaging.ts
 * and Telegram's sendMessage add those). Body shapes, as documented:
 * - Messenger: https://developers.facebook.com/docs/messenger-platform/reference/webhook-events/messages
 *   `{object:"page", entry:[{id:<PAGE_ID>, time:<ms>, messaging:[{sender:{id:<PSID>}, recipient:{id:<PAGE_ID>},
 *   timestamp:<ms>, message:{mid:"m_…", text}}]}]}`
 * - Instagram messaging: https://developers.facebook.com/docs/messenger-platform/instagram/features/webhook
 *   the same with `object:"instagram"`, the IG account id and the IGSID.
 * - Page feed comments: https://developers.facebook.com/docs/graph-api/webhooks/reference/page/#feed
 *   `changes:[{field:"feed", value:{item:"comment", verb:"add", comment_id, post_id, parent_id,
 *   message, from:{id, name}, created_time:<s>}}]`
 * - Instagram comments: https://developers.facebook.com/docs/instagram-platform/webhooks
 *   `changes:[{field:"comments", value:{id, text, from:{id, username}, media:{id, media_product_type}}}]`
 * - Telegram Update: https://core.telegram.org/bots/api#update `{update_id, message:{message_id,
 *   from:{id, is_bot:false, first_name, username}, chat:{id, type:"private", first_name}, date:<s>, text}}`.
 * - YouTube comments (no webhook: the Data API has none for comments, PubSubHubbub announces only
 *   new videos): a comment on one of the channel's videos is kept as a comment thread the product
 *   reads with `commentThreads.list` and answers with `comments.insert` (./youtube.ts); the write
 *   answers `delivery: null` with YOUTUBE_NO_WEBHOOK. Its `postId` is one of the feed's YouTube
 *   videos; omitted, the newest (and when the channel has none yet, a sample video is added to the
 *   feed first, so there is always something to comment on).
 * Customers get stable ids per network and target (PSIDs are page-scoped) by name; a thread is a
 * DM conversation (`<target>_<customer>`) or one comment with its replies (the comment id).
 * Meta bodies go out only when the network app has a webhook AND the page has subscribed the app
 * (./pageSubscriptions.ts: Facebook `messages` for DMs, `feed` for comments; Instagram the linked
 * page); otherwise the write is kept with no delivery and the reason.
 * State lives in the publishing store (tables `inbox.threads`, `inbox.customers`).
 */
import { randomBytes } from 'node:crypto';
import type { SocialNetwork } from '@director-ia/shared';
import { META_PAGES, YOUTUBE_CHANNEL } from './accounts';
import type { SandboxContext } from './context';
import { json, type SandboxRequest, type SandboxResponse } from './http';
import type { FeedPost } from './feed';
import { objectField, randomCode, stringField } from './publish';
import { deliverTelegramUpdate, telegramBotName } from './telegramWebhooks';
import { unsubscribedReason } from './pageSubscriptions';
import { deliverMeta, deliveryView, subscriptionOf, type Delivery, type MetaWebhookNetwork } from './webhooks';

export const INBOX_NETWORKS = ['facebook', 'instagram', 'telegram', 'youtube'] as const;
export type InboxNetwork = (typeof INBOX_NETWORKS)[number];
export const isInboxNetwork = (value: unknown): value is InboxNetwork => typeof value === 'string' && (INBOX_NETWORKS as readonly string[]).includes(value);

export interface ThreadMessage {
  /** The network's id: Meta `mid`, comment or reply id, Telegram message_id. */
  id: string;
  from: 'customer' | 'brand';
  text: string;
  /** ISO 8601. */
  time: string;
  /** The webhook delivery of a customer's message (null when no webhook was subscribed). */
  deliveryId?: string | null;
}

export interface Thread {
  id: string;
  network: InboxNetwork;
  kind: 'message' | 'comment';
  /** The page, Instagram account or bot id. */
  targetId: string;
  targetName: string;
  customer: Customer;
  /** Comments: the post (Facebook `<page>_<n>`, Instagram media id, YouTube video id) and the comment id (YouTube: the thread's top-level comment). */
  postId?: string;
  commentId?: string;
  messages: ThreadMessage[];
  /** Epoch ms of the customer's last message (the 24-hour window counts from it). */
  lastCustomerAt: number;
  createdAt: number;
}

export interface Customer {
  /** PSID, IGSID, Telegram user id (= the private chat id) or YouTube channel id (`UC…`). */
  id: string;
  name: string;
  /** Instagram and Telegram usernames. */
  username: string;
}

export const threads = (ctx: SandboxContext) => ctx.publishing.table<Thread>('inbox.threads');
const customers = (ctx: SandboxContext) => ctx.publishing.table<Customer>('inbox.customers');

/** Threads, oldest first, of one network or all. */
export const listThreads = (ctx: SandboxContext, network?: SocialNetwork): Thread[] =>
  threads(ctx)
    .values()
    .filter((thread) => network === undefined || thread.network === network)
    .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));

/** The brand's reply added to a thread. */
export function addBrandMessage(ctx: SandboxContext, thread: Thread, id: string, text: string): void {
  const now = ctx.publishing.now();
  thread.messages.push({ id, from: 'brand', text, time: thread.network === 'youtube' ? youtubeTime(now) : new Date(now).toISOString() });
  threads(ctx).set(thread.id, thread);
}

/** The name of a target (page, `@account`, `@bot`), or null when the network has no such target. */
export function targetName(network: InboxNetwork, targetId: string): string | null {
  if (network === 'facebook') return META_PAGES.find((page) => page.id === targetId)?.name ?? null;
  if (network === 'instagram') {
    const username = META_PAGES.find((page) => page.instagram?.id === targetId)?.instagram?.username;
    return username ? `@${username}` : null;
  }
  if (network === 'youtube') return targetId === YOUTUBE_CHANNEL.id ? YOUTUBE_CHANNEL.title : null;
  return /^[1-9]\d{0,14}$/.test(targetId) ? `@${telegramBotName(Number(targetId))}` : null;
}

/** Why a YouTube comment has no delivery (the product polls for it). */
export const YOUTUBE_NO_WEBHOOK = 'YouTube no envía webhooks de comentarios: el producto los lee';

/** A YouTube channel id: `UC` and 22 characters. */
const YOUTUBE_CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30) || 'cliente';

/** The customer called `name` for this target (made once), or the one with the given id. */
function customerFor(ctx: SandboxContext, network: InboxNetwork, targetId: string, name: string, id?: string): Customer {
  const key = id ? `${network}:${targetId}:id:${id}` : `${network}:${targetId}:name:${name.trim().toLowerCase()}`;
  const known = customers(ctx).get(key);
  if (known) return known.name === name ? known : { ...known, name };
  const made =
    id ??
    (network === 'facebook'
      ? ctx.publishing.numericId('7', 16)
      : network === 'instagram'
        ? ctx.publishing.numericId('98', 16)
        : network === 'youtube'
          ? `UC${randomBytes(17).toString('base64url').slice(0, 22)}`
          : String(Number(ctx.publishing.numericId('6', 10))));
  const customer: Customer = { id: made, name, username: slug(name) };
  customers(ctx).set(key, customer);
  return customer;
}

/** The customer `id` of `targetId` (ids are page-scoped), if that target knows the person. */
export function customerOf(ctx: SandboxContext, network: InboxNetwork, targetId: string, id: string): Customer | undefined {
  const table = customers(ctx);
  const prefix = `${network}:${targetId}:`;
  for (const key of table.ids()) {
    if (!key.startsWith(prefix)) continue;
    const customer = table.get(key);
    if (customer?.id === id) return customer;
  }
  return undefined;
}

/** Whether `id` is a customer of any target of `network`. */
export const isCustomerId = (ctx: SandboxContext, network: InboxNetwork, id: string): boolean =>
  customers(ctx)
    .ids()
    .some((key) => key.startsWith(`${network}:`) && customers(ctx).get(key)?.id === id);

/** Hours a customer's write may be dated back (`hoursAgo`): 30 days. */
export const MAX_HOURS_AGO = 720;
const HOUR_MS = 60 * 60 * 1000;

export interface CustomerWrite {
  network: InboxNetwork;
  targetId: string;
  customer: { id?: string; name: string };
  text: string;
  kind: 'message' | 'comment';
  postId?: string;
  /** Meta: sign with a wrong secret (a test of the product's signature check). */
  badSignature?: boolean;
  /**
   * The customer wrote this many hours ago and the delivery comes only now (an outage): the
   * body's timestamps and the thread's times are that much older (0–MAX_HOURS_AGO).
   */
  hoursAgo?: number;
}

/** Reads a `/__sandbox/dm` body or the inbox form; the write or why not. */
export function parseWrite(body: Record<string, unknown> | null, network?: InboxNetwork): CustomerWrite | string {
  const net = network ?? body?.network;
  if (!isInboxNetwork(net)) return 'network must be facebook, instagram, telegram or youtube';
  const youtube = net === 'youtube';
  const targetId = stringField(body, 'targetId') ?? (typeof body?.targetId === 'number' ? String(body.targetId) : youtube ? YOUTUBE_CHANNEL.id : undefined);
  if (!targetId || targetName(net, targetId) === null) return `targetId is not a ${net} target of the sandbox`;
  const customer = objectField(body, 'customer');
  const name = (stringField(customer, 'name') ?? stringField(body, 'customerName') ?? '').trim();
  if (!name || name.length > 80) return 'customer.name is required (at most 80 characters)';
  const rawId = customer?.id;
  const id = typeof rawId === 'number' ? String(rawId) : typeof rawId === 'string' && rawId !== '' ? rawId : undefined;
  if (id !== undefined && !youtube && !/^\d{1,20}$/.test(id)) return 'customer.id must be digits';
  if (id !== undefined && youtube && !YOUTUBE_CHANNEL_ID.test(id)) return 'customer.id must be a YouTube channel id (UC and 22 characters)';
  const text = stringField(body, 'text') ?? '';
  if (!text.trim() || text.length > 4096) return 'text is required (at most 4096 characters)';
  const kind = body?.kind ?? (youtube ? 'comment' : 'message');
  if (kind !== 'message' && kind !== 'comment') return "kind must be 'message' or 'comment'";
  if (kind === 'comment' && net === 'telegram') return 'Telegram bots get messages, not comments';
  const postId = stringField(body, 'postId') || undefined;
  if (kind === 'message' && youtube) return 'YouTube has no private messages: write a comment on a video';
  if (kind === 'comment' && !postId && !youtube) return 'postId is required for a comment';
  const hoursAgo = body?.hoursAgo;
  if (hoursAgo !== undefined && (typeof hoursAgo !== 'number' || !Number.isFinite(hoursAgo) || hoursAgo < 0 || hoursAgo > MAX_HOURS_AGO)) return `hoursAgo must be a number from 0 to ${MAX_HOURS_AGO}`;
  return {
    network: net,
    targetId,
    customer: { name, ...(id ? { id } : {}) },
    text,
    kind,
    ...(postId ? { postId } : {}),
    ...(body?.badSignature === true ? { badSignature: true } : {}),
    ...(typeof hoursAgo === 'number' && hoursAgo > 0 ? { hoursAgo } : {}),
  };
}

export interface WriteResult {
  thread: Thread;
  delivery: Delivery | null;
  /** Why there is no delivery (Meta: no app webhook, or the page has not subscribed the app). */
  reason?: string;
}

/** Sends a Meta body when the app has a webhook and the page subscribed it; else why not. */
async function deliverIfSubscribed(ctx: SandboxContext, write: CustomerWrite, payload: unknown, bodyId: string): Promise<{ delivery: Delivery | null; reason?: string }> {
  const network = write.network as MetaWebhookNetwork;
  if (!subscriptionOf(ctx, network)) return { delivery: null, reason: `the ${network} app has no webhook subscription (POST /__sandbox/webhooks)` };
  const unsubscribed = unsubscribedReason(ctx, network, write.targetId, write.kind);
  if (unsubscribed) return { delivery: null, reason: unsubscribed };
  return { delivery: await deliverMeta(ctx, network, payload, bodyId, write.badSignature) };
}

/** A customer writes (see the module header); the thread and the webhook delivery, or why not. */
export async function customerWrites(ctx: SandboxContext, write: CustomerWrite): Promise<WriteResult | string> {
  const { network, targetId, text } = write;
  // When the customer wrote (a delayed delivery is dated back; see CustomerWrite.hoursAgo).
  const now = ctx.publishing.now() - Math.round((write.hoursAgo ?? 0) * HOUR_MS);
  const customer = customerFor(ctx, network, targetId, write.customer.name, write.customer.id);
  const name = targetName(network, targetId) ?? targetId;
  if (write.network === 'youtube') return youtubeComment(ctx, write, customer, name, now);
  if (write.kind === 'comment') return comment(ctx, write, customer, name, now);
  const threadId = `${targetId}_${customer.id}`;
  const thread: Thread = threads(ctx).get(threadId) ?? { id: threadId, network, kind: 'message', targetId, targetName: name, customer, messages: [], lastCustomerAt: now, createdAt: now };
  thread.customer = customer;
  let delivery: Delivery | null;
  let reason: string | undefined;
  let messageId: string;
  if (network === 'telegram') {
    const sent = await deliverTelegramUpdate(ctx, Number(targetId), customer, text, now);
    messageId = String(sent.messageId);
    delivery = sent.delivery;
  } else {
    messageId = network === 'facebook' ? `m_${randomBytes(24).toString('base64url')}` : `aWdf${randomBytes(30).toString('base64url')}`;
    const payload = {
      object: network === 'facebook' ? 'page' : 'instagram',
      entry: [{ id: targetId, time: now, messaging: [{ sender: { id: customer.id }, recipient: { id: targetId }, timestamp: now, message: { mid: messageId, text } }] }],
    };
    ({ delivery, reason } = await deliverIfSubscribed(ctx, write, payload, messageId));
  }
  thread.messages.push({ id: messageId, from: 'customer', text, time: new Date(now).toISOString(), deliveryId: delivery?.id ?? null });
  // A late delivery of an old message does not move the window of a newer one back.
  thread.lastCustomerAt = Math.max(thread.lastCustomerAt, now);
  threads(ctx).set(threadId, thread);
  return { thread: threads(ctx).get(threadId) ?? thread, delivery, ...(reason ? { reason } : {}) };
}

async function comment(ctx: SandboxContext, write: CustomerWrite, customer: Customer, name: string, now: number): Promise<WriteResult | string> {
  const { targetId, text } = write;
  const network = write.network as 'facebook' | 'instagram';
  const post = ctx.publishing.post(network, write.postId ?? '');
  if (!post || post.target.id !== targetId) return `postId is not a post of ${targetId} in the ${network} feed`;
  let commentId: string;
  let payload: unknown;
  if (network === 'facebook') {
    const postNumber = post.id.split('_')[1] ?? post.id;
    commentId = `${postNumber}_${ctx.publishing.numericId('1', 16)}`;
    const value = { item: 'comment', verb: 'add', comment_id: commentId, post_id: post.id, parent_id: post.id, message: text, from: { id: customer.id, name: customer.name }, created_time: Math.floor(now / 1000) };
    payload = { object: 'page', entry: [{ id: targetId, time: now, changes: [{ field: 'feed', value }] }] };
  } else {
    commentId = ctx.publishing.numericId('18', 17);
    const value = { id: commentId, text, from: { id: customer.id, username: customer.username }, media: { id: post.id, media_product_type: post.refs?.mediaType === 'VIDEO' ? 'REELS' : 'FEED' } };
    payload = { object: 'instagram', entry: [{ id: targetId, time: now, changes: [{ field: 'comments', value }] }] };
  }
  const { delivery, reason } = await deliverIfSubscribed(ctx, write, payload, commentId);
  const thread: Thread = {
    id: commentId,
    network,
    kind: 'comment',
    targetId,
    targetName: name,
    customer,
    postId: post.id,
    commentId,
    messages: [{ id: commentId, from: 'customer', text, time: new Date(now).toISOString(), deliveryId: delivery?.id ?? null }],
    lastCustomerAt: now,
    createdAt: now,
  };
  threads(ctx).set(commentId, thread);
  return { thread, delivery, ...(reason ? { reason } : {}) };
}

/** The video a YouTube comment goes to: the one named, else the channel's newest (a sample video added when it has none). */
function youtubeVideo(ctx: SandboxContext, postId: string | undefined): FeedPost | undefined {
  if (postId) return ctx.publishing.post('youtube', postId);
  const newest = ctx.publishing.posts('youtube').at(-1);
  if (newest) return newest;
  const id = randomCode(11);
  return ctx.publishing.addPost({
    network: 'youtube',
    id,
    target: { id: YOUTUBE_CHANNEL.id, name: YOUTUBE_CHANNEL.title },
    title: 'Vídeo de pruebas',
    text: 'Un vídeo de ejemplo de la Red de pruebas para comentar.',
    media: [],
    url: `https://www.youtube.com/watch?v=${id}`,
  });
}

/** YouTube's publishedAt: whole seconds (`2024-05-01T10:00:00Z`). */
export const youtubeTime = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** A top-level comment on a video of the channel: a thread the product reads by polling (see the module header). */
function youtubeComment(ctx: SandboxContext, write: CustomerWrite, customer: Customer, name: string, now: number): WriteResult | string {
  const video = youtubeVideo(ctx, write.postId);
  if (!video) return 'postId is not a video of the YouTube feed';
  // Top-level comment (= thread) ids as YouTube gives them: `Ug` + 22 characters + `4AaABAg`.
  const commentId = `Ug${randomBytes(17).toString('base64url').slice(0, 22)}4AaABAg`;
  const thread: Thread = {
    id: commentId,
    network: 'youtube',
    kind: 'comment',
    targetId: write.targetId,
    targetName: name,
    customer,
    postId: video.id,
    commentId,
    messages: [{ id: commentId, from: 'customer', text: write.text, time: youtubeTime(now), deliveryId: null }],
    lastCustomerAt: now,
    createdAt: now,
  };
  threads(ctx).set(commentId, thread);
  return { thread, delivery: null, reason: YOUTUBE_NO_WEBHOOK };
}

/** `POST /__sandbox/dm`, `GET /__sandbox/threads[?network=]`, `POST /__sandbox/threads/age` (see ./index.ts). */
export async function serveInboxHook(ctx: SandboxContext, req: SandboxRequest, hook: string): Promise<SandboxResponse | null> {
  if (hook === 'dm' && req.method === 'POST') {
    const write = parseWrite(req.body);
    if (typeof write === 'string') return json(400, { error: write });
    const result = await customerWrites(ctx, write);
    if (typeof result === 'string') return json(400, { error: result });
    return json(200, { delivery: result.delivery && deliveryView(result.delivery), ...(result.reason ? { reason: result.reason } : {}), thread: result.thread });
  }
  if (hook === 'threads' && req.method === 'GET') {
    const network = req.query.get('network');
    if (network !== null && !isInboxNetwork(network)) return json(400, { error: 'network must be facebook, instagram, telegram or youtube' });
    return json(200, { threads: listThreads(ctx, network ?? undefined) });
  }
  if (hook === 'threads/age' && req.method === 'POST') {
    const threadId = stringField(req.body, 'threadId');
    const hours = req.body?.hours;
    const found = threadId ? threads(ctx).get(threadId) : undefined;
    if (!found || found.network !== req.body?.network) return json(404, { error: 'unknown thread of that network' });
    if (typeof hours !== 'number' || !Number.isFinite(hours) || hours < 0) return json(400, { error: 'hours must be a number >= 0' });
    found.lastCustomerAt -= hours * 60 * 60 * 1000;
    threads(ctx).set(found.id, found);
    return json(200, { thread: found });
  }
  return null;
}
