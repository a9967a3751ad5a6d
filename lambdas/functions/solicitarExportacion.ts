/** `solicitarExportacion` (signedIn): starts the caller's data export job, or answers the running one (lambdas/core/dataRights/export.ts). */
import { solicitarExportacion } from '@director-ia/shared';
import { startExport } from '../core/dataRights/export';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(solicitarExportacion, async ({ identity }) => ({ exportacion: await startExport(requireIdentity(identity).sub) }));
