/**
 * listarConversaciones (active; issue 14 item 1): the owner's conversations, newest activity first,
 * with the total of unread customer messages. New messages arrive by webhook at any time, so the
 * open page re-reads its list every CONVERSATIONS_REFRESH_MS and on window focus; while a new
 * filter is being read the previous list stays on screen (the page narrows it at once with
 * conversationMatches). The top bar reads the unfiltered list for its unread badge, less often.
 */
import { keepPreviousData } from '@tanstack/react-query';
import type { ConversationFilter } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';
import { conversationListKey, serverFilter } from './keys';
import type { ConversationList } from './view';

/** How often the open Bandeja page looks for new messages, ms. */
export const CONVERSATIONS_REFRESH_MS = 10_000;
/** How often the top bar's unread badge is refreshed on the other pages, ms. */
export const UNREAD_REFRESH_MS = 60_000;

export function fetchConversations(filter: ConversationFilter, signal?: AbortSignal): Promise<ConversationList> {
  return callFunction('listarConversaciones', serverFilter(filter), { signal });
}

/** The list under `filter` (channel, state, search; trimmed, only the fields set). */
export function useConversations(filter: ConversationFilter) {
  const key = serverFilter(filter);
  return useCallableQuery(conversationListKey(key), (signal) => fetchConversations(key, signal), {
    staleTime: 5_000,
    refetchInterval: CONVERSATIONS_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    placeholderData: keepPreviousData,
  });
}

/** The total of unread customer messages (the top bar's badge); 0 until known or when the read fails. */
export function useInboxUnread(): number {
  const query = useCallableQuery(conversationListKey({}), (signal) => fetchConversations({}, signal), {
    staleTime: 30_000,
    refetchInterval: UNREAD_REFRESH_MS,
  });
  return query.data?.unread ?? 0;
}
