/**
 * aprobarCampana (active; issue 15 item 2): the supporting posts become approved calendar posts
 * with their tracked links. The server's refusal (a post that cannot go out, already approved) is
 * the mutation's error for the page to show; on success the calendar's months are re-read.
 */
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { postsKey } from '../plan';
import { storeCampaign } from './keys';
import { CAMPAIGN_UI } from './labels';

export function useApproveCampaign() {
  return useCallableMutation({
    mutationFn: (id: string) => callFunction('aprobarCampana', { id }),
    success: ({ posts }) => CAMPAIGN_UI.approved(posts.length),
    invalidates: [postsKey],
    onSuccess: ({ campaign, results }, _id, _onMutate, { client }) => storeCampaign(client, { campaign, results }),
  });
}
