/** listarCampanas (active; issue 15 items 1 and 5): the brand's campaigns, newest first, each with its results. */
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';
import { campaignListKey } from './keys';

export async function fetchCampaigns(signal?: AbortSignal) {
  const { campaigns } = await callFunction('listarCampanas', null, { signal });
  return campaigns;
}

export function useCampaigns() {
  return useCallableQuery(campaignListKey, fetchCampaigns, { staleTime: 0, refetchOnWindowFocus: true });
}
