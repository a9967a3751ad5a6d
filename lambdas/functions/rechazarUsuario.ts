/** `rechazarUsuario` (admin): pending → rejected; the user's tokens stop working (issue 17 item 1). */
import { rechazarUsuario } from '@director-ia/shared';
import { changeStatus } from '../core/accounts/admin';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(rechazarUsuario, async ({ data, identity }) => {
  await changeStatus(requireIdentity(identity), data.uid, 'reject');
  return { uid: data.uid, status: 'rejected' as const };
});
