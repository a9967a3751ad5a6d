/**
 * The profile's entry state after sign-in (spec 2/4), shared by the dashboard and the mobile chat:
 * a per-session query cache, then loading → 'Cargando...', a failed read → the login screen with
 * the error, pending or no profile → the pending screen, active → `active(profile)`, suspended,
 * rejected or a token the server refused (issue 17 item 1) → signed out, the login screen with the
 * Spanish reason. A call of any page refused as unauthenticated re-reads the profile, so a
 * suspension reaches an open dashboard at its next call.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { MSG, type Profile } from '@director-ia/shared';
import { CallableClientError } from '../../lib/api';
import { profileKey, useProfile } from '../../features/profile';
import type { AuthUser } from '../../lib/auth';
import { newQueryClient } from '../../lib/queryClient';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { LoginScreen } from '../login/LoginScreen';
import { PendingScreen } from './PendingScreen';
import { RefusedScreen } from './RefusedScreen';

type ActiveView = (profile: Profile) => ReactNode;

export function ProfileGate({ user, active }: { user: AuthUser; active: ActiveView }) {
  const [queryClient] = useState(() => {
    const client = newQueryClient({
      onError: (error, queryKey) => {
        const refused = error instanceof CallableClientError && error.status === 'UNAUTHENTICATED';
        if (refused && queryKey?.[0] !== profileKey(user.uid)[0]) void client.invalidateQueries({ queryKey: profileKey(user.uid) });
      },
    });
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <ProfileEntry user={user} active={active} />
    </QueryClientProvider>
  );
}

function ProfileEntry({ user, active }: { user: AuthUser; active: ActiveView }) {
  const profile = useProfile(user.uid);
  switch (profile.status) {
    case 'loading':
      return <LoadingScreen />;
    case 'error':
      return <LoginScreen notice={`${MSG.profileError} ${MSG.errorPrefix}${profile.message}`} />;
    case 'pending':
      return <PendingScreen email={profile.profile?.email ?? user.email} />;
    case 'active':
      return active(profile.profile);
    case 'refused':
      return <RefusedScreen reason={profile.reason} />;
  }
}
