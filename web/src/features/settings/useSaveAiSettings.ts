/**
 * guardarAjustesIA: saves the Constructor de IA form; 'Configuración de IA guardada!' on
 * success, the saved values (with the server's lastUpdated) become the cached ones.
 */
import { SETTINGS_MSG } from '@director-ia/shared';
import { useSettingsSave } from './sessionSettings';
import { aiSettingsKey } from './useAiSettings';

export function useSaveAiSettings() {
  return useSettingsSave('guardarAjustesIA', aiSettingsKey, SETTINGS_MSG.aiSettingsSaved);
}
