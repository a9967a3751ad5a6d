/**
 * editarPropuesta (active; issue 13 item 2): the owner's fix of one proposed post before approval
 * (title, content, date, time, network and its per-network versions, e.g. the AI's adaptation);
 * the answer is the whole proposal, shown at once in its month's cached data.
 */
import { PLAN_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { storeProposal } from './usePosts';

export type ProposalEdit = CallableInput<'editarPropuesta'>;

export function useEditProposal() {
  return useCallableMutation({
    mutationFn: (edit: ProposalEdit) => callFunction('editarPropuesta', edit),
    success: PLAN_MSG.postSaved,
    onSuccess: (plan, _edit, _onMutate, { client }) => storeProposal(client, plan),
  });
}
