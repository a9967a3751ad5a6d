/**
 * iniciarVideo / estadoVideo (active; issue 4 item 3): starting a video job, then polling its
 * status every few seconds until it is 'listo' or 'error'. Where the brand's provider cannot make
 * video, starting answers 501 with the plain sentence, which the panel shows.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CallableInput, CallableOutput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';

export type VideoJob = CallableOutput<'iniciarVideo'>;
export type VideoState = CallableOutput<'estadoVideo'>;

export const VIDEO_POLL_MS = 5000;

export function useStartVideo() {
  return useMutation({ mutationFn: (request: CallableInput<'iniciarVideo'>) => callFunction('iniciarVideo', request) });
}

export function useVideoStatus(jobId: string | null) {
  return useQuery({
    queryKey: ['video', 'status', jobId],
    queryFn: ({ signal }) => callFunction('estadoVideo', { jobId: jobId ?? '' }, { signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'listo' || query.state.data.status === 'error') ? false : VIDEO_POLL_MS),
  });
}
