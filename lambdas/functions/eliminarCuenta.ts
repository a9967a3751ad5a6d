/** `eliminarCuenta` (signedIn): after the e-mail confirmation, erases the caller's account and all its data (lambdas/core/dataRights/deletion.ts). */
import { eliminarCuenta } from '@director-ia/shared';
import { requestDeletion } from '../core/dataRights/deletion';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(eliminarCuenta, async ({ data, identity }) => {
  const caller = requireIdentity(identity);
  return requestDeletion(caller.sub, undefined, data.confirmacion, new Date(), { isAdmin: caller.isAdmin });
});
