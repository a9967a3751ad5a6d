/** obtenerAjustesIA: the brand's Constructor de IA settings (spec 3 "AI settings"). */
import { callFunction } from '../../lib/api';
import { useSessionUid } from '../../lib/authContext';
import { useCallableQuery } from '../../lib/queries';

export const aiSettingsKey = (uid: string | null) => ['settings', 'ia', uid] as const;

export function fetchAiSettings(signal?: AbortSignal) {
  return callFunction('obtenerAjustesIA', null, { signal });
}

export function useAiSettings() {
  const uid = useSessionUid();
  return useCallableQuery(aiSettingsKey(uid), fetchAiSettings, { enabled: uid !== null });
}
