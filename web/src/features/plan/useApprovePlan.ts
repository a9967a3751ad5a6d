/**
 * aprobarPlan (active; spec 4; issue 5 item 2): saves every proposed post as 'aprobado' (one
 * server transaction: all or nothing), announces it and re-reads the calendar.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, PLAN_MSG } from '../../../../shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { postsKey } from './usePosts';

export function approvePlan(planId: string) {
  return callFunction('aprobarPlan', { planId });
}

export function useApprovePlan() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: approvePlan,
    onSuccess: ({ posts }) => toast.success(PLAN_MSG.planApproved(posts.length)),
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postsKey }),
  });
}
