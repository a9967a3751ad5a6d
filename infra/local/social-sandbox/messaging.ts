/**
 * The brand answers (issue 14), under the Meta API bases with the page token (Instagram: the page
 * token of the linked page, as the publish adapters use), as documented:
 * - Send API, https://developers.facebook.com/docs/messenger-platform/reference/send-api/ and
 *   https://developers.facebook.com/docs/messenger-platform/instagram/features/send-message:
 *   `POST /{PAGE_ID}/messages` / `POST /{IG_ACCOUNT_ID}/messages` `{recipient:{id}, messaging_type,
 *   message:{text}}` (JSON, or a form whose `recipient` and `message` are JSON strings) →
 *   `{recipient_id, message_id}`. Scopes `pages_messaging` / `instagram_manage_messages`.
 *   The standard messaging window
 *   (https://developers.facebook.com/docs/messenger-platform/policy/policy-overview#24hours_window):
 *   RESPONSE and UPDATE only within 24 h of the customer's last message, else error 10 /
 *   2018278; MESSAGE_TAG with `tag: HUMAN_AGENT` within 7 days; other tags (Facebook only) at any time.
 *   Unknown recipient: (#100) No matching user found (2018001); text over 2000 characters
 *   (Instagram: 1000) or none: (#100).
 * - Comment replies: `POST /{comment-id}/comments` `message` → `{id}` (Facebook, scope
 *   `pages_manage_engagement`, https://developers.facebook.com/docs/graph-api/reference/object/comments/),
 *   `POST /{ig-comment-id}/replies` `message` → `{id}` (Instagram, `instagram_manage_comments`,
 *   https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-comment/replies).
 * Each answer enters its thread (./inbox.ts). Fault operations: `message`, `reply`.
 * Telegram's `sendMessage` to a customer's private chat is `telegramPrivateReply` here.
 */
import { randomBytes } from 'node:crypto';
import type { SandboxContext } from './context';
import { json, requestParams, type SandboxResponse } from './http';
import { addBrandMessage, threads, type Thread } from './inbox';
import { META_PAGES } from './accounts';
import { graphError, instagramAccess, isResponse, pageTokenRequired, unsupported } from './meta';
import { codePoints } from './publish';
import type { ApiCall, TokenRoute } from './routes';
import { nextCount, telegramBotName } from './telegramWebhooks';

const HOUR_MS = 60 * 60 * 1000;
const STANDARD_WINDOW_MS = 24 * HOUR_MS;
const HUMAN_AGENT_WINDOW_MS = 7 * 24 * HOUR_MS;
const MESSAGING_TYPES = ['RESPONSE', 'UPDATE', 'MESSAGE_TAG'];
/** Tags Messenger accepts outside the window (Instagram only HUMAN_AGENT). */
const FACEBOOK_TAGS = ['CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE', 'HUMAN_AGENT'];
const TEXT_MAX = { facebook: 2000, instagram: 1000 } as const;

/** A body field that may be an object (JSON) or a JSON string (form). */
function objectParam(call: ApiCall, name: string): Record<string, unknown> | null | 'invalid' {
  const value = call.req.body?.[name] ?? call.req.query.get(name);
  if (value === undefined || value === null) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value !== 'string') return 'invalid';
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** The page (Facebook) or account (Instagram) a messaging call speaks for; else the Graph error. */
function messagingTarget(call: ApiCall, id: string): { targetId: string } | SandboxResponse {
  if (call.network === 'instagram') {
    const access = instagramAccess(call, id);
    return isResponse(access) ? access : { targetId: access.instagram.id };
  }
  if (call.token.kind !== 'page') return pageTokenRequired();
  const page = META_PAGES.find((candidate) => candidate.id === id);
  if (!page || call.token.pageId !== page.id) return unsupported(call.req.method, id);
  return { targetId: page.id };
}

const outsideWindow = () => graphError(10, '(#10) This message is sent outside of allowed window.', { subcode: 2018278 });

/** `POST /{id}/messages` (see the module header). */
function sendMessage(call: ApiCall): SandboxResponse {
  const network = call.network as 'facebook' | 'instagram';
  const target = messagingTarget(call, call.params.id ?? '');
  if (isResponse(target)) return target;
  const params = requestParams(call.req);
  const recipient = objectParam(call, 'recipient');
  const message = objectParam(call, 'message');
  if (recipient === null) return graphError(100, '(#100) The parameter recipient is required');
  if (recipient === 'invalid') return graphError(100, '(#100) param recipient must be non-empty.');
  if (message === null) return graphError(100, '(#100) The parameter message is required');
  if (message === 'invalid') return graphError(100, '(#100) param message must be a JSON object');
  const type = params.messaging_type;
  if (!type || !MESSAGING_TYPES.includes(type)) return graphError(100, '(#100) param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}');
  const text = typeof message.text === 'string' ? message.text : '';
  if (!text.trim()) return graphError(100, '(#100) Message cannot be empty, must provide valid attachment or text');
  if (codePoints(text) > TEXT_MAX[network]) return graphError(100, `(#100) Length of param message[text] must be less than or equal to ${TEXT_MAX[network]}`);
  const recipientId = typeof recipient.id === 'string' || typeof recipient.id === 'number' ? String(recipient.id) : '';
  const thread = threads(call.ctx).get(`${target.targetId}_${recipientId}`);
  if (!recipientId || !thread || thread.network !== network) return graphError(100, '(#100) No matching user found', { subcode: 2018001 });
  const age = call.ctx.publishing.now() - thread.lastCustomerAt;
  if (type === 'MESSAGE_TAG') {
    const tag = params.tag;
    const allowed = network === 'facebook' ? FACEBOOK_TAGS : ['HUMAN_AGENT'];
    if (!tag || !allowed.includes(tag)) return graphError(100, `(#100) Param tag must be one of {${allowed.join(', ')}}`);
    if (tag === 'HUMAN_AGENT' && age > HUMAN_AGENT_WINDOW_MS) return outsideWindow();
  } else if (age > STANDARD_WINDOW_MS) return outsideWindow();
  const messageId = network === 'facebook' ? `m_${randomBytes(24).toString('base64url')}` : `aWdf${randomBytes(30).toString('base64url')}`;
  addBrandMessage(call.ctx, thread, messageId, text);
  return json(200, { recipient_id: recipientId, message_id: messageId });
}

/** `POST /{comment-id}/comments` (Facebook) and `/{ig-comment-id}/replies` (Instagram). */
function replyToComment(call: ApiCall): SandboxResponse {
  const network = call.network as 'facebook' | 'instagram';
  const commentId = call.params.commentId ?? '';
  const thread: Thread | undefined = threads(call.ctx).get(commentId);
  if (!thread || thread.network !== network || thread.kind !== 'comment') return unsupported('POST', commentId);
  const target = messagingTarget(call, thread.targetId);
  if (isResponse(target)) return target;
  const text = requestParams(call.req).message ?? '';
  if (!text.trim()) return graphError(100, '(#100) Missing message or attachment');
  if (network === 'instagram' && codePoints(text) > 2200) return graphError(100, '(#100) The comment is too long.');
  const id = network === 'facebook' ? `${commentId.split('_')[0] ?? commentId}_${call.ctx.publishing.numericId('1', 16)}` : call.ctx.publishing.numericId('18', 17);
  addBrandMessage(call.ctx, thread, id, text);
  return json(200, { id });
}

/** Facebook's messaging routes (./api.ts). */
export const FACEBOOK_MESSAGING_ROUTES: readonly TokenRoute[] = [
  { method: 'POST', path: '/:id/messages', operation: 'message', scopes: ['pages_messaging'], tokenKinds: ['access', 'page'], handle: sendMessage },
  { method: 'POST', path: '/:commentId/comments', operation: 'reply', scopes: ['pages_manage_engagement'], tokenKinds: ['access', 'page'], handle: replyToComment },
];

/** Instagram's messaging routes (./api.ts). */
export const INSTAGRAM_MESSAGING_ROUTES: readonly TokenRoute[] = [
  { method: 'POST', path: '/:id/messages', operation: 'message', scopes: ['instagram_manage_messages'], tokenKinds: ['access', 'page'], handle: sendMessage },
  { method: 'POST', path: '/:commentId/replies', operation: 'reply', scopes: ['instagram_manage_comments'], tokenKinds: ['access', 'page'], handle: replyToComment },
];

/**
 * Telegram `sendMessage` to a private chat: the Message when `chatId` is a customer who wrote to
 * this bot (the reply enters the thread), else null (the caller answers "chat not found").
 */
export function telegramPrivateReply(ctx: SandboxContext, botId: number, chatId: string | undefined, text: string): Record<string, unknown> | null {
  if (!chatId || !/^\d+$/.test(chatId)) return null;
  const thread = threads(ctx).get(`${botId}_${chatId}`);
  if (!thread || thread.network !== 'telegram') return null;
  const messageId = nextCount(ctx, 'telegram.messageIds', chatId);
  addBrandMessage(ctx, thread, String(messageId), text);
  const [firstName = thread.customer.name] = thread.customer.name.split(' ');
  return {
    message_id: messageId,
    from: { id: botId, is_bot: true, first_name: 'Bot de pruebas', username: telegramBotName(botId) },
    chat: { id: Number(chatId), type: 'private', first_name: firstName, username: thread.customer.username },
    date: Math.floor(ctx.publishing.now() / 1000),
    text,
  };
}
