/**
 * guardarAjustesBlog: saves the Creador de Blog form; 'Configuración del blog guardada!'. A slug
 * another brand holds comes back as 409 with its Spanish message, shown as 'Error: ...'.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { blogSettingsKey } from './useBlogSettings';
import { useSessionUid } from '../../lib/authContext';
import { NoSessionError, saveErrorText } from './saveFeedback';

export function saveBlogSettings(input: CallableInput<'guardarAjustesBlog'>) {
  return callFunction('guardarAjustesBlog', input);
}

export function useSaveBlogSettings() {
  const uid = useSessionUid();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async (input: CallableInput<'guardarAjustesBlog'>) => {
      if (!uid) throw new NoSessionError();
      return saveBlogSettings(input);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(blogSettingsKey(uid), saved);
      toast.success(SETTINGS_MSG.blogSettingsSaved);
    },
    onError: (error) => toast.error(saveErrorText(error)),
  });
}
