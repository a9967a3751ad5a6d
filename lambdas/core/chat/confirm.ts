/**
 * `confirmarAccionChat`'s domain (issue 6 item 3): the owner resolves an action the AI proposed
 * (an assistant message of the caller's own history with a pending action).
 * - Unknown id (or another tenant's: the lookup is under the caller's partition) → 404 NOT_FOUND;
 *   not pending → 409 ABORTED; older than CHAT_ACTION_TTL_MS → marked expired, 409 ABORTED.
 * - 'Cancelar' → pending → cancelled (conditional) and a short answer.
 * - 'Confirmar' → pending → running with a conditional update (two taps, or two devices, can
 *   never run it twice), the stored input is parsed again with the tool's schema, the tool runs
 *   with the verified caller's `sub` (confirmedTools.ts), and the action ends done or failed with
 *   an answer showing the result (the generated image) or the Spanish reason (e.g. the daily
 *   quota).
 * Returns the updated proposal and the new answer, as the browser shows them.
 */
import { CHAT_ACTION_TTL_MS, CHAT_MSG, type ChatActionStatus, type ChatMessageView } from '@director-ia/shared';
import { chatMessages } from '../../platform/db/entities/chatMessage';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { CONFIRMED_TOOLS, isConfirmedTool, runConfirmedTool } from './confirmedTools';
import { chatViews, getChatMessage, saveChatMessage, type ChatMessageItem } from './history';
import { parseToolCall } from './tools';
import { failureText } from './failure';
import type { CallableInput } from '@director-ia/shared';


/** Moves the action from `from` to `to`; false when it was not in `from` any more. */
async function transition(item: ChatMessageItem, from: ChatActionStatus, to: ChatActionStatus, now: Date): Promise<boolean> {
  try {
    await chatMessages()
      .patch({ uid: item.uid, id: item.id })
      .set({ actionStatus: to, updatedAt: now.toISOString() })
      .where((attr, op) => op.eq(attr.actionStatus, from))
      .go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

export type ConfirmInput = Omit<CallableInput<'confirmarAccionChat'>, 'uid'>;

/** Resolves action `actionId` of `sub` (see the module header). */
export async function confirmChatAction(sub: string, { actionId, confirm }: ConfirmInput, now = new Date()): Promise<ChatMessageView[]> {
  const item = await getChatMessage(sub, actionId);
  if (!item || item.role !== 'assistant' || !item.actionStatus || !item.tool) throw new NotFoundError(CHAT_MSG.actionNotFound);
  if (item.actionStatus !== 'pending') throw new ConflictError(CHAT_MSG.actionResolved);
  if (now.getTime() - Date.parse(item.createdAt) > CHAT_ACTION_TTL_MS) {
    await transition(item, 'pending', 'expired', now);
    throw new ConflictError(CHAT_MSG.actionExpired);
  }
  const to: ChatActionStatus = confirm ? 'running' : 'cancelled';
  if (!(await transition(item, 'pending', to, now))) throw new ConflictError(CHAT_MSG.actionResolved);

  if (!confirm) {
    const answer = await saveChatMessage(sub, { role: 'assistant', text: CHAT_MSG.actionCancelled, offline: false, model: 'rules', tool: item.tool }, now);
    return chatViews(sub, [{ ...item, actionStatus: 'cancelled' }, answer]);
  }

  let input: unknown;
  try {
    input = JSON.parse(item.actionInput ?? '{}');
  } catch {
    input = null;
  }
  const call = parseToolCall({ name: item.tool, input }, CONFIRMED_TOOLS);
  let answer: ChatMessageItem;
  let status: ChatActionStatus;
  if (!call || !isConfirmedTool(call)) {
    logger.error('A stored chat action does not parse', { tool: item.tool });
    status = 'failed';
    answer = await saveChatMessage(sub, { role: 'assistant', text: CHAT_MSG.toolInputInvalid, offline: false, tool: item.tool, error: true }, now);
  } else {
    try {
      const outcome = await runConfirmedTool(sub, call, now);
      status = 'done';
      answer = await saveChatMessage(
        sub,
        {
          role: 'assistant',
          text: outcome.text,
          offline: Boolean(outcome.offline),
          ...(outcome.model ? { model: outcome.model } : {}),
          tool: call.tool,
          ...(outcome.assetId ? { assetId: outcome.assetId } : {}),
        },
        now,
      );
      logger.info('Chat action ran', { tool: call.tool });
    } catch (error) {
      status = 'failed';
      answer = await saveChatMessage(sub, { role: 'assistant', text: CHAT_MSG.actionFailed(failureText(error)), offline: false, tool: call.tool, error: true }, now);
    }
  }
  await transition(item, 'running', status, now);
  return chatViews(sub, [{ ...item, actionStatus: status }, answer]);
}
