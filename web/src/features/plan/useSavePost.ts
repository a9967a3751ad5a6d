/**
 * guardarPublicacion (active; issue 5 item 1): saves the edited title, content, date and network of
 * a post (a new date moves it to that day, possibly another month), then re-reads the calendar.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, PLAN_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { postsKey } from './usePosts';

export type PostEdit = CallableInput<'guardarPublicacion'>;

export async function savePost(edit: PostEdit) {
  const { post } = await callFunction('guardarPublicacion', edit);
  return post;
}

export function useSavePost() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: savePost,
    onSuccess: () => toast.success(PLAN_MSG.postSaved),
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}
