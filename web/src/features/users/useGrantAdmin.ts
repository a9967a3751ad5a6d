/** concederAdmin (admin): the user joins the admins group; then the lists are re-read. */
import { MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { auditKey } from './useAudit';
import { usersKey } from './useUsers';

export function useGrantAdmin() {
  return useCallableMutation({ mutationFn: (uid: string) => callFunction('concederAdmin', { uid }), success: MSG.adminGranted, invalidates: [usersKey, auditKey] });
}
