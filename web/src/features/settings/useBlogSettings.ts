/** obtenerAjustesBlog: the Creador de Blog settings (spec 3 "Blog settings"). */
import { callFunction } from '../../lib/api';
import { useSessionUid } from '../../lib/authContext';
import { useCallableQuery } from '../../lib/queries';

export const blogSettingsKey = (uid: string | null) => ['settings', 'blog', uid] as const;

export function fetchBlogSettings(signal?: AbortSignal) {
  return callFunction('obtenerAjustesBlog', null, { signal });
}

export function useBlogSettings() {
  const uid = useSessionUid();
  // The header image URL is short-lived: do not serve it from a stale cache.
  return useCallableQuery(blogSettingsKey(uid), fetchBlogSettings, { enabled: uid !== null, staleTime: 0 });
}
