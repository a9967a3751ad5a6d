/**
 * guardarReglasBandeja (active; issue 14 item 3): saves all the inbox rules; the server validates
 * them (InboxRulesSchema) and answers the saved rules, which replace the cached ones.
 */
import { INBOX_MSG, type InboxRules } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { inboxRulesKey } from './keys';

export async function saveInboxRules(rules: InboxRules): Promise<InboxRules> {
  const { rules: saved } = await callFunction('guardarReglasBandeja', { rules });
  return saved;
}

export function useSaveInboxRules() {
  return useCallableMutation({
    mutationFn: saveInboxRules,
    success: INBOX_MSG.rulesSaved,
    onSuccess: (saved, _rules, _onMutate, { client }) => client.setQueryData(inboxRulesKey, saved),
  });
}
