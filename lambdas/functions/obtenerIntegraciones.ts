/** `obtenerIntegraciones` (active): AI provider and Gmail settings; secrets only as {configured, mask}. */
import { obtenerIntegraciones } from '@director-ia/shared';
import { readIntegrations } from '../core/settings/integrations';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(obtenerIntegraciones, async ({ identity }) => readIntegrations(requireIdentity(identity)));
