/** eliminarPublicacion (active; issue 5 item 1): deletes a post, then re-reads the calendar. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, PLAN_MSG } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { postsKey } from './usePosts';

export function deletePost(id: string) {
  return callFunction('eliminarPublicacion', { id });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => toast.success(PLAN_MSG.postDeleted),
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}
