/**
 * editarCampana (active; issue 15 item 2): the owner's edits of a campaign — the whole split after
 * a re-balance, the total budget (euros; the server re-splits in proportion), and while it is a
 * proposal its audiences, creatives (e.g. a creative's gallery image) and supporting posts. The
 * answer (KPIs recomputed) replaces the campaign's read.
 */
import type { CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { storeCampaign } from './keys';
import { CAMPAIGN_UI } from './labels';

export type CampaignEdit = CallableInput<'editarCampana'>;

/** The success text of an edit: what changed. */
export function editSuccessText(edit: CampaignEdit): string {
  if (edit.split) return CAMPAIGN_UI.splitSaved;
  if (edit.budget !== undefined) return CAMPAIGN_UI.budgetSaved;
  return CAMPAIGN_UI.saved;
}

export function useEditCampaign() {
  return useCallableMutation({
    mutationFn: (edit: CampaignEdit) => callFunction('editarCampana', edit),
    success: (_view, edit) => editSuccessText(edit),
    onSuccess: (view, _edit, _onMutate, { client }) => storeCampaign(client, view),
  });
}
