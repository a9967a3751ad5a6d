/** listarAuditoria (admin; issue 17 item 1): the admin actions, newest first, a page at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { callFunction } from '../../lib/api';

export const auditKey = ['audit'] as const;

export function useAudit() {
  return useInfiniteQuery({
    queryKey: auditKey,
    queryFn: ({ pageParam, signal }) => callFunction('listarAuditoria', pageParam ? { cursor: pageParam } : null, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: 1,
  });
}
