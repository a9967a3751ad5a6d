/** `eliminarLead` (active): deletes one of the caller's leads with its conversation and transcript. */
import { eliminarLead } from '@director-ia/shared';
import { deleteLead } from '../core/leads/leads';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(eliminarLead, async ({ data, identity }) => deleteLead(requireIdentity(identity).sub, data.id));
