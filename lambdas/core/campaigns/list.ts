/**
 * Reading campaigns (issue 15): `listCampaigns(sub)` → the caller's campaigns newest first, each
 * summarised with its results (one Query of the campaigns, one of the conversations and one of the
 * leads for all of them, then each campaign's click counters and publications);
 * `showCampaign(sub, id)` → one campaign's view and results (NOT_FOUND for an id `sub` has none with);
 * a campaign pushed to Meta first refreshes its spend from Meta's insights (./meta.ts
 * `refreshMetaSpend`: at most every 10 minutes, never failing the view).
 */
import type { Campaign, CampaignResults, CampaignSummary } from '@director-ia/shared';
import { attributedCounts, campaignResults } from './results';
import { refreshMetaSpend } from './meta';
import { listCampaignItems, parseCampaign, readCampaign } from './store';
import { campaignView } from './view';

/** The caller's campaigns, newest first, with their results. */
export async function listCampaigns(sub: string): Promise<{ campaigns: CampaignSummary[] }> {
  const [stored, counts] = await Promise.all([listCampaignItems(sub), attributedCounts(sub)]);
  const campaigns = await Promise.all(
    stored.map(async ({ item, brief }) => ({
      id: item.id,
      name: item.name,
      status: item.status,
      objective: brief.objective,
      startDate: brief.startDate,
      endDate: brief.endDate,
      networks: brief.networks,
      offline: item.offline,
      results: await campaignResults(sub, item, counts),
      createdAt: item.createdAt,
    })),
  );
  return { campaigns };
}

/** Campaign `id` of `sub` with its results. */
export async function showCampaign(sub: string, id: string, now = new Date()): Promise<{ campaign: Campaign; results: CampaignResults }> {
  const read = await readCampaign(sub, id);
  const refreshed = await refreshMetaSpend(sub, read.item, now);
  const stored = refreshed === read.item ? read : parseCampaign(refreshed);
  return { campaign: campaignView(stored), results: await campaignResults(sub, stored.item) };
}
