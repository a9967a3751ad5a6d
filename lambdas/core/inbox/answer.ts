/**
 * The inbox worker's domain (issue 14; see ./types.ts): `answerInbound(event, now)` deals with
 * one stored inbound message, by the brand's rules (shared/inbox.ts header), exactly once:
 * 1. the message must still be pending (`pendingKey` set), else 'duplicate' (another delivery
 *    of the event finished it);
 * 2. a Messenger or Instagram DM whose customer has no name yet: their profile is read once
 *    (./profile.ts `completeCustomer`, best effort), so the lead below gets the real name/handle;
 *    then leads (./leads.ts `captureLead`; a failure is logged and does not stop the answer);
 * 3. a human-only topic → the conversation goes to 'humano'; unless the mode is 'off' or the DM's
 *    reply window closed, the hand-off message (with the business hours when outside them) is
 *    sent once until someone answers again (`handoffSentAt`, reset by the next sent answer) →
 *    'handoff';
 * 4. mode 'off', an attachment ('[adjunto]'), or a DM older than REPLY_WINDOW_MS → 'pendiente',
 *    not answered → 'skipped';
 * 5. otherwise the widget's brain (core/widget/answer.ts: `cannedAnswer`, else `knowledgeAnswer`
 *    with the brand's provider under the brand's daily answer cap `withDailyAnswer`; history = the
 *    conversation's last messages that were really exchanged; the DM text is only ever the user
 *    message of the model request; this path has no tools), clipped to the network's limit;
 *    the cap reached → 'skipped' (pendiente). The answer's key is `answerIdOf(inbound id)`,
 *    created conditionally: a second delivery finds it → 'duplicate', nothing sent twice.
 *    'suggest' → stored 'sugerida', conversation 'pendiente' → 'suggested' (outside business
 *    hours the hand-off message goes out at once, as in 3); 'automatic' → 'enviando', sent
 *    (./send.ts), then 'enviada' → 'answered', or 'error' with the Spanish reason (conversation
 *    'pendiente') → 'failed'.
 * 6. the inbound message's `pendingKey` is removed (the sweep stops redelivering it).
 * Unexpected failures throw (Lambda retries the event; the claim keeps a retry from sending twice).
 */
import { INBOX_MSG, REPLY_MAX_LENGTH, REPLY_WINDOW_MS, WINDOW_NETWORKS, type InboxNetwork, type InboxRules } from '@director-ia/shared';
import { offlineProvider, type AiProvider, type ChatMessage } from '../../platform/ai';
import { conversationMessages, conversations, type ConversationItem, type ConversationMessageItem } from '../../platform/db/entities/conversation';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { NotFoundError, QuotaExceededError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { clipReply } from '../../platform/social/messaging';
import { brandAiProvider } from '../generation/provider';
import { brandTimeZone } from '../settings/aiSettings';
import { cannedAnswer, knowledgeAnswer } from '../widget/answer';
import { readWidgetBrand } from '../widget/brand';
import { HISTORY_MESSAGES } from '../widget/conversation';
import { withDailyAnswer } from '../widget/limits';
import { answerIdOf } from './ids';
import { captureLead } from './leads';
import { completeCustomer } from './profile';
import { handoffText, humanTopicOf, readInboxRules, withinBusinessHours } from './rules';
import { claimMessage, deliver, finishSend } from './send';
import type { InboxWorkerEvent } from './types';

/** What the worker did with the message (for the log and the tests). */
export type AnswerOutcome = 'answered' | 'suggested' | 'handoff' | 'skipped' | 'duplicate' | 'failed';

/** The text RECEIVE stores for a message without text (an attachment): never answered by the AI. */
export const ATTACHMENT_TEXT = INBOX_MSG.attachment;

/** Test seams: the model provider (default: the brand's, offline when unusable). */
export interface AnswerOptions {
  provider?: AiProvider;
}

/** The id of the hand-off message sent because of inbound message `inboundId` (after its answer's id). */
export const handoffIdOf = (inboundId: string): string => answerIdOf(answerIdOf(inboundId));

/** The brand's provider; a configuration it cannot use answers offline (as the widget does). */
async function providerFor(uid: string): Promise<AiProvider> {
  try {
    return await brandAiProvider(uid);
  } catch (error) {
    logger.warn('Inbox provider unavailable: answering offline', { error: { name: (error as Error).name } });
    return offlineProvider;
  }
}

/** The messages exchanged before `before` (customer's and sent brand messages), oldest first, as model messages. */
async function historyBefore(uid: string, conversationId: string, before: string): Promise<ChatMessage[]> {
  const { data } = await conversationMessages().query.byConversation({ uid, conversationId }).lt({ id: before }).go({ order: 'desc', limit: HISTORY_MESSAGES * 3 });
  return data
    .filter((m) => m.role === 'visitor' || m.state === 'enviada' || m.state === undefined)
    .slice(0, HISTORY_MESSAGES)
    .reverse()
    .map((m) => ({ role: m.role === 'visitor' ? ('user' as const) : ('assistant' as const), content: m.text }));
}

const setState = (uid: string, id: string, state: 'pendiente' | 'humano', now: Date) =>
  conversations().patch({ uid, id }).set({ state, updatedAt: now.toISOString() }).go();

/** A brand message answering `inbound`. */
function brandMessage(inbound: ConversationMessageItem, id: string, text: string, state: 'sugerida' | 'enviando', now: Date, extra: Partial<ConversationMessageItem> = {}): ConversationMessageItem {
  return { uid: inbound.uid, conversationId: inbound.conversationId, id, role: 'assistant', text, state, replyTo: inbound.id, createdAt: now.toISOString(), ...extra };
}

/** Sends the hand-off message for `inbound` once (its own claimed id); false when it was not sent. */
async function sendHandoff(conversation: ConversationItem, inbound: ConversationMessageItem, rules: InboxRules, inside: boolean, now: Date): Promise<boolean> {
  const network = conversation.channel as InboxNetwork;
  const text = clipReply(handoffText(rules, inside), REPLY_MAX_LENGTH[network][conversation.kind ?? 'dm']);
  const message = brandMessage(inbound, handoffIdOf(inbound.id), text, 'enviando', now, { handoff: true });
  if (!(await claimMessage(message))) return false;
  const result = await deliver(conversation.uid, conversation, text, now);
  await finishSend(conversation.uid, conversation, message, result, now);
  return result.ok;
}

/** Whether the DM `inbound` can no longer be answered (its window closed). */
function windowClosed(conversation: ConversationItem, inbound: ConversationMessageItem, now: Date): boolean {
  if ((conversation.kind ?? 'dm') !== 'dm' || !WINDOW_NETWORKS.includes(conversation.channel as InboxNetwork)) return false;
  return now.getTime() - Date.parse(inbound.createdAt) > REPLY_WINDOW_MS;
}

async function decide(conversation: ConversationItem, inbound: ConversationMessageItem, now: Date, options: AnswerOptions): Promise<AnswerOutcome> {
  const { uid } = conversation;
  const network = conversation.channel as InboxNetwork;
  const rules = await readInboxRules(uid);
  const mode = rules.modes[network];
  const closed = windowClosed(conversation, inbound, now);
  const inside = () => brandTimeZone(uid).then((zone) => withinBusinessHours(rules.businessHours, zone, now));

  if (humanTopicOf(inbound.text, rules)) {
    await setState(uid, conversation.id, 'humano', now);
    if (mode !== 'off' && !closed && !conversation.handoffSentAt) await sendHandoff(conversation, inbound, rules, await inside(), now);
    return 'handoff';
  }
  if (mode === 'off' || closed || inbound.text.trim() === ATTACHMENT_TEXT) {
    await setState(uid, conversation.id, 'pendiente', now);
    return 'skipped';
  }
  const answerId = answerIdOf(inbound.id);
  const { data: already } = await conversationMessages().get({ uid, conversationId: conversation.id, id: answerId }).go();
  if (already) return 'duplicate';

  let brand;
  try {
    brand = await readWidgetBrand(uid);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    // The owner's account is not active: nothing is answered in its name.
    await setState(uid, conversation.id, 'pendiente', now);
    return 'skipped';
  }
  const provider = options.provider ?? (await providerFor(uid));
  const base = { brandName: brand.name, brand: brand.context, message: inbound.text };
  let answer;
  try {
    answer =
      cannedAnswer(base, provider.offline) ??
      (await withDailyAnswer(uid, async () => knowledgeAnswer(uid, provider, { ...base, history: await historyBefore(uid, conversation.id, inbound.id) }), now));
  } catch (error) {
    if (!(error instanceof QuotaExceededError)) throw error;
    logger.warn('Inbox answer skipped: the daily answer cap is reached', { network });
    await setState(uid, conversation.id, 'pendiente', now);
    return 'skipped';
  }
  const text = clipReply(answer.reply, REPLY_MAX_LENGTH[network][conversation.kind ?? 'dm']);
  const offline = answer.offline ? { offline: true } : {};

  if (mode === 'suggest') {
    if (!(await claimMessage(brandMessage(inbound, answerId, text, 'sugerida', now, offline)))) return 'duplicate';
    await setState(uid, conversation.id, 'pendiente', now);
    const within = await inside();
    if (!within && !closed && !conversation.handoffSentAt) await sendHandoff(conversation, inbound, rules, within, now);
    return 'suggested';
  }
  const message = brandMessage(inbound, answerId, text, 'enviando', now, offline);
  if (!(await claimMessage(message))) return 'duplicate';
  const result = await deliver(uid, conversation, text, now);
  await finishSend(uid, conversation, message, result, now);
  return result.ok ? 'answered' : 'failed';
}

/** Answers one stored inbound message (see the module header). */
export async function answerInbound(event: InboxWorkerEvent, now = new Date(), options: AnswerOptions = {}): Promise<{ outcome: AnswerOutcome }> {
  const { uid, conversationId, messageId } = event;
  const key = { uid, conversationId, id: messageId };
  const { data: inbound } = await conversationMessages().get(key).go({ consistent: true });
  if (!inbound?.pendingKey) return { outcome: 'duplicate' };
  const { data: stored } = await conversations().get({ uid, id: conversationId }).go({ consistent: true });
  let outcome: AnswerOutcome = 'skipped';
  if (stored && stored.channel !== 'widget' && inbound.role === 'visitor') {
    const conversation = await completeCustomer(stored, now);
    try {
      await captureLead(uid, conversation, inbound.text, now);
    } catch (error) {
      logger.error('Inbox lead capture failed', { network: conversation.channel, error: { name: (error as Error).name } });
    }
    outcome = await decide(conversation, inbound, now, options);
  }
  try {
    await conversationMessages().patch(key).remove(['pendingKey']).go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  logger.info('Inbox message handled', { network: stored?.channel ?? null, outcome });
  return { outcome };
}

