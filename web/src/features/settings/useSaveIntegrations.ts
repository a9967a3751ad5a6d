/**
 * guardarIntegraciones: saves the Integraciones form. Secrets not retyped are omitted (the
 * server keeps them); a cleared one is sent as null. 'Configuración de integraciones guardada!'.
 */
import { SETTINGS_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useSettingsSave } from './saveFeedback';
import { integrationsKey } from './useIntegrations';

export function saveIntegrations(input: CallableInput<'guardarIntegraciones'>) {
  return callFunction('guardarIntegraciones', input);
}

export function useSaveIntegrations() {
  return useSettingsSave(saveIntegrations, integrationsKey, SETTINGS_MSG.integrationsSaved);
}
