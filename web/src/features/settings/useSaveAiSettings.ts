/**
 * guardarAjustesIA: saves the Constructor de IA form; 'Configuración de IA guardada!' on
 * success, the saved values (with the server's lastUpdated) become the cached ones.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { aiSettingsKey } from './useAiSettings';
import { useSessionUid } from '../../lib/authContext';
import { NoSessionError, saveErrorText } from './saveFeedback';

export function saveAiSettings(input: CallableInput<'guardarAjustesIA'>) {
  return callFunction('guardarAjustesIA', input);
}

export function useSaveAiSettings() {
  const uid = useSessionUid();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async (input: CallableInput<'guardarAjustesIA'>) => {
      if (!uid) throw new NoSessionError();
      return saveAiSettings(input);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(aiSettingsKey(uid), saved);
      toast.success(SETTINGS_MSG.aiSettingsSaved);
    },
    onError: (error) => toast.error(saveErrorText(error)),
  });
}
