/**
 * estadoRender (active; issue 18): one render job, asked about every RENDER_POLL_MS until it is
 * 'listo' or 'error'. When it finishes, the gallery, the job list and (for a post's video) the
 * plan's posts are re-read, so the new asset shows everywhere.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RenderJob } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { assetsKey } from '../assets';
import { postsKey } from '../plan';
import { renderPollInterval } from './rules';
import { rendersKey } from './useRenders';

export const renderJobKey = (jobId: string | null) => ['media', 'render', jobId] as const;

/** The job `jobId` (none while null); `initial` (what the start call answered) shows at once. */
export function useRenderJob(jobId: string | null, initial?: RenderJob) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: renderJobKey(jobId),
    queryFn: ({ signal }) => callFunction('estadoRender', { jobId: jobId ?? '' }, { signal }),
    enabled: jobId !== null,
    retry: 2,
    ...(initial && initial.jobId === jobId ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
    refetchInterval: (state) => renderPollInterval(state.state.data),
  });
  const status = query.data?.status;
  const postId = query.data?.postId;
  useEffect(() => {
    if (status !== 'listo' && status !== 'error') return;
    void client.invalidateQueries({ queryKey: rendersKey });
    if (status === 'listo') {
      void client.invalidateQueries({ queryKey: assetsKey });
      if (postId) void client.invalidateQueries({ queryKey: postsKey });
    }
  }, [client, status, postId]);
  return query;
}
