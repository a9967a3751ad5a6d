/**
 * `aprobarCampana` (active; issue 15 item 2): `{id}` → `{campaign, results, posts}`: the supporting
 * posts become approved calendar posts with their tracked links, in one transaction with the
 * campaign's approval, then scheduled through the publishing engine.
 */
import { aprobarCampana } from '@director-ia/shared';
import { approveCampaign } from '../core/campaigns/approve';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(aprobarCampana, async ({ data, identity }) => approveCampaign(requireIdentity(identity).sub, data.id));
