/**
 * Gestión de Leads (spec sections 2 'leads', 3 'Lead'; issue 6 item 2): the owner's leads, their
 * status, their conversation transcript, and deleting one with its conversation. The tenant is
 * always the verified caller's `sub`: every key is under `user#<sub>`, so another brand's lead id
 * is simply not found, and nothing changes.
 *
 * API:
 * - `listLeads(sub, {status?, search?})` → `Lead[]` newest first (one Query, every page; the
 *   filter is shared/leads.ts `leadMatches`, the rule the page applies too).
 * - `updateLeadStatus(sub, id, status, now?)` → the updated `Lead`; NOT_FOUND when absent.
 * - `readTranscript(sub, leadId)` → `TranscriptMessage[]` oldest first ([] without conversation);
 *   NOT_FOUND when the lead is absent.
 * - `deleteLead(sub, id)` → `{id}`: the lead, its Conversation and its ConversationMessages go in
 *   one DynamoDB transaction (at most 100 items; messages beyond that are batch-deleted first, so
 *   a retry after a failure still finds the lead and finishes the job); NOT_FOUND when absent.
 *   Issue 17 item 2 (erasure): the Bandeja conversations linked to the lead (`conversationIds`,
 *   issue 14) and their messages are deleted first too, so nothing about the person remains.
 * - `leadConversationIds(lead)` → every conversation id linked to the lead, without repeats.
 * - `leadView(item)` → the browser's `Lead`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { LEAD_ID_PATTERN, LEAD_SOURCES, leadMatches, LEADS_MSG, type Lead, type LeadFilter, type LeadStatus, type TranscriptMessage, type TranscriptRole } from '@director-ia/shared';
import { conversationMessages, conversations, MESSAGE_ROLES } from '../../platform/db/entities/conversation';
import { leads, type LeadItem } from '../../platform/db/entities/lead';
import { isConditionalCheckFailure, TransactionCancelled } from '../../platform/db/errors';
import { MAX_TRANSACTION_ITEMS, transactWrite } from '../../platform/db/service';
import { NotFoundError } from '../../platform/errors';

export type { LeadItem } from '../../platform/db/entities/lead';

// The stored message roles are the transcript's roles (checked at compile time).
const ROLES_MATCH: readonly TranscriptRole[] = MESSAGE_ROLES;
void ROLES_MATCH;

/** Rounds of a batch delete while DynamoDB leaves items unprocessed (ElectroDB splits batches into 25s). */
const MAX_BATCH_ATTEMPTS = 6;

const isLeadSource = (value: string): value is Lead['source'] => (LEAD_SOURCES as readonly string[]).includes(value);

/** The browser's view of a stored lead (issue 14: with the channels and Bandeja conversations it gathers; issue 15: its attribution). */
export function leadView(item: LeadItem): Lead {
  return {
    id: item.id,
    name: item.name,
    contact: item.contact,
    contactType: item.contactType,
    source: item.source,
    status: item.status,
    ...(item.conversationId ? { conversationId: item.conversationId } : {}),
    ...(item.channels?.length ? { channels: item.channels.filter(isLeadSource) } : {}),
    ...(item.conversationIds?.length ? { conversationIds: item.conversationIds } : {}),
    ...(item.attribution ? { attribution: item.attribution } : {}),
    consentText: item.consentText,
    consentAt: item.consentAt,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The caller's leads, newest first (ids are time ordered), optionally filtered. */
export async function listLeads(sub: string, filter: LeadFilter = {}): Promise<Lead[]> {
  const { data } = await leads().query.byUser({ uid: sub }).go({ pages: 'all', order: 'desc' });
  return data.map(leadView).filter((lead) => leadMatches(lead, filter));
}

/** Lead `id` of `sub`, or null (an id the server could not have made is not looked up). */
export async function getLead(sub: string, id: string): Promise<LeadItem | null> {
  if (!LEAD_ID_PATTERN.test(id)) return null;
  const { data } = await leads().get({ uid: sub, id }).go();
  return data ?? null;
}

function notFound(): NotFoundError {
  return new NotFoundError(LEADS_MSG.leadNotFound);
}

/** Sets the status of lead `id` (the item must exist: a conditional update, so no lead is ever created here). */
export async function updateLeadStatus(sub: string, id: string, status: LeadStatus, now = new Date()): Promise<Lead> {
  if (!LEAD_ID_PATTERN.test(id)) throw notFound();
  try {
    const { data } = await leads().patch({ uid: sub, id }).set({ status, updatedAt: now.toISOString() }).go({ response: 'all_new' });
    return leadView(data as LeadItem);
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw notFound();
    throw error;
  }
}

interface MessageKey {
  uid: string;
  conversationId: string;
  id: string;
}

/** The keys (and, when asked, the lines) of a conversation's messages, oldest first. */
async function messagesOf(sub: string, conversationId: string) {
  const { data } = await conversationMessages().query.byConversation({ uid: sub, conversationId }).go({ pages: 'all' });
  // Guard against a prefix match on another id (ids have a fixed length, so none should exist).
  return data.filter((message) => message.conversationId === conversationId);
}

/** The transcript of lead `leadId`'s conversation, oldest first. */
export async function readTranscript(sub: string, leadId: string): Promise<TranscriptMessage[]> {
  const lead = await getLead(sub, leadId);
  if (!lead) throw notFound();
  if (!lead.conversationId) return [];
  const messages = await messagesOf(sub, lead.conversationId);
  return messages.map(({ role, text, createdAt }) => ({ role, text, createdAt }));
}

async function batchDelete(keys: MessageKey[]): Promise<void> {
  let pending = keys;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const { unprocessed } = await conversationMessages().delete(pending).go({ concurrency: 2 });
    if (unprocessed.length === 0) return;
    if (attempt >= MAX_BATCH_ATTEMPTS) throw new Error(`${unprocessed.length} message deletes left unprocessed`);
    pending = unprocessed as MessageKey[];
    await sleep(50 * 2 ** attempt);
  }
}

/** Every conversation linked to `lead` (the widget's and the Bandeja's), without repeats. */
export function leadConversationIds(lead: Pick<LeadItem, 'conversationId' | 'conversationIds'>): string[] {
  return [...new Set([...(lead.conversationId ? [lead.conversationId] : []), ...(lead.conversationIds ?? [])])];
}

/** Deletes lead `id` with its conversations and transcripts (see the module header). */
export async function deleteLead(sub: string, id: string): Promise<{ id: string }> {
  const lead = await getLead(sub, id);
  if (!lead) throw notFound();
  const conversationId = lead.conversationId;
  // The other linked conversations (Bandeja) first, messages before their conversation: a retry
  // after a failure still finds the lead and the rest.
  for (const other of leadConversationIds(lead).filter((linked) => linked !== conversationId)) {
    await batchDelete((await messagesOf(sub, other)).map((m) => ({ uid: sub, conversationId: other, id: m.id })));
    await conversations().delete({ uid: sub, id: other }).go();
  }
  const keys: MessageKey[] = conversationId ? (await messagesOf(sub, conversationId)).map((m) => ({ uid: sub, conversationId, id: m.id })) : [];
  const room = MAX_TRANSACTION_ITEMS - 1 - (conversationId ? 1 : 0);
  if (keys.length > room) await batchDelete(keys.slice(room));

  try {
    await transactWrite(({ lead, conversation, conversationMessage }) => [
      lead.delete({ uid: sub, id }).where(({ id: leadId }, { exists }) => exists(leadId)).commit(),
      ...(conversationId ? [conversation.delete({ uid: sub, id: conversationId }).commit()] : []),
      ...keys.slice(0, room).map((key) => conversationMessage.delete(key).commit()),
    ]);
  } catch (error) {
    // The lead's own condition failed: someone deleted it meanwhile.
    if (error instanceof TransactionCancelled && error.conditionFailed(0)) throw notFound();
    throw error;
  }
  return { id };
}
