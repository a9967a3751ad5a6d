/**
 * eliminarCuenta (signedIn; issue 17 item 2): asks for the account's deletion with the typed e-mail
 * as confirmation; on success the user is told in Spanish and signed out (the deletion goes on on
 * the server, which also removes the Cognito user).
 */
import { callFunction } from '../../lib/api';
import { signOut } from '../../lib/auth';
import { useCallableMutation } from '../../lib/queries';

/** The toast after the request: the deletion is irreversible and runs on the server. */
export const ACCOUNT_DELETED_MSG = 'Tu cuenta y todos tus datos se están eliminando. Hemos cerrado tu sesión.';

export function useDeleteAccount() {
  return useCallableMutation({
    mutationFn: (confirmacion: string) => callFunction('eliminarCuenta', { confirmacion }),
    success: ACCOUNT_DELETED_MSG,
    onSuccess: () => signOut(),
  });
}
