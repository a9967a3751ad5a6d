/**
 * The browser's view of a stored campaign (issue 15, shared CampaignSchema): the brief, the weeks
 * (shared `campaignWeeks` of the brief's dates), the proposal, the Meta draft when pushed and the
 * spend as last known.
 */
import { campaignWeeks, type Campaign } from '@director-ia/shared';
import type { StoredCampaign } from './store';

/** The view of `stored` (see the module header). */
export function campaignView({ item, brief, proposal, meta }: StoredCampaign): Campaign {
  return {
    id: item.id,
    name: item.name,
    status: item.status,
    brief,
    budgetCents: item.budgetCents,
    weeks: campaignWeeks(brief.startDate, brief.endDate),
    proposal,
    offline: item.offline,
    model: item.model,
    postIds: item.postIds ?? [],
    ...(item.approvedAt ? { approvedAt: item.approvedAt } : {}),
    ...(meta ? { meta } : {}),
    ...(item.spendCents !== undefined && item.spendSource ? { spend: { cents: item.spendCents, source: item.spendSource, updatedAt: item.spendAt ?? item.updatedAt } } : {}),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}
