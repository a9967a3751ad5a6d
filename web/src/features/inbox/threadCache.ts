/** Keeps a cached thread in step with a message the server just answered with (issue 14 item 2). */
import type { QueryClient } from '@tanstack/react-query';
import type { InboxMessage } from '@director-ia/shared';
import { threadKey } from './keys';
import type { Thread } from './useConversation';

/** `messages` with `message` in place of the one with its id, or appended when new. */
export function withMessage(messages: readonly InboxMessage[], message: InboxMessage): InboxMessage[] {
  return messages.some((item) => item.id === message.id) ? messages.map((item) => (item.id === message.id ? message : item)) : [...messages, message];
}

/** Shows `message` in conversation `id`'s cached thread at once (the re-read follows). */
export function storeMessage(client: QueryClient, id: string, message: InboxMessage): void {
  client.setQueryData<Thread>(threadKey(id), (old) => (old ? { ...old, messages: withMessage(old.messages, message) } : old));
}
