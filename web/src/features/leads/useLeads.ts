/**
 * listarLeads (active; issue 6 item 2): every lead of the owner, newest first. The page filters
 * and searches this list itself (shared `filterLeads`, the rule the server applies to its own
 * `status`/`search`), so typing never waits for the network and the Nuevo count covers them all.
 * New leads arrive from the website widget at any time: the list is re-read every
 * LEADS_REFRESH_MS while the page is open and whenever the window regains focus.
 */
import type { Lead } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';

export const leadsKey = ['leads', 'list'] as const;
/** How often the open page looks for new leads. */
export const LEADS_REFRESH_MS = 15_000;

export async function fetchLeads(signal?: AbortSignal): Promise<Lead[]> {
  const { leads } = await callFunction('listarLeads', null, { signal });
  return leads;
}

export function useLeads() {
  return useCallableQuery(leadsKey, fetchLeads, { staleTime: 5_000, refetchInterval: LEADS_REFRESH_MS, refetchOnWindowFocus: 'always' });
}
