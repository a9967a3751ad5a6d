/**
 * listarMensajesChat (active, owner-only): the chat's history, oldest first. It is re-read every
 * CHAT_TRANSCRIPTION_POLL_MS while a voice note is being transcribed (the read advances it), when
 * the window regains focus, and before the short-lived URLs of its photos and images expire.
 * `mergeChatMessages` puts the messages other calls return into the same cache (by id, in order).
 */
import { type QueryClient } from '@tanstack/react-query';
import { CHAT_TRANSCRIPTION_POLL_MS, type CallableOutput, type ChatMessageView } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { URL_REFRESH_MS, useCallableQuery } from '../../lib/queries';

export type ChatHistory = CallableOutput<'listarMensajesChat'>;

export const chatKey = (uid: string) => ['chat', uid, 'messages'] as const;

export async function fetchChatMessages(uid: string, signal?: AbortSignal): Promise<ChatHistory> {
  return callFunction('listarMensajesChat', { uid }, { signal });
}

export function useChatMessages(uid: string) {
  return useCallableQuery(chatKey(uid), (signal) => fetchChatMessages(uid, signal), {
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    // A voice note being transcribed is polled; otherwise re-read before the URLs expire.
    refetchInterval: (query) => (query.state.data?.transcribing ? CHAT_TRANSCRIPTION_POLL_MS : URL_REFRESH_MS),
  });
}

/** `current` with `incoming` added or replaced by id, ordered by id (ids are time ordered). */
export function mergeMessages(current: readonly ChatMessageView[], incoming: readonly ChatMessageView[]): ChatMessageView[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Adds what a call returned to the cached history of `uid`. */
export function mergeChatMessages(queryClient: QueryClient, uid: string, incoming: readonly ChatMessageView[]): void {
  queryClient.setQueryData<ChatHistory>(chatKey(uid), (previous) => ({
    messages: mergeMessages(previous?.messages ?? [], incoming),
    transcribing: (previous?.transcribing ?? false) || incoming.some((message) => message.transcription === 'pending'),
  }));
}
