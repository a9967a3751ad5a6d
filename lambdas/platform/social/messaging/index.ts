/**
 * The brand's replies to the inbox's conversations (issue 14), through the outbound HTTP door
 * (../publish/call.ts `sendPublish`: no redirects, the adapters' timeout and size limits, never
 * retried: a reply is visible):
 * - Messenger DM: `POST /{page-id}/messages` JSON `{recipient: {id: PSID}, messaging_type:
 *   'RESPONSE', message: {text}}` with the page token → `{recipient_id, message_id}`;
 * - Instagram DM: `POST /{ig-account-id}/messages`, same body, with the linked page's token;
 * - Facebook comment reply: `POST /{comment-id}/comments` form `message` → `{id}`;
 * - Instagram comment reply: `POST /{ig-comment-id}/replies` form `message` → `{id}`;
 * - Telegram: `POST /bot<token>/sendMessage` JSON `{chat_id, text}` → `{ok: true, result: {message_id}}`;
 * - YouTube comment reply: `POST /comments?part=snippet` JSON `{snippet: {parentId, textOriginal}}`
 *   with the channel's access token (scope youtube.force-ssl) → the comment resource `{id, …}`
 *   (https://developers.google.com/youtube/v3/docs/comments/insert). Google's 403
 *   `insufficientPermissions` / `forbidden` (a connection made before the scope was asked) is
 *   AccessRevoked: the owner reconnects.
 * `sendReply` resolves with the network's id of the sent message, or throws a ReplyError:
 * - OutsideWindow: Meta error 10 with subcode 2018278 (the 24-hour standard messaging window);
 * - AccessRevoked: the token is refused (Meta 102/190/463/467, a permission error 10/200-299,
 *   HTTP 401; Telegram 401/404: the bot token) — the owner must reconnect;
 * - ReplyRejected: the network refused this reply (unknown recipient, text too long, a blocked
 *   bot, any other 4xx); `detail` is the network's words, tokens removed;
 * - ReplyUnavailable: no usable answer (timeout, 5xx, throttled, unreadable answer).
 * The text is checked here too: empty or longer than REPLY_MAX_LENGTH[network][kind] (code points)
 * is ReplyRejected before any request. Logs name the network and operation, never the text or a token.
 *
 * `readCustomerProfile(app, network, {customerId, token})` reads who wrote a DM (the webhooks carry
 * only the page-scoped id), through the same door (a read: retried on 429/5xx), as documented:
 * - Messenger User Profile API: `GET /{PSID}?fields=first_name,last_name` with the page token →
 *   `{name: 'first last'}`;
 * - Instagram User Profile API: `GET /{IGSID}?fields=name,username` with the linked page's token →
 *   `{name: name ?? username, handle: username}` (the handle without '@').
 * It throws ProfileUnreadable: `no_consent` (Instagram 230, the person only commented; Graph's
 * "unsupported get request" #100/33, an id this page cannot see), `access_revoked` (as for
 * replies), `unavailable` (anything else, an answer without a name).
 */
import { REPLY_MAX_LENGTH, TELEGRAM_BOT_TOKEN, type ConversationKind, type InboxNetwork } from '@director-ia/shared';
import * as z from 'zod/mini';
import { logger } from '../../logger';
import { configuredUrl, errorText, isRecord, safeDetail } from '../call';
import { apiUrl, sendPublish, type PublishAnswer, type PublishCall } from '../publish/call';
import { publishFailure } from '../publish/errors';
import type { PublishOptions } from '../publish/types';
import type { NetworkApp } from '../types';

/** Why a reply was not sent (see the module header). */
export class ReplyError extends Error {
  override readonly name: string = 'ReplyError';
  constructor(
    readonly network: InboxNetwork,
    readonly kind: 'outside_window' | 'access_revoked' | 'rejected' | 'unavailable',
    readonly detail: string,
  ) {
    super(`${network}: ${kind}: ${detail}`);
  }
}
/** The subclass of one kind: its constructor takes the network and the detail. */
function replyErrorOf(kind: ReplyError['kind'], name: string) {
  return class extends ReplyError {
    override readonly name: string = name;
    constructor(network: InboxNetwork, detail: string) {
      super(network, kind, detail);
    }
  };
}
export class OutsideWindow extends replyErrorOf('outside_window', 'OutsideWindow') {}
export class AccessRevoked extends replyErrorOf('access_revoked', 'AccessRevoked') {}
export class ReplyRejected extends replyErrorOf('rejected', 'ReplyRejected') {}
export class ReplyUnavailable extends replyErrorOf('unavailable', 'ReplyUnavailable') {}

/** Where a reply goes and with what. */
export interface ReplyRequest {
  /** The page (Messenger), Instagram account or bot that received the conversation. */
  accountId: string;
  /** DMs: the PSID / IGSID / Telegram chat id. */
  recipientId?: string;
  /** Comments: the comment answered. */
  commentId?: string;
  text: string;
  /** The page token (Facebook, Instagram: the linked page's), the bot token (Telegram) or the channel's access token (YouTube). Never logged. */
  token: string;
}

/** Meta's "sent outside of allowed window". */
const WINDOW = { code: 10, subcode: 2018278 };

/** Characters as the networks count them (code points). */
export const replyLength = (text: string): number => [...text].length;

/** `text` within `max` code points: clipped with '…' when longer. */
export function clipReply(text: string, max: number): string {
  const points = [...text.trim()];
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : points.join('');
}

const MetaMessage = z.object({ message_id: z.string() });
const MetaId = z.object({ id: z.string() });
const TelegramSent = z.object({ ok: z.literal(true), result: z.object({ message_id: z.number() }) });

function failureOf(network: InboxNetwork, answer: PublishAnswer, secrets: readonly string[]): ReplyError | undefined {
  const { status, body } = answer;
  const detail = () => safeDetail(errorText(status, body), secrets);
  const error = isRecord(body) ? body.error : undefined;
  if (isRecord(error) && error.code === WINDOW.code && error.error_subcode === WINDOW.subcode) return new OutsideWindow(network, detail());
  if (network === 'telegram' && isRecord(body) && body.ok === false) {
    if (status === 401 || status === 404) return new AccessRevoked(network, detail());
    if (status === 429 || status >= 500) return new ReplyUnavailable(network, detail());
    return new ReplyRejected(network, detail());
  }
  const failure = publishFailure(network, answer, Date.now(), secrets);
  if (!failure) return undefined;
  if (failure.kind === 'invalid_grant' || failure.kind === 'denied') return new AccessRevoked(network, failure.detail);
  if (failure.kind === 'rejected') return new ReplyRejected(network, failure.detail);
  return new ReplyUnavailable(network, failure.detail);
}

function callOf(app: NetworkApp, network: InboxNetwork, kind: ConversationKind, request: ReplyRequest): PublishCall {
  const base = { network, method: 'POST' as const, retry: false };
  if (network === 'telegram') {
    // The token goes into a URL path: only BotFather's shape may.
    if (!TELEGRAM_BOT_TOKEN.test(request.token)) throw new AccessRevoked(network, 'the bot token is not shaped as BotFather gives it');
    const url = configuredUrl('telegram', app.urls.api, `/bot${request.token}/sendMessage`).toString();
    return { ...base, resource: 'sendMessage', url, json: { chat_id: request.recipientId, text: request.text }, secrets: [request.token] };
  }
  if (network === 'youtube') {
    const json = { snippet: { parentId: request.commentId, textOriginal: request.text } };
    return { ...base, resource: 'POST /comments', url: apiUrl(app, '/comments', { part: 'snippet' }), bearer: request.token, json };
  }
  if (kind === 'dm') {
    const json = { recipient: { id: request.recipientId }, messaging_type: 'RESPONSE', message: { text: request.text } };
    return { ...base, resource: 'POST /messages', url: apiUrl(app, `/${encodeURIComponent(request.accountId)}/messages`), bearer: request.token, json };
  }
  const edge = network === 'facebook' ? 'comments' : 'replies';
  return { ...base, resource: `POST /{comment}/${edge}`, url: apiUrl(app, `/${encodeURIComponent(request.commentId ?? '')}/${edge}`), bearer: request.token, form: { message: request.text } };
}

function sentId(network: InboxNetwork, kind: ConversationKind, body: unknown): string | undefined {
  if (network === 'telegram') {
    const parsed = z.safeParse(TelegramSent, body);
    return parsed.success ? String(parsed.data.result.message_id) : undefined;
  }
  const parsed = z.safeParse(kind === 'dm' ? MetaMessage : MetaId, body);
  if (!parsed.success) return undefined;
  return 'message_id' in parsed.data ? parsed.data.message_id : parsed.data.id;
}

/** Sends one reply (see the module header); the network's id of the sent message. */
export async function sendReply(app: NetworkApp, network: InboxNetwork, kind: ConversationKind, request: ReplyRequest, options: PublishOptions = {}): Promise<{ externalId: string }> {
  const max = REPLY_MAX_LENGTH[network][kind];
  if (!request.text.trim()) throw new ReplyRejected(network, 'empty reply');
  if (replyLength(request.text) > max) throw new ReplyRejected(network, `reply longer than ${max} characters`);
  if ((kind === 'dm' && network !== 'youtube') ? !request.recipientId : !request.commentId) throw new ReplyRejected(network, 'no recipient');
  // Telegram has only chats, YouTube only comments.
  const call = callOf(app, network, network === 'telegram' ? 'dm' : network === 'youtube' ? 'comment' : kind, request);
  let answer: PublishAnswer;
  try {
    answer = await sendPublish(call, options);
  } catch (error) {
    // No usable answer: the reply may or may not have left; it is not repeated automatically.
    const detail = error instanceof Error ? safeDetail(error.message, [request.token]) : 'no answer';
    throw new ReplyUnavailable(network, detail);
  }
  const failure = failureOf(network, answer, [request.token]);
  if (failure) {
    logger.warn('inbox reply refused', { network, resource: call.resource, kind: failure.kind, status: answer.status });
    throw failure;
  }
  const externalId = sentId(network, network === 'youtube' ? 'comment' : kind, answer.body);
  if (!externalId) throw new ReplyUnavailable(network, 'unexpected answer');
  return { externalId };
}

/** The networks whose webhooks name nobody: their DMs' customers are read with readCustomerProfile. */
export type ProfileNetwork = Extract<InboxNetwork, 'facebook' | 'instagram'>;

/** Who wrote: the display name and, on Instagram, the username (no '@'). */
export interface CustomerProfile {
  name: string;
  handle?: string;
}

/** Why a profile was not read (see the module header). */
export class ProfileUnreadable extends Error {
  override readonly name = 'ProfileUnreadable';
  constructor(
    readonly network: ProfileNetwork,
    readonly kind: 'no_consent' | 'access_revoked' | 'unavailable',
    readonly detail: string,
  ) {
    super(`${network}: profile ${kind}: ${detail}`);
  }
}

/** Instagram's "User consent is required to access user profile". */
const NO_CONSENT_CODE = 230;
/** Graph's "Unsupported get request" (#100/33): an id the token's page cannot see. */
const UNSUPPORTED = { code: 100, subcode: 33 };

const MessengerProfile = z.object({ first_name: z.optional(z.string()), last_name: z.optional(z.string()) });
const InstagramProfile = z.object({ name: z.optional(z.nullable(z.string())), username: z.optional(z.nullable(z.string())) });

/** The profile in an answer's body, or undefined when it names nobody. */
function profileOf(network: ProfileNetwork, body: unknown): CustomerProfile | undefined {
  if (network === 'facebook') {
    const parsed = z.safeParse(MessengerProfile, body);
    const name = parsed.success ? [parsed.data.first_name, parsed.data.last_name].map((part) => part?.trim()).filter(Boolean).join(' ') : '';
    return name ? { name } : undefined;
  }
  const parsed = z.safeParse(InstagramProfile, body);
  if (!parsed.success) return undefined;
  const handle = parsed.data.username?.trim().replace(/^@/, '') || undefined;
  const name = parsed.data.name?.trim() || handle;
  return name ? { name, ...(handle ? { handle } : {}) } : undefined;
}

/** Reads the customer who wrote a DM (see the module header). */
export async function readCustomerProfile(app: NetworkApp, network: ProfileNetwork, request: { customerId: string; token: string }, options: PublishOptions = {}): Promise<CustomerProfile> {
  const fields = network === 'facebook' ? 'first_name,last_name' : 'name,username';
  const call: PublishCall = { network, method: 'GET', resource: 'GET /{user-id}', url: apiUrl(app, `/${encodeURIComponent(request.customerId)}`, { fields }), bearer: request.token };
  let answer: PublishAnswer;
  try {
    answer = await sendPublish(call, options);
  } catch (error) {
    throw new ProfileUnreadable(network, 'unavailable', error instanceof Error ? safeDetail(error.message, [request.token]) : 'no answer');
  }
  const error = isRecord(answer.body) ? answer.body.error : undefined;
  if (isRecord(error) && (error.code === NO_CONSENT_CODE || (error.code === UNSUPPORTED.code && error.error_subcode === UNSUPPORTED.subcode))) {
    throw new ProfileUnreadable(network, 'no_consent', safeDetail(errorText(answer.status, answer.body), [request.token]));
  }
  const failure = failureOf(network, answer, [request.token]);
  if (failure) throw new ProfileUnreadable(network, failure.kind === 'access_revoked' ? 'access_revoked' : 'unavailable', failure.detail);
  const profile = profileOf(network, answer.body);
  if (!profile) throw new ProfileUnreadable(network, 'unavailable', 'the answer names nobody');
  return profile;
}

export { CommentsUnreadable, listCommentThreads, type ChannelComment, type CommentPage } from './youtube';
