/**
 * rechazarPlan (active; spec 4; issue 5 item 2): discards the proposal, with the spec's message
 * 'Plan de contenidos rechazado. Puedes generar uno nuevo.', and drops it from the cached month
 * (also when the server says it is no longer pending, and then re-reads the months: a newer
 * proposal may be pending).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, PLAN_MSG } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { forgetProposal, isGone, postsKey } from './usePosts';

export function rejectPlan(planId: string) {
  return callFunction('rechazarPlan', { planId });
}

export function useRejectPlan() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: rejectPlan,
    onSuccess: (_result, planId) => {
      toast.success(PLAN_MSG.planRejected);
      return forgetProposal(queryClient, planId);
    },
    onError: async (error, planId) => {
      toast.error(MSG.errorPrefix + errorMessage(error));
      if (!isGone(error)) return;
      // Rejected or replaced meanwhile (another tab): re-read, a newer proposal may be pending.
      await forgetProposal(queryClient, planId);
      await queryClient.invalidateQueries({ queryKey: postsKey });
    },
  });
}
