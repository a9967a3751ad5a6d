/** suspenderUsuario (admin): active → suspended; then the lists are re-read. */
import { MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { auditKey } from './useAudit';
import { usersKey } from './useUsers';

export function useSuspendUser() {
  return useCallableMutation({ mutationFn: (uid: string) => callFunction('suspenderUsuario', { uid }), success: MSG.userSuspended, invalidates: [usersKey, auditKey] });
}
