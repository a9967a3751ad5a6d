/**
 * crearBorradorMeta (active; issue 15 item 3): the approved campaign's paused draft in the chosen
 * Meta ad account (idempotent: calling again completes a half-made draft). Success says nothing is
 * launched until the owner does it in Meta (CAMPAIGN_MSG.metaCreated).
 */
import { CAMPAIGN_MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { storeCampaign } from './keys';

export function useCreateMetaDraft() {
  return useCallableMutation({
    mutationFn: (input: { id: string; adAccountId: string }) => callFunction('crearBorradorMeta', input),
    success: CAMPAIGN_MSG.metaCreated,
    onSuccess: (view, _input, _onMutate, { client }) => storeCampaign(client, view),
  });
}
