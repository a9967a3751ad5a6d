/**
 * The inbox's internal contract (issue 14), between its two halves:
 * - RECEIVE (lambdas/http/socialWebhook.ts → core/inbox/receive.ts, store.ts): verifies a webhook
 *   delivery (Meta `X-Hub-Signature-256` over the raw body with the network app's secret; Telegram
 *   `X-Telegram-Bot-Api-Secret-Token`), parses it into InboundMessages (the networks' documented
 *   shapes), resolves each one's brand (core/inbox/routes.ts: the page, Instagram account or bot
 *   → `sub`), stores it (`storeInbound`: the conversation upserted, the message created under a key
 *   derived from the network's message id, so a redelivery is a no-op) and, for every message newly
 *   stored, asks for an answer: an asynchronous invocation of the inbox worker with an
 *   InboxWorkerEvent (the sweep redelivers what stays unanswered).
 * - ANSWER (lambdas/events/inboxWorker.ts → core/inbox/answer.ts): for one stored inbound message,
 *   applies the brand's rules (shared/inbox.ts header), writes the AI's answer with the widget's
 *   brain (core/widget/answer.ts `knowledgeAnswer` + its guard), and sends it through the network
 *   (platform/social/messaging) exactly once: the answer's id is derived from the inbound
 *   message's (`answerIdOf`) and its create is conditional, so a second delivery of the same event
 *   finds it and does nothing.
 */
import type { ConversationKind, InboxNetwork } from '@director-ia/shared';

/** One customer message or comment as a webhook delivered it (network shapes already parsed). */
export interface InboundMessage {
  network: InboxNetwork;
  kind: ConversationKind;
  /** The page id (Messenger, Facebook comments), Instagram account id, or Telegram bot id that received it. */
  accountId: string;
  /** The network's id of this message or comment (Meta `mid` / comment id, Telegram `<chat id>:<message_id>`). */
  externalId: string;
  /** The sender: PSID, IGSID, commenter id, Telegram chat id (private chats: the user's id). */
  customerId: string;
  /** What the network says of the sender, when it says it (comments and Telegram carry a name or username). */
  customerName?: string;
  /** The username without '@' (the inbox and the leads write it as `@handle`). */
  customerHandle?: string;
  text: string;
  /** Epoch ms the network gives for the message (Meta `timestamp`, comment `created_time` × 1000, Telegram `date` × 1000). */
  sentAt: number;
  /** Comments: the post's id and, for a reply target, the comment's id (= externalId). */
  postId?: string;
}

/** What the webhook handler asks the inbox worker to do: answer one stored inbound message. */
export interface InboxWorkerEvent {
  uid: string;
  conversationId: string;
  /** The stored inbound message's id (conversationMessage `id`). */
  messageId: string;
}
