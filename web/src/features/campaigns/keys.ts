/**
 * Cache keys of Campañas (issue 15) and the one way a campaign's answer enters the cache: every
 * callable that answers `{campaign, results}` stores it as that campaign's read and makes the list
 * (which carries each campaign's results) and the month's figures stale.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { CallableOutput } from '@director-ia/shared';

export const campaignsKey = ['campaigns'] as const;
export const campaignListKey = [...campaignsKey, 'list'] as const;
export const campaignKey = (id: string) => [...campaignsKey, 'one', id] as const;
export const monthFiguresKey = (month: string) => [...campaignsKey, 'month', month] as const;
export const adAccountsKey = [...campaignsKey, 'ad-accounts'] as const;

/** A campaign as verCampana answers it: the campaign and its results. */
export type CampaignView = CallableOutput<'verCampana'>;

/** Re-reads the campaigns list and the month's figures (not a campaign's own read, nor the ad accounts). */
export function refreshCampaignLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: campaignsKey, predicate: (query) => query.queryKey[1] === 'list' || query.queryKey[1] === 'month' });
}

/** Shows `view` at once as its campaign's read, then re-reads the list and the figures. */
export function storeCampaign(client: QueryClient, view: CampaignView): Promise<void> {
  client.setQueryData(campaignKey(view.campaign.id), { campaign: view.campaign, results: view.results });
  return refreshCampaignLists(client);
}
