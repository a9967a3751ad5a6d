/**
 * Spec 4 "Auth context": loading until the first auth state is known; then signed in (with the
 * Cognito user) or signed out. The first state includes the sign-in with an initial custom token
 * when the environment provides one (lib/auth.ts `startSession`). Follows Amplify's Hub events afterwards.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { currentUser, onAuthChange, startSession, type AuthUser } from '../../lib/auth';
import { AuthContext, type AuthState } from '../../lib/authContext';

function stateFor(user: AuthUser | null): AuthState {
  return user ? { status: 'signedIn', user } : { status: 'signedOut' };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    const stop = onAuthChange((change) => {
      if (change === 'signedOut') {
        setState({ status: 'signedOut' });
        return;
      }
      void currentUser().then((user) => {
        if (active) setState(stateFor(user));
      });
    });
    void startSession().then((user) => {
      // A Hub event that arrived first is newer than the stored session.
      if (active) setState((previous) => (previous.status === 'loading' ? stateFor(user) : previous));
    });
    return () => {
      active = false;
      stop();
    };
  }, []);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
