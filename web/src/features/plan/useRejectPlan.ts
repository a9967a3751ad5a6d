/**
 * rechazarPlan (active; spec 4; issue 5 item 2): discards the proposal, with the spec's message
 * 'Plan de contenidos rechazado. Puedes generar uno nuevo.'.
 */
import { useMutation } from '@tanstack/react-query';
import { MSG, PLAN_MSG } from '../../../../shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';

export function rejectPlan(planId: string) {
  return callFunction('rechazarPlan', { planId });
}

export function useRejectPlan() {
  const toast = useToast();
  return useMutation({
    mutationFn: rejectPlan,
    onSuccess: () => toast.success(PLAN_MSG.planRejected),
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
  });
}
