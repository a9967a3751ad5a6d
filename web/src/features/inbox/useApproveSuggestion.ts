/**
 * aprobarRespuesta (active; issue 14 item 2): sends an AI suggestion, with the owner's edit when
 * the text changed. The message shows its new state ('Enviada') at once; failures come back in
 * Spanish (outside the window, not connected, refused by the network).
 */
import { INBOX_MSG, type InboxMessage } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { messageMutation } from './threadCache';

export interface Approval {
  messageId: string;
  /** The edited text; absent to send the suggestion as it is. */
  text?: string;
}

export async function approveSuggestion(id: string, approval: Approval): Promise<InboxMessage> {
  const { message } = await callFunction('aprobarRespuesta', { id, ...approval });
  return message;
}

/** The approval of `original` edited to `edited`: the text only when the owner changed it. */
export function approvalOf(messageId: string, original: string, edited: string): Approval {
  return edited.trim() === original.trim() ? { messageId } : { messageId, text: edited.trim() };
}

/** Approves suggestions of conversation `id`. */
export function useApproveSuggestion(id: string) {
  return useCallableMutation(messageMutation(id, (approval: Approval) => approveSuggestion(id, approval), INBOX_MSG.replySent));
}
