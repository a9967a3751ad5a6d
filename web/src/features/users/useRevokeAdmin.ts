/** retirarAdmin (admin): the user leaves the admins group (never oneself, never the last admin); then the lists are re-read. */
import { MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { auditKey } from './useAudit';
import { usersKey } from './useUsers';

export function useRevokeAdmin() {
  return useCallableMutation({ mutationFn: (uid: string) => callFunction('retirarAdmin', { uid }), success: MSG.adminRevoked, invalidates: [usersKey, auditKey] });
}
