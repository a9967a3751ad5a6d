/** obtenerAjustesBlog: the Creador de Blog settings (spec 3 "Blog settings"). */
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '../../lib/api';
import { useSessionUid } from '../../lib/authContext';

export const blogSettingsKey = (uid: string | null) => ['settings', 'blog', uid] as const;

export function fetchBlogSettings(signal?: AbortSignal) {
  return callFunction('obtenerAjustesBlog', null, { signal });
}

export function useBlogSettings() {
  const uid = useSessionUid();
  // The header image URL is short-lived: do not serve it from a stale cache.
  return useQuery({ queryKey: blogSettingsKey(uid), queryFn: ({ signal }) => fetchBlogSettings(signal), enabled: uid !== null, retry: 1, staleTime: 0 });
}
