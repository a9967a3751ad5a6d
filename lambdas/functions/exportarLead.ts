/** `exportarLead` (active): one of the caller's leads as a JSON document with its conversations (lambdas/core/dataRights/leadExport.ts). */
import { exportarLead } from '@director-ia/shared';
import { exportLead } from '../core/dataRights/leadExport';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(exportarLead, async ({ data, identity }) => exportLead(requireIdentity(identity).sub, data.id));
