/** guardarGastoCampana (active; issue 15 item 5): the owner's spend figure in euros (read with parseAllocationEuros), for a campaign whose spend Meta does not report. */
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { storeCampaign } from './keys';
import { CAMPAIGN_UI } from './labels';

export function useSaveSpend() {
  return useCallableMutation({
    mutationFn: (input: { id: string; spend: number }) => callFunction('guardarGastoCampana', input),
    success: CAMPAIGN_UI.spendSaved,
    onSuccess: (view, _input, _onMutate, { client }) => storeCampaign(client, view),
  });
}
