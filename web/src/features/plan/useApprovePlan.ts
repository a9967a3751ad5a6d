/**
 * aprobarPlan (active; spec 4; issue 5 item 2): saves every proposed post as 'aprobado' (one
 * server transaction: all or nothing), announces it, drops the proposal from the cached month (also
 * when the server says it is no longer pending) and re-reads the calendar.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, PLAN_MSG } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { forgetProposal, isGone, postsKey } from './usePosts';

export function approvePlan(planId: string) {
  return callFunction('aprobarPlan', { planId });
}

export function useApprovePlan() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: approvePlan,
    onSuccess: ({ posts }, planId) => {
      toast.success(PLAN_MSG.planApproved(posts.length));
      return forgetProposal(queryClient, planId);
    },
    onError: async (error, planId) => {
      toast.error(MSG.errorPrefix + errorMessage(error));
      if (isGone(error)) await forgetProposal(queryClient, planId);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}
