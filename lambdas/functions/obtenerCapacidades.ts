/**
 * `obtenerCapacidades` (active): what the caller's brand can generate in this deployment, with the
 * Spanish sentence each identity-lab card and the video panel show when something is missing.
 */
import { obtenerCapacidades } from '@director-ia/shared';
import { brandCapabilities } from '../core/generation/capabilities';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(obtenerCapacidades, async ({ identity }) => ({ capabilities: await brandCapabilities(requireIdentity(identity).sub) }));
