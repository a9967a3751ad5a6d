/** obtenerAjustesIA: the brand's Constructor de IA settings (spec 3 "AI settings"). */
import { callFunction } from '../../lib/api';
import { useSessionSettings } from './sessionSettings';

export const aiSettingsKey = (uid: string | null) => ['settings', 'ia', uid] as const;

export function useAiSettings() {
  return useSessionSettings(aiSettingsKey, (signal) => callFunction('obtenerAjustesIA', null, { signal }));
}
