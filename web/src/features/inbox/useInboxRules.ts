/** obtenerReglasBandeja (active; issue 14 item 3): the owner's inbox rules (DEFAULT_INBOX_RULES until saved). */
import type { InboxRules } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';
import { inboxRulesKey } from './keys';

export async function fetchInboxRules(signal?: AbortSignal): Promise<InboxRules> {
  const { rules } = await callFunction('obtenerReglasBandeja', null, { signal });
  return rules;
}

export function useInboxRules() {
  return useCallableQuery(inboxRulesKey, fetchInboxRules, { staleTime: 60_000 });
}
