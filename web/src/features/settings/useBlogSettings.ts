/** obtenerAjustesBlog: the Creador de Blog settings (spec 3 "Blog settings"). */
import { callFunction } from '../../lib/api';
import { useSessionSettings } from './sessionSettings';

export const blogSettingsKey = (uid: string | null) => ['settings', 'blog', uid] as const;

export function useBlogSettings() {
  // The header image URL is short-lived: do not serve it from a stale cache.
  return useSessionSettings(blogSettingsKey, (signal) => callFunction('obtenerAjustesBlog', null, { signal }), 0);
}
