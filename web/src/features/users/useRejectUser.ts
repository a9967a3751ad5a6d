/** rechazarUsuario (admin): pending → rejected; then the lists are re-read. */
import { MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { auditKey } from './useAudit';
import { usersKey } from './useUsers';

export function useRejectUser() {
  return useCallableMutation({ mutationFn: (uid: string) => callFunction('rechazarUsuario', { uid }), success: MSG.userRejected, invalidates: [usersKey, auditKey] });
}
