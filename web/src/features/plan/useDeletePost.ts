/** eliminarPublicacion (active; issue 5 item 1): deletes a post, then re-reads the calendar. */
import { PLAN_MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { postsKey } from './usePosts';

export function useDeletePost() {
  return useCallableMutation({ mutationFn: (id: string) => callFunction('eliminarPublicacion', { id }), success: PLAN_MSG.postDeleted, invalidates: [postsKey] });
}
