/**
 * guardarAjustesIA: saves the Constructor de IA form; 'Configuración de IA guardada!' on
 * success, the saved values (with the server's lastUpdated) become the cached ones.
 */
import { SETTINGS_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useSettingsSave } from './saveFeedback';
import { aiSettingsKey } from './useAiSettings';

export function saveAiSettings(input: CallableInput<'guardarAjustesIA'>) {
  return callFunction('guardarAjustesIA', input);
}

export function useSaveAiSettings() {
  return useSettingsSave(saveAiSettings, aiSettingsKey, SETTINGS_MSG.aiSettingsSaved);
}
