/** eliminarCampana (active; issue 15): removes the campaign (its approved posts stay on the calendar), then re-reads the list. */
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { campaignKey, campaignsKey } from './keys';
import { CAMPAIGN_UI } from './labels';

export function useDeleteCampaign() {
  return useCallableMutation({
    mutationFn: (id: string) => callFunction('eliminarCampana', { id }),
    success: CAMPAIGN_UI.deleted,
    onSuccess: ({ id }, _id, _onMutate, { client }) => {
      client.removeQueries({ queryKey: campaignKey(id) });
      return client.invalidateQueries({ queryKey: campaignsKey });
    },
  });
}
