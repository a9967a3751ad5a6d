/** descartarRespuesta (active; issue 14 item 2): discards an AI suggestion; it stays in the thread as 'Descartada'. */
import { INBOX_MSG, type InboxMessage } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { messageMutation } from './threadCache';

export async function discardSuggestion(id: string, messageId: string): Promise<InboxMessage> {
  const { message } = await callFunction('descartarRespuesta', { id, messageId });
  return message;
}

/** Discards suggestions of conversation `id`; `mutate(messageId)`. */
export function useDiscardSuggestion(id: string) {
  return useCallableMutation(messageMutation(id, (messageId: string) => discardSuggestion(id, messageId), INBOX_MSG.suggestionDiscarded));
}
