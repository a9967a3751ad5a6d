/**
 * `verCampana` (active; issue 15): `{id}` → `{campaign, results}`: one campaign of the caller with
 * its results and funnel; 404 for an id the caller has no campaign with.
 */
import { verCampana } from '@director-ia/shared';
import { showCampaign } from '../core/campaigns/list';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(verCampana, async ({ data, identity }) => showCampaign(requireIdentity(identity).sub, data.id));
