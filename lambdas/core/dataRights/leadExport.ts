/**
 * One lead's data (issue 17 item 2: a lead can be exported and erased individually):
 * `exportLead(sub, id)` → `{lead}`: the lead's fields (consent included) and every conversation
 * linked to it (its widget conversation and the Bandeja ones), each with its messages, oldest
 * first; NOT_FOUND when the lead is not the caller's. Erasing is core/leads/leads.ts deleteLead.
 */
import { DATA_RIGHTS_MSG } from '@director-ia/shared';
import { conversationMessages, conversations } from '../../platform/db/entities/conversation';
import { NotFoundError } from '../../platform/errors';
import { getLead, leadConversationIds } from '../leads/leads';
import { sanitize } from './contents';

/** The lead document (see the module header). */
export async function exportLead(sub: string, id: string): Promise<{ lead: Record<string, unknown> }> {
  const lead = await getLead(sub, id);
  if (!lead) throw new NotFoundError(DATA_RIGHTS_MSG.leadNotFound);
  const linked = [];
  for (const conversationId of leadConversationIds(lead)) {
    const { data: conversation } = await conversations().get({ uid: sub, id: conversationId }).go();
    if (!conversation) continue;
    const { data: messages } = await conversationMessages().query.byConversation({ uid: sub, conversationId }).go({ pages: 'all' });
    linked.push({ ...(sanitize(conversation) as object), messages: messages.filter((m) => m.conversationId === conversationId).map((m) => sanitize(m)) });
  }
  return { lead: { ...(sanitize(lead) as Record<string, unknown>), exportedAt: new Date().toISOString(), conversations: linked } };
}
