/**
 * listarUsuarios (admin; issue 17 item 1): the admin panel's users, a page at a time ('Cargar
 * más' asks for the next), for a status filter and an e-mail prefix search, with the counts per
 * status of the last page read.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProfileStatus } from '@director-ia/shared';
import { callFunction } from '../../lib/api';

/** Every users query (what an action makes stale). */
export const usersKey = ['users'] as const;

export interface UsersFilter {
  status?: ProfileStatus;
  /** An e-mail prefix; blank lists everyone. */
  search: string;
}

export function fetchUsersPage(filter: UsersFilter, cursor: string | null, signal?: AbortSignal) {
  const search = filter.search.trim();
  return callFunction('listarUsuarios', { ...(filter.status ? { status: filter.status } : {}), ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) }, { signal });
}

export function useUsers(filter: UsersFilter) {
  return useInfiniteQuery({
    queryKey: [...usersKey, filter.status ?? 'all', filter.search.trim().toLowerCase()] as const,
    queryFn: ({ pageParam, signal }) => fetchUsersPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: 1,
  });
}
