/**
 * generarCampana (active; issue 15 items 1–2): the AI's proposal for a brief already checked with
 * CampaignBriefSchema (briefForm.ts); it may take up to about 30 s. The answer is stored as the
 * new campaign's read, so its proposal view opens at once.
 */
import type { CampaignBrief } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { storeCampaign } from './keys';

export function useGenerateCampaign() {
  return useCallableMutation({
    mutationFn: (brief: CampaignBrief) => callFunction('generarCampana', { brief }),
    onSuccess: (view, _brief, _onMutate, { client }) => storeCampaign(client, view),
  });
}
