/** obtenerIntegraciones: AI provider and Gmail settings; secrets arrive only as {configured, mask}. */
import { callFunction } from '../../lib/api';
import { useSessionSettings } from './sessionSettings';

export const integrationsKey = (uid: string | null) => ['settings', 'integrations', uid] as const;

export function useIntegrations() {
  return useSessionSettings(integrationsKey, (signal) => callFunction('obtenerIntegraciones', null, { signal }));
}
