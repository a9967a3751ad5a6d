/**
 * The TanStack Query client every surface (dashboard, mobile chat, widget) starts with: data is
 * fresh for 30 s and not refetched just because the window regained focus (pages that need fresher
 * data, like Leads, opt in per query).
 */
import { QueryClient } from '@tanstack/react-query';

export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });
}
