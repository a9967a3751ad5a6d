/**
 * The auth state every surface reads (spec 4 "Auth context"): 'loading' until the first state is
 * known, then signed out or signed in with the Cognito user. `app/auth/AuthProvider` fills it;
 * anything below reads it through these hooks.
 */
import { createContext, useContext } from 'react';
import type { AuthUser } from './auth';

export type AuthState = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: AuthUser };

export const AuthContext = createContext<AuthState>({ status: 'loading' });

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

/** The signed-in user's uid, or null when there is no session. */
export function useSessionUid(): string | null {
  const auth = useAuth();
  return auth.status === 'signedIn' ? auth.user.uid : null;
}
