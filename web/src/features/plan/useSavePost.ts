/**
 * guardarPublicacion (active; issue 5 item 1, issue 13 item 1): saves the edited title, content,
 * date, time ('HH:mm' in the brand's zone) and network of a post (a new date moves it to that day,
 * possibly another month), then re-reads the calendar.
 */
import { PLAN_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { postsKey } from './usePosts';

export type PostEdit = CallableInput<'guardarPublicacion'>;

export async function savePost(edit: PostEdit) {
  const { post } = await callFunction('guardarPublicacion', edit);
  return post;
}

export function useSavePost() {
  return useCallableMutation({ mutationFn: savePost, success: PLAN_MSG.postSaved, invalidates: [postsKey] });
}
