/** obtenerIntegraciones: AI provider and Gmail settings; secrets arrive only as {configured, mask}. */
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '../../lib/api';
import { useSessionUid } from '../../lib/authContext';

export const integrationsKey = (uid: string | null) => ['settings', 'integrations', uid] as const;

export function fetchIntegrations(signal?: AbortSignal) {
  return callFunction('obtenerIntegraciones', null, { signal });
}

export function useIntegrations() {
  const uid = useSessionUid();
  return useQuery({ queryKey: integrationsKey(uid), queryFn: ({ signal }) => fetchIntegrations(signal), enabled: uid !== null, retry: 1 });
}
