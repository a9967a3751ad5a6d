/**
 * obtenerConversacion (active): the transcript of a lead's conversation with the website widget,
 * oldest first; read when the owner opens it.
 */
import { useQuery } from '@tanstack/react-query';
import type { TranscriptMessage } from '@director-ia/shared';
import { callFunction } from '../../lib/api';

export const transcriptKey = (leadId: string) => ['leads', 'transcript', leadId] as const;

export async function fetchTranscript(leadId: string, signal?: AbortSignal): Promise<TranscriptMessage[]> {
  const { messages } = await callFunction('obtenerConversacion', { leadId }, { signal });
  return messages;
}

export function useTranscript(leadId: string) {
  return useQuery({
    queryKey: transcriptKey(leadId),
    queryFn: ({ signal }) => fetchTranscript(leadId, signal),
    retry: 1,
    staleTime: 30_000,
  });
}
