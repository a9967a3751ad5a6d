/**
 * obtenerConversacion (active): the transcript of a lead's conversation with the website widget,
 * oldest first; read when the owner opens it.
 */
import type { TranscriptMessage } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';

export const transcriptKey = (leadId: string) => ['leads', 'transcript', leadId] as const;

export async function fetchTranscript(leadId: string, signal?: AbortSignal): Promise<TranscriptMessage[]> {
  const { messages } = await callFunction('obtenerConversacion', { leadId }, { signal });
  return messages;
}

export function useTranscript(leadId: string) {
  return useCallableQuery(transcriptKey(leadId), (signal) => fetchTranscript(leadId, signal), { staleTime: 30_000 });
}
