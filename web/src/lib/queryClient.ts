/**
 * The TanStack Query client every surface (dashboard, mobile chat, widget) starts with: data is
 * fresh for 30 s and not refetched just because the window regained focus (pages that need fresher
 * data, like Leads, opt in per query).
 */
import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';

export interface QueryClientOptions {
  /** Every failed read (with its key) and call (no key): the dashboard re-reads the profile when one was refused (issue 17). */
  onError?: (error: Error, queryKey: QueryKey | undefined) => void;
}

export function newQueryClient({ onError }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
    ...(onError
      ? { queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }), mutationCache: new MutationCache({ onError: (error) => onError(error, undefined) }) }
      : {}),
  });
}
