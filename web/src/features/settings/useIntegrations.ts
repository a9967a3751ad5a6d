/** obtenerIntegraciones: AI provider and Gmail settings; secrets arrive only as {configured, mask}. */
import { callFunction } from '../../lib/api';
import { useSessionUid } from '../../lib/authContext';
import { useCallableQuery } from '../../lib/queries';

export const integrationsKey = (uid: string | null) => ['settings', 'integrations', uid] as const;

export function fetchIntegrations(signal?: AbortSignal) {
  return callFunction('obtenerIntegraciones', null, { signal });
}

export function useIntegrations() {
  const uid = useSessionUid();
  return useCallableQuery(integrationsKey(uid), fetchIntegrations, { enabled: uid !== null });
}
