/**
 * Spec 2 "Entry states". Signed out → login (the lean, eagerly loaded path). Signed in → the
 * lazily loaded signed-in root, which waits for the first profile result.
 */
import { lazy, Suspense } from 'react';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { useAuth } from '../../lib/authContext';
import { signOutNotice } from '../../lib/signOutNotice';
import { LoginScreen } from '../login/LoginScreen';

const SignedInRoot = lazy(() => import('../signed-in/SignedInRoot'));

export function EntryGate() {
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingScreen />;
  // With the reason the app signed the user out, if it did (a suspended account; issue 17).
  if (auth.status === 'signedOut') return <LoginScreen notice={signOutNotice() ?? undefined} />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInRoot key={auth.user.uid} user={auth.user} />
    </Suspense>
  );
}
