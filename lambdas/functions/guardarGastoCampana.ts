/**
 * `guardarGastoCampana` (active; issue 15 item 5): `{id, spend}` → `{campaign, results}`: the
 * owner's spend figure (euros); refused when Meta reports the campaign's spend.
 */
import { guardarGastoCampana } from '@director-ia/shared';
import { saveCampaignSpend } from '../core/campaigns/spend';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(guardarGastoCampana, async ({ data, identity }) => saveCampaignSpend(requireIdentity(identity).sub, data));
