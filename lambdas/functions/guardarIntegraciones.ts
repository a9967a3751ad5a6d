/**
 * `guardarIntegraciones` (active): saves the AI provider and Gmail settings; new secrets are
 * sealed before storage (kms:GenerateDataKey in AWS), omitted ones are kept, null clears them.
 */
import { guardarIntegraciones } from '@director-ia/shared';
import { saveIntegrations } from '../core/settings/saveIntegrations';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(guardarIntegraciones, async ({ data, identity }) => saveIntegrations(requireIdentity(identity), data));
