/**
 * The signed-in user's profile (obtenerPerfil) as the entry state needs it (spec 3 and 4):
 * null → pending; a failed first read → error (logged). While pending it re-reads every
 * PROFILE_REFETCH_MS so an approval reaches an open page without a reload; it also re-reads
 * on window focus.
 */
import { useQuery } from '@tanstack/react-query';
import { MSG, PROFILE_REFETCH_MS, type Profile } from '@director-ia/shared';
import { CallableClientError, callFunction, errorMessage } from '../../lib/api';

export type ProfileView =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'pending'; profile: Profile | null }
  | { status: 'active'; profile: Profile }
  /** Issue 17 item 1: a suspended or rejected account, or a token the server no longer accepts: sign out, show `reason`. */
  | { status: 'refused'; reason: string };

export const profileKey = (uid: string) => ['profile', uid] as const;

export async function fetchProfile(signal?: AbortSignal): Promise<Profile | null> {
  try {
    const { profile } = await callFunction('obtenerPerfil', null, { signal });
    return profile;
  } catch (error) {
    if (!signal?.aborted) console.error('[profile] read failed', error);
    throw error;
  }
}

export function useProfile(uid: string): ProfileView {
  const query = useQuery({
    queryKey: profileKey(uid),
    queryFn: ({ signal }) => fetchProfile(signal),
    retry: 1,
    refetchOnWindowFocus: true,
    refetchInterval: (q) => (q.state.data !== undefined && q.state.data?.status !== 'active' ? PROFILE_REFETCH_MS : false),
  });
  return profileView(query);
}

/**
 * The entry state of a profile read: refused when the server refused the caller's token (401 with
 * its Spanish reason; issue 17) or the profile is suspended or rejected; once read, active or
 * pending (no profile counts as pending), also while a later re-read fails for another reason;
 * before the first answer, the error or loading.
 */
export function profileView(query: { data: Profile | null | undefined; isError: boolean; error: unknown }): ProfileView {
  if (query.isError && query.error instanceof CallableClientError && query.error.status === 'UNAUTHENTICATED') {
    return { status: 'refused', reason: query.error.message };
  }
  if (query.data !== undefined) {
    const profile = query.data;
    if (profile?.status === 'suspended') return { status: 'refused', reason: MSG.accountSuspended };
    if (profile?.status === 'rejected') return { status: 'refused', reason: MSG.accountRejected };
    return profile?.status === 'active' ? { status: 'active', profile } : { status: 'pending', profile };
  }
  if (query.isError) return { status: 'error', message: errorMessage(query.error) };
  return { status: 'loading' };
}
