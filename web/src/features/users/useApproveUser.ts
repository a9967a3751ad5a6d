/** aprobarUsuario (admin): pending → active, then the list is re-read. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { usersKey } from './useUsers';

export function approveUser(uid: string) {
  return callFunction('aprobarUsuario', { uid });
}

export function useApproveUser() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: async () => {
      toast.success(MSG.userApproved);
      await queryClient.invalidateQueries({ queryKey: usersKey });
    },
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
  });
}
