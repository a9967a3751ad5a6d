/**
 * Everything after sign-in on the dashboard (lazy chunk): the profile's entry state (ProfileGate),
 * and for an active profile the lazily loaded dashboard shell.
 */
import { lazy, Suspense } from 'react';
import type { AuthUser } from '../../lib/auth';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { ProfileGate } from './ProfileGate';

const DashboardShell = lazy(() => import('../shell/DashboardShell'));

export default function SignedInRoot({ user }: { user: AuthUser }) {
  return (
    <ProfileGate
      user={user}
      active={(profile) => (
        <Suspense fallback={<LoadingScreen />}>
          <DashboardShell user={user} profile={profile} />
        </Suspense>
      )}
    />
  );
}
