/**
 * responderConversacion (active; issue 14 item 2): the owner's own reply, sent through the
 * network. The thread shows it at once; on failure the server keeps it as 'error' with the
 * network's reason, and the toast says that reason in Spanish. The thread and the lists are re-read
 * either way.
 */
import { INBOX_MSG, type InboxMessage } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { messageMutation } from './threadCache';

export async function replyConversation(id: string, text: string): Promise<InboxMessage> {
  const { message } = await callFunction('responderConversacion', { id, text });
  return message;
}

/** Replies in conversation `id`; `mutate(text)`. */
export function useReplyConversation(id: string) {
  return useCallableMutation(messageMutation(id, (text: string) => replyConversation(id, text), INBOX_MSG.replySent));
}
