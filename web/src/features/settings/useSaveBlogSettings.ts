/**
 * guardarAjustesBlog: saves the Creador de Blog form; 'Configuración del blog guardada!'. A slug
 * another brand holds comes back as 409 with its Spanish message, shown as 'Error: ...'.
 */
import { SETTINGS_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useSettingsSave } from './saveFeedback';
import { blogSettingsKey } from './useBlogSettings';

export function saveBlogSettings(input: CallableInput<'guardarAjustesBlog'>) {
  return callFunction('guardarAjustesBlog', input);
}

export function useSaveBlogSettings() {
  return useSettingsSave(saveBlogSettings, blogSettingsKey, SETTINGS_MSG.blogSettingsSaved);
}
