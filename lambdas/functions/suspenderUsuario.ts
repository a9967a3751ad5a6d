/** `suspenderUsuario` (admin): active → suspended; the user's tokens stop working (issue 17 item 1). */
import { suspenderUsuario } from '@director-ia/shared';
import { changeStatus } from '../core/accounts/admin';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(suspenderUsuario, async ({ data, identity }) => {
  await changeStatus(requireIdentity(identity), data.uid, 'suspend');
  return { uid: data.uid, status: 'suspended' as const };
});
