/** `obtenerPerfil` (signedIn): the caller's profile, or null when it does not exist yet (spec 3/4). */
import { obtenerPerfil } from '@director-ia/shared';
import { readProfile } from '../core/accounts/profiles';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(obtenerPerfil, async ({ identity }) => ({
  profile: await readProfile(requireIdentity(identity)),
}));
