/**
 * 'Cerrar Sesión' behaviour shared by the dashboard and the pending screen: signs out (the auth
 * listener then shows the login screen), stays busy meanwhile, and reports a failure as a toast.
 */
import { useState } from 'react';
import { MSG } from '@director-ia/shared';
import { signOut } from './auth';
import { useToast } from '../ui/toast/toastContext';

export function useSignOut(): { signOut: () => Promise<void>; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const run = async () => {
    setBusy(true);
    try {
      await signOut();
    } catch (error) {
      toast.error(MSG.errorPrefix + (error instanceof Error ? error.message : String(error)));
      setBusy(false);
    }
  };
  return { signOut: run, busy };
}
