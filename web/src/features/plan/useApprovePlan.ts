/**
 * aprobarPlan (active; spec 4; issue 5 item 2): saves every proposed post as 'aprobado' (one
 * server transaction: all or nothing), announces it, drops the proposal from the cached month (also
 * when the server says it is no longer pending) and re-reads the calendar.
 */
import { PLAN_MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { forgetProposal, isGone, postsKey } from './usePosts';

export function useApprovePlan() {
  return useCallableMutation({
    mutationFn: (planId: string) => callFunction('aprobarPlan', { planId }),
    success: ({ posts }) => PLAN_MSG.planApproved(posts.length),
    invalidates: [postsKey],
    onSuccess: (_result, planId, _onMutate, { client }) => forgetProposal(client, planId),
    onError: async (error, planId, _onMutate, { client }) => {
      if (isGone(error)) await forgetProposal(client, planId);
    },
  });
}
