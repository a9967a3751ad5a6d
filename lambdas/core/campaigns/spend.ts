/**
 * `guardarGastoCampana`'s domain (issue 15 item 5: "Spend comes from Meta's insights where pushed;
 * elsewhere it is the owner's input"): the owner's spend figure in euros (≥ 0, rounded to cents),
 * stored as `spendCents` with source 'owner' and its time, conditional on the revision read
 * (CONFLICT CAMPAIGN_MSG.conflict). Refused with CAMPAIGN_MSG.spendFromMeta when Meta reports the
 * campaign's spend (`spendSource` 'meta'), and CAMPAIGN_MSG.spendInvalid for a figure that is not
 * a finite number ≥ 0.
 */
import { CAMPAIGN_MSG, type Campaign, type CampaignResults } from '@director-ia/shared';
import { InvalidInputError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { campaignResults } from './results';
import { readCampaign, updateCampaign } from './store';
import { campaignView } from './view';

/** Stores the owner's spend of campaign `input.id` of `sub` (see the module header). */
export async function saveCampaignSpend(sub: string, input: { id: string; spend: number }, now = new Date()): Promise<{ campaign: Campaign; results: CampaignResults }> {
  if (typeof input.spend !== 'number' || !Number.isFinite(input.spend) || input.spend < 0) throw new InvalidInputError(CAMPAIGN_MSG.spendInvalid);
  const stored = await readCampaign(sub, input.id);
  if (stored.item.spendSource === 'meta') throw new InvalidInputError(CAMPAIGN_MSG.spendFromMeta);
  const updated = await updateCampaign(stored.item, { spendCents: Math.round(input.spend * 100), spendSource: 'owner', spendAt: now.toISOString() }, now);
  logger.info('Campaign spend saved', { campaignId: input.id });
  return { campaign: campaignView(updated), results: await campaignResults(sub, updated.item) };
}
