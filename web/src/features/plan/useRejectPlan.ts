/**
 * rechazarPlan (active; spec 4; issue 5 item 2): discards the proposal, with the spec's message
 * 'Plan de contenidos rechazado. Puedes generar uno nuevo.', and drops it from the cached month
 * (also when the server says it is no longer pending, and then re-reads the months: a newer
 * proposal may be pending).
 */
import { PLAN_MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { forgetProposal, isGone, postsKey } from './usePosts';

export function useRejectPlan() {
  return useCallableMutation({
    mutationFn: (planId: string) => callFunction('rechazarPlan', { planId }),
    success: PLAN_MSG.planRejected,
    onSuccess: (_result, planId, _onMutate, { client }) => forgetProposal(client, planId),
    onError: async (error, planId, _onMutate, { client }) => {
      if (!isGone(error)) return;
      // Rejected or replaced meanwhile (another tab): re-read, a newer proposal may be pending.
      await forgetProposal(client, planId);
      await client.invalidateQueries({ queryKey: postsKey });
    },
  });
}
