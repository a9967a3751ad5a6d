/** verCampana (active; issue 15 items 2 and 5): one campaign with its results; re-read whenever it is shown or the window regains focus (clicks and leads arrive meanwhile). */
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';
import { campaignKey } from './keys';

export function useCampaign(id: string) {
  return useCallableQuery(campaignKey(id), (signal) => callFunction('verCampana', { id }, { signal }), { staleTime: 0, refetchOnWindowFocus: true });
}
