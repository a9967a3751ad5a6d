/**
 * A suspended or rejected account, or a session the server no longer accepts (issue 17 item 1):
 * signs the user out and shows the login screen with the Spanish reason, which stays on the login
 * screen after the sign-out (lib/signOutNotice.ts) until the next sign-in.
 */
import { useEffect } from 'react';
import { signOut } from '../../lib/auth';
import { setSignOutNotice } from '../../lib/signOutNotice';
import { LoginScreen } from '../login/LoginScreen';

export function RefusedScreen({ reason }: { reason: string }) {
  useEffect(() => {
    setSignOutNotice(reason);
    void signOut().catch((error: unknown) => console.error('[auth] sign-out after a refusal failed', error));
  }, [reason]);
  return <LoginScreen notice={reason} />;
}
