/**
 * Keeps a cached thread in step with a message the server just answered with (issue 14 item 2),
 * and the options the three message operations share (reply, approve, discard).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { InboxMessage } from '@director-ia/shared';
import type { CallableMutationOptions } from '../../lib/queries';
import { conversationsKey, threadKey } from './keys';
import type { Thread } from './useConversation';

/** `messages` with `message` in place of the one with its id, or appended when new. */
export function withMessage(messages: readonly InboxMessage[], message: InboxMessage): InboxMessage[] {
  return messages.some((item) => item.id === message.id) ? messages.map((item) => (item.id === message.id ? message : item)) : [...messages, message];
}

/** Shows `message` in conversation `id`'s cached thread at once (the re-read follows). */
export function storeMessage(client: QueryClient, id: string, message: InboxMessage): void {
  client.setQueryData<Thread>(threadKey(id), (old) => (old ? { ...old, messages: withMessage(old.messages, message) } : old));
}

/**
 * The mutation options of an operation on conversation `id` that answers a message: the success
 * toast `success`, the message shown in the thread at once, the thread and the lists re-read
 * whether it succeeded or not (a failed send is stored as 'error' with its reason).
 */
export function messageMutation<TVariables>(id: string, call: (variables: TVariables) => Promise<InboxMessage>, success: string): CallableMutationOptions<InboxMessage, TVariables> {
  return {
    mutationFn: call,
    success,
    invalidates: [threadKey(id), conversationsKey],
    onSuccess: (message, _variables, _onMutate, { client }) => storeMessage(client, id, message),
  };
}
