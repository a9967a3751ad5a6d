/** `desconectarRed` (active): revokes where possible and clears a connection (spec 4; issue 12). */
import { desconectarRed } from '@director-ia/shared';
import { disconnect } from '../core/social/disconnect';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(desconectarRed, async ({ data, identity }) => ({ connection: await disconnect(requireIdentity(identity).sub, data.platform) }));
