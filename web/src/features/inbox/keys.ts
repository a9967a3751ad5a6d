/** TanStack query keys of Bandeja (issue 14): every inbox read sits under `inboxKey`. */
import type { ConversationFilter } from '@director-ia/shared';

export const inboxKey = ['inbox'] as const;
/** Every list read, whatever its filter (invalidate or update them all with this). */
export const conversationsKey = [...inboxKey, 'conversations'] as const;
/** One filtered list read; `filter` holds only the fields that are set, so equal filters share it. */
export const conversationListKey = (filter: ConversationFilter) => [...conversationsKey, filter] as const;
export const threadKey = (id: string) => [...inboxKey, 'thread', id] as const;
export const inboxRulesKey = [...inboxKey, 'rules'] as const;

/** The server filter of the list: channel, state and the trimmed search, only when set. */
export function serverFilter(filter: ConversationFilter): ConversationFilter {
  const search = filter.search?.trim();
  return { ...(filter.channel ? { channel: filter.channel } : {}), ...(filter.state ? { state: filter.state } : {}), ...(search ? { search } : {}) };
}
