/**
 * generarPlanMensual (active; spec 4 "Monthly plan", 5; issue 5 item 2): asks the AI for a proposed
 * plan of one month with a budget in euros. The budget is checked here first with the server's
 * rule (shared `parseBudget`: a number > 0, else 'Por favor, introduce un presupuesto válido.'),
 * so nothing is sent for an invalid one. The answer is the proposal the panel shows: it is stored
 * as its month's pending proposal in the month's cached data (replacing an older one), so the
 * panel shows it even if the owner left the page while the AI worked.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type CallableInput, type ProposedPlan } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { storeProposal } from './usePosts';

/** Month 'YYYY-MM' and budget in euros, already checked with `parseBudget`. */
export type PlanRequest = CallableInput<'generarPlanMensual'>;

export function generatePlan(request: PlanRequest): Promise<ProposedPlan> {
  return callFunction('generarPlanMensual', request);
}

export function useGeneratePlan() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: generatePlan,
    onSuccess: (plan) => storeProposal(queryClient, plan),
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
  });
}
