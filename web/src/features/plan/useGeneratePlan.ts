/**
 * generarPlanMensual (active; spec 4 "Monthly plan", 5; issue 5 item 2): asks the AI for a proposed
 * plan of one month with a budget in euros. The budget is checked here first with the server's
 * rule (shared `parseBudget`: a number > 0, else 'Por favor, introduce un presupuesto válido.'),
 * so nothing is sent for an invalid one. The answer is the proposal the panel shows: it is stored
 * as its month's pending proposal in the month's cached data (replacing an older one), so the
 * panel shows it even if the owner left the page while the AI worked.
 */
import type { CallableInput, PlanProposal } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { storeProposal } from './usePosts';

/** Asks for the month's plan: `request` is month 'YYYY-MM' and budget in euros, already checked with `parseBudget`. */
export function generatePlan(request: CallableInput<'generarPlanMensual'>): Promise<PlanProposal> {
  return callFunction('generarPlanMensual', request);
}

export function useGeneratePlan() {
  return useCallableMutation({
    mutationFn: generatePlan,
    onSuccess: (plan, _request, _onMutate, { client }) => storeProposal(client, plan),
  });
}
