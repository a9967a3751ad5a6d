/**
 * listarRenders (active; issue 18): the owner's newest render jobs (soundtracks and videos, at most
 * 20), so a reload still shows what is running. Re-read every RENDERS_LIST_POLL_MS while one of them
 * runs, and whenever a job is started or finishes (`rendersKey`).
 */
import type { RenderJob } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';
import { rendersListPollInterval } from './rules';

export const rendersKey = ['media', 'renders'] as const;

export async function fetchRenders(signal?: AbortSignal): Promise<RenderJob[]> {
  const { jobs } = await callFunction('listarRenders', null, { signal });
  return jobs;
}

export function useRenders() {
  return useCallableQuery(rendersKey, fetchRenders, { refetchInterval: (query) => rendersListPollInterval(query.state.data), refetchOnWindowFocus: true });
}
