/**
 * `generarCampana` (active; issue 15 item 2): `{brief}` → `{campaign, results}`: the AI's proposal
 * for the brief (split per network and week summing to the budget, audiences, creatives, supporting
 * posts, KPI ranges from the benchmark table), stored as 'propuesta'; offline without a model.
 */
import { generarCampana } from '@director-ia/shared';
import { generateCampaign } from '../core/campaigns/generate';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(generarCampana, async ({ data, identity }) => generateCampaign(requireIdentity(identity).sub, data));
