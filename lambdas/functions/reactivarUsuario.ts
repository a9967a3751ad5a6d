/** `reactivarUsuario` (admin): suspended or rejected → active (issue 17 item 1). */
import { reactivarUsuario } from '@director-ia/shared';
import { changeStatus } from '../core/accounts/admin';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(reactivarUsuario, async ({ data, identity }) => {
  await changeStatus(requireIdentity(identity), data.uid, 'reactivate');
  return { uid: data.uid, status: 'active' as const };
});
