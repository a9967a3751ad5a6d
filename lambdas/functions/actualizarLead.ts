/** `actualizarLead` (active): sets the status (Nuevo, Contactado, Interesado) of one of the caller's leads. */
import { actualizarLead } from '@director-ia/shared';
import { updateLeadStatus } from '../core/leads/leads';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(actualizarLead, async ({ data, identity }) => ({
  lead: await updateLeadStatus(requireIdentity(identity).sub, data.id, data.status),
}));
