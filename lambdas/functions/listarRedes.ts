/** `listarRedes` (active): the caller's eight network cards (issue 12). */
import { listarRedes } from '@director-ia/shared';
import { listNetworks } from '../core/social/view';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(listarRedes, async ({ identity }) => ({ networks: await listNetworks(requireIdentity(identity).sub) }));
