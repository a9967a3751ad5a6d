/** obtenerAjustesIA: the brand's Constructor de IA settings (spec 3 "AI settings"). */
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '../../lib/api';
import { useSessionUid } from '../../lib/authContext';

export const aiSettingsKey = (uid: string | null) => ['settings', 'ia', uid] as const;

export function fetchAiSettings(signal?: AbortSignal) {
  return callFunction('obtenerAjustesIA', null, { signal });
}

export function useAiSettings() {
  const uid = useSessionUid();
  return useQuery({ queryKey: aiSettingsKey(uid), queryFn: ({ signal }) => fetchAiSettings(signal), enabled: uid !== null, retry: 1 });
}
