/**
 * eliminarCampana (active; issue 15): removes the campaign (its approved posts stay on the
 * calendar), then re-reads the list. The campaign's own read is left to expire: re-reading it
 * while its view is still shown would flash 'Campaña no encontrada.' before the page goes back.
 */
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { refreshCampaignLists } from './keys';
import { CAMPAIGN_UI } from './labels';

export function useDeleteCampaign() {
  return useCallableMutation({
    mutationFn: (id: string) => callFunction('eliminarCampana', { id }),
    success: CAMPAIGN_UI.deleted,
    onSuccess: (_result, _id, _onMutate, { client }) => refreshCampaignLists(client),
  });
}
