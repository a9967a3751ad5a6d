/**
 * `eliminarCampana` (active; issue 15): `{id}` → `{id}`: removes the campaign; the posts its
 * approval created stay on the calendar.
 */
import { eliminarCampana } from '@director-ia/shared';
import { deleteCampaign } from '../core/campaigns/delete';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(eliminarCampana, async ({ data, identity }) => deleteCampaign(requireIdentity(identity).sub, data.id));
