/** aprobarUsuario (admin): pending → active, then the list is re-read. */
import { MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { usersKey } from './useUsers';

export function useApproveUser() {
  return useCallableMutation({
    mutationFn: (uid: string) => callFunction('aprobarUsuario', { uid }),
    success: MSG.userApproved,
    // Awaited: the row stays busy until the re-read list shows the user active.
    onSuccess: (_result, _uid, _onMutate, { client }) => client.invalidateQueries({ queryKey: usersKey }),
  });
}
