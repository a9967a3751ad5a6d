/** `listarLeads` (active): the caller's leads, newest first, optionally by status and search text. */
import { listarLeads } from '@director-ia/shared';
import { listLeads } from '../core/leads/leads';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(listarLeads, async ({ data, identity }) => ({
  leads: await listLeads(requireIdentity(identity).sub, { ...(data?.status ? { status: data.status } : {}), ...(data?.search ? { search: data.search } : {}) }),
}));
