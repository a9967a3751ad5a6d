/**
 * guardarIntegraciones: saves the Integraciones form. Secrets not retyped are omitted (the
 * server keeps them); a cleared one is sent as null. 'Configuración de integraciones guardada!'.
 */
import { SETTINGS_MSG } from '@director-ia/shared';
import { useSettingsSave } from './sessionSettings';
import { integrationsKey } from './useIntegrations';

export function useSaveIntegrations() {
  return useSettingsSave('guardarIntegraciones', integrationsKey, SETTINGS_MSG.integrationsSaved);
}
