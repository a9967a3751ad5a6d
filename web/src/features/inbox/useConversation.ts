/**
 * verConversacion (active; issue 14 item 2): one conversation's thread, oldest first; the server
 * marks it read, and the cached lists show it read at once (its unread off the total). While the
 * thread is open it is re-read every THREAD_REFRESH_MS, so the AI's reply or a new customer
 * message that arrives later appears without reloading.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CallableOutput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';
import { conversationsKey, threadKey } from './keys';
import { withConversationRead, type ConversationList } from './view';

/** How often an open thread is re-read, ms. */
export const THREAD_REFRESH_MS = 5_000;

/** `{conversation, messages}`. */
export type Thread = CallableOutput<'verConversacion'>;

/**
 * Reads conversation `id` (marking it read) and shows it read in every cached list that still
 * counts it unread. Lists where it is already read are left alone: writing a list's cache restarts
 * its refetch interval, so rewriting it on every thread re-read would stop the list from ever
 * re-reading itself while a conversation is open.
 */
export async function fetchThread(client: QueryClient, id: string, signal?: AbortSignal): Promise<Thread> {
  const thread = await callFunction('verConversacion', { id }, { signal });
  client.setQueriesData<ConversationList>({ queryKey: conversationsKey }, (old) => {
    // undefined: this list is not written (see above).
    if (!old || !old.conversations.some((conversation) => conversation.id === id && conversation.unread > 0)) return undefined;
    return withConversationRead(old, thread.conversation);
  });
  return thread;
}

/** The thread of conversation `id`; nothing is read while `id` is null. */
export function useConversation(id: string | null) {
  const client = useQueryClient();
  return useCallableQuery(threadKey(id ?? ''), (signal) => fetchThread(client, id ?? '', signal), {
    enabled: id !== null,
    staleTime: 2_000,
    refetchInterval: THREAD_REFRESH_MS,
  });
}
