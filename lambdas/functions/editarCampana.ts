/**
 * `editarCampana` (active; issue 15 item 2): `{id, name?, budget?, split?, audiences?, creatives?,
 * posts?}` → `{campaign, results}`: the owner's edits; the split must sum to the budget, the KPI
 * ranges follow it; the proposal's parts only while 'propuesta'.
 */
import { editarCampana } from '@director-ia/shared';
import { editCampaign } from '../core/campaigns/edit';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(editarCampana, async ({ data, identity }) => editCampaign(requireIdentity(identity).sub, data));
