/**
 * guardarAjustesBlog: saves the Creador de Blog form; 'Configuración del blog guardada!'. A slug
 * another brand holds comes back as 409 with its Spanish message, shown as 'Error: ...'.
 */
import { SETTINGS_MSG } from '@director-ia/shared';
import { useSettingsSave } from './sessionSettings';
import { blogSettingsKey } from './useBlogSettings';

export function useSaveBlogSettings() {
  return useSettingsSave('guardarAjustesBlog', blogSettingsKey, SETTINGS_MSG.blogSettingsSaved);
}
