/**
 * Everything after sign-in (lazy chunk): a per-session query cache, then the entry state of the
 * profile (spec 2/4): loading → 'Cargando...', active → dashboard, pending/null → pending screen,
 * a failed read → the login screen.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { newQueryClient } from '../../lib/queryClient';
import { lazy, Suspense, useState } from 'react';
import { MSG } from '@director-ia/shared';
import { useProfile } from '../../features/profile/useProfile';
import type { AuthUser } from '../../lib/auth';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { LoginScreen } from '../login/LoginScreen';
import { PendingScreen } from './PendingScreen';

const DashboardShell = lazy(() => import('../shell/DashboardShell'));

export default function SignedInRoot({ user }: { user: AuthUser }) {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInEntry user={user} />
    </QueryClientProvider>
  );
}

function SignedInEntry({ user }: { user: AuthUser }) {
  const profile = useProfile(user.uid);
  switch (profile.status) {
    case 'loading':
      return <LoadingScreen />;
    case 'error':
      return <LoginScreen notice={`${MSG.profileError} ${MSG.errorPrefix}${profile.message}`} />;
    case 'pending':
      return <PendingScreen email={profile.profile?.email ?? user.email} />;
    case 'active':
      return (
        <Suspense fallback={<LoadingScreen />}>
          <DashboardShell user={user} profile={profile.profile} />
        </Suspense>
      );
  }
}
