/**
 * `eliminarCampana`'s domain (issue 15): removes the Campaign item of `sub`. The posts its approval
 * created stay on the calendar (ordinary posts by then, still carrying their `campaignId` and link,
 * whose clicks keep counting), and a Meta draft stays in Meta. NOT_FOUND CAMPAIGN_MSG.campaignNotFound
 * when `sub` has no such campaign.
 */
import { CAMPAIGN_MSG } from '@director-ia/shared';
import { campaigns } from '../../platform/db/entities/campaign';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';

/** Deletes campaign `id` of `sub` (see the module header). */
export async function deleteCampaign(sub: string, id: string): Promise<{ id: string }> {
  try {
    await campaigns().remove({ uid: sub, id }).go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new NotFoundError(CAMPAIGN_MSG.campaignNotFound);
    throw error;
  }
  logger.info('Campaign deleted', { campaignId: id });
  return { id };
}
