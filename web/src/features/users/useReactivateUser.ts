/** reactivarUsuario (admin): suspended or rejected → active; then the lists are re-read. */
import { MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { auditKey } from './useAudit';
import { usersKey } from './useUsers';

export function useReactivateUser() {
  return useCallableMutation({ mutationFn: (uid: string) => callFunction('reactivarUsuario', { uid }), success: MSG.userReactivated, invalidates: [usersKey, auditKey] });
}
