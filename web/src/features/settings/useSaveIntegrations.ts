/**
 * guardarIntegraciones: saves the Integraciones form. Secrets not retyped are omitted (the
 * server keeps them); a cleared one is sent as null. 'Configuración de integraciones guardada!'.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { integrationsKey } from './useIntegrations';
import { useSessionUid } from '../../lib/authContext';
import { NoSessionError, saveErrorText } from './saveFeedback';

export function saveIntegrations(input: CallableInput<'guardarIntegraciones'>) {
  return callFunction('guardarIntegraciones', input);
}

export function useSaveIntegrations() {
  const uid = useSessionUid();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async (input: CallableInput<'guardarIntegraciones'>) => {
      if (!uid) throw new NoSessionError();
      return saveIntegrations(input);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(integrationsKey(uid), saved);
      toast.success(SETTINGS_MSG.integrationsSaved);
    },
    onError: (error) => toast.error(saveErrorText(error)),
  });
}
