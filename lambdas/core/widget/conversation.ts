/**
 * Widget conversations and their transcript (issue 6 item 1; entities in
 * platform/db/entities/conversation.ts), always under the brand's partition `user#<uid>`:
 * - a conversation may hold WIDGET_LIMITS.maxVisitorMessages visitor messages (each with its
 *   answer, so twice that many stored messages): checked before answering and again, atomically,
 *   when the turn is stored (429 RESOURCE_EXHAUSTED, nothing stored);
 * - a turn (the visitor's message and the assistant's answer) is stored in one transaction with
 *   the conversation's message count: created for a new conversation (condition: no such item),
 *   `ADD messageCount 2` for an existing one (condition: exists and has room).
 *   Issue 14 (Bandeja): the conversation also carries the inbox summary: kind 'dm', state
 *   'respondida' (the widget answers live), `ADD unread 1`, the assistant's answer as the last
 *   message (clipped) with its time, and the visitor's time as `lastCustomerAt`.
 *   Issue 15 item 4: a new conversation stores the attribution of the visit that opened it.
 * An id from the body that is not one of this brand's conversations is 404 NOT_FOUND.
 */
import { WIDGET_LIMITS, WIDGET_MSG, type Attribution } from '@director-ia/shared';
import type { ChatMessage } from '../../platform/ai/types';
import { conversationMessages, conversations, type ConversationItem } from '../../platform/db/entities/conversation';
import { TransactionCancelled } from '../../platform/db/errors';
import { transactWrite, type DirectorEntities } from '../../platform/db/service';
import { NotFoundError, QuotaExceededError } from '../../platform/errors';
import { clipLine } from '../inbox/view';
import { newObjectId } from '../uploads/keys';

/** Messages (visitor's and assistant's) a conversation may hold. */
export const MAX_STORED_MESSAGES = WIDGET_LIMITS.maxVisitorMessages * 2;
/** Earlier messages a model sees with each new one. */
export const HISTORY_MESSAGES = 8;

const conversationLimit = () => new QuotaExceededError(WIDGET_MSG.conversationLimit(WIDGET_LIMITS.maxVisitorMessages));

/** Brand `uid`'s conversation `id`; NOT_FOUND when it has none by that id. */
export async function readConversation(uid: string, id: string): Promise<ConversationItem> {
  const { data } = await conversations().get({ uid, id }).go();
  if (!data) throw new NotFoundError(WIDGET_MSG.conversationNotFound);
  return data;
}

/** Throws 429 when `conversation` has no room for one more turn. */
export function assertRoomForTurn(conversation: Pick<ConversationItem, 'messageCount'>): void {
  if (conversation.messageCount + 2 > MAX_STORED_MESSAGES) throw conversationLimit();
}

/** The last HISTORY_MESSAGES messages of a conversation, oldest first, as model messages. */
export async function recentHistory(uid: string, conversationId: string, max = HISTORY_MESSAGES): Promise<ChatMessage[]> {
  const { data } = await conversationMessages().query.byConversation({ uid, conversationId }).go({ order: 'desc', limit: max });
  return data.reverse().map((m) => ({ role: m.role === 'visitor' ? 'user' : 'assistant', content: m.text }));
}

export interface Turn {
  uid: string;
  /** Null: a new conversation. */
  conversationId: string | null;
  visitorText: string;
  assistantText: string;
  /** Issue 15 item 4: where the visit came from; stored only when the turn creates the conversation. */
  attribution?: Attribution;
}

/** Stores one turn (see the module header); returns the conversation id. */
export async function storeTurn(turn: Turn, now = new Date()): Promise<string> {
  const at = now.toISOString();
  const id = turn.conversationId ?? newObjectId(now.getTime());
  const summary = {
    kind: 'dm' as const,
    state: 'respondida' as const,
    lastMessage: clipLine(turn.assistantText),
    lastAuthor: 'assistant' as const,
    lastMessageAt: new Date(now.getTime() + 1).toISOString(),
    lastCustomerAt: at,
  };
  const conversationOp = ({ conversation }: DirectorEntities) =>
    turn.conversationId
      ? conversation
          .patch({ uid: turn.uid, id })
          .add({ messageCount: 2, unread: 1 })
          .set({ ...summary, updatedAt: at })
          .where(({ messageCount }, { lte }) => lte(messageCount, MAX_STORED_MESSAGES - 2))
          .commit()
      : conversation
          .create({ uid: turn.uid, id, channel: 'widget', messageCount: 2, unread: 1, ...summary, ...(turn.attribution ? { attribution: turn.attribution } : {}), createdAt: at, updatedAt: at })
          .commit();
  // The assistant's id is a millisecond later, so the transcript keeps the order of the turn.
  const message = ({ conversationMessage }: DirectorEntities, role: 'visitor' | 'assistant', text: string, time: number) =>
    conversationMessage.create({ uid: turn.uid, conversationId: id, id: newObjectId(time), role, text, createdAt: new Date(time).toISOString() }).commit();
  try {
    await transactWrite((entities) => [
      conversationOp(entities),
      message(entities, 'visitor', turn.visitorText, now.getTime()),
      message(entities, 'assistant', turn.assistantText, now.getTime() + 1),
    ]);
  } catch (error) {
    // Only the conversation carries a condition that another request can break: its room.
    if (turn.conversationId && error instanceof TransactionCancelled) throw conversationLimit();
    throw error;
  }
  return id;
}
