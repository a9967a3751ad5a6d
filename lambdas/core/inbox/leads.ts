/**
 * Leads from the inbox's conversations (issue 14): after each inbound message,
 * - `findContact(text)`: an email or a phone written anywhere in the message (candidates found in
 *   the free text, each checked with shared/widget.ts `classifyContact`, the widget form's rule);
 *   an email wins over a phone;
 * - `findName(text)`: "soy Ana", "me llamo Ana", "mi nombre es Ana María" (up to three words;
 *   after "soy" only a capitalised word, so "soy de Madrid" or "soy cliente" are not names);
 * - `captureLead(uid, conversation, text, now)`: when the message gives a contact or shows
 *   interest (core/widget/interest.ts `showsInterest`), the person becomes or updates a lead:
 *   1. the conversation's lead (`leadId`), else 2. a lead of this brand with the same contact
 *   (emails compared lower-case, phones by their digits, the
 *   country code optional: the last 9 or more digits agree), else 3. a new lead: source = the network,
 *   contact = the one found or, with intent only, their profile (`@handle (Instagram)`, type
 *   'profile'), consent INBOX_MSG.leadConsent(label) — the person wrote it to the brand — and the
 *   conversation linked (transaction with the conversation's `leadId`, condition: none yet).
 *   A merge adds the network to `channels` and the conversation to `conversationIds`, upgrades a
 *   'profile' contact to the email or phone found, and takes a name the person stated.
 *   A new lead notifies the owner (core/leads/notify.ts, which never throws).
 * Returns `{leadId, created}` or null when the message says nothing for a lead.
 */
import { CONVERSATION_CHANNEL_LABELS, classifyContact, INBOX_MSG, type InboxNetwork, type LeadContactType } from '@director-ia/shared';
import { conversations, type ConversationItem } from '../../platform/db/entities/conversation';
import { leads, type LeadItem } from '../../platform/db/entities/lead';
import { isConditionalCheckFailure, TransactionCancelled } from '../../platform/db/errors';
import { transactWrite } from '../../platform/db/service';
import { logger } from '../../platform/logger';
import { notifyNewLead } from '../leads/notify';
import { newObjectId } from '../uploads/keys';
import { showsInterest } from '../widget/interest';

export interface FoundContact {
  type: Exclude<LeadContactType, 'profile'>;
  value: string;
}

const EMAIL_CANDIDATE = /[^\s@<>()[\],;:"'¿?¡!]+@[^\s@<>()[\],;:"'¿?¡!]+\.[A-Za-z]{2,24}/g;
const PHONE_CANDIDATE = /\+?\d[\d\s().-]{5,22}\d/g;

/** The first email, else the first phone, written in `text` (see the module header). */
export function findContact(text: string): FoundContact | null {
  for (const match of text.matchAll(EMAIL_CANDIDATE)) {
    const contact = classifyContact(match[0].replace(/[.]+$/, ''));
    if (contact?.type === 'email') return { type: 'email', value: contact.value };
  }
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    const contact = classifyContact(match[0]);
    if (contact?.type === 'phone') return { type: 'phone', value: contact.value };
  }
  return null;
}

/** Words after "soy" that are not a name. */
const NOT_NAMES = new Set(['de', 'del', 'el', 'la', 'los', 'las', 'un', 'una', 'muy', 'yo', 'su', 'tu', 'cliente', 'clienta', 'nuevo', 'nueva']);
const WORD = "\\p{Lu}?[\\p{L}'’-]+";
const STATED = new RegExp(`(?:^|[^\\p{L}])(?:me llamo|mi nombre es)\\s+(${WORD}(?:\\s+${WORD}){0,2})`, 'iu');
const SOY = new RegExp(`(?:^|[^\\p{L}])[Ss]oy\\s+(\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+){0,2})`, 'u');

const capitalise = (word: string) => word.charAt(0).toLocaleUpperCase('es') + word.slice(1);

/** The name the person states in `text`, or null (see the module header). */
export function findName(text: string): string | null {
  const stated = STATED.exec(text)?.[1] ?? SOY.exec(text)?.[1];
  if (!stated) return null;
  const words: string[] = [];
  for (const word of stated.split(/\s+/)) {
    if (NOT_NAMES.has(word.toLocaleLowerCase('es')) || /^(y|e|pero|que|quiero|quisiera|me|busco|tengo)$/i.test(word)) break;
    words.push(capitalise(word));
  }
  return words.length > 0 ? words.join(' ') : null;
}

/** A contact in the form two leads are compared by: emails lower-case, phones their digits. */
export function normalizedContact(type: LeadContactType, value: string): string {
  if (type === 'email') return `email:${value.trim().toLowerCase()}`;
  if (type === 'phone') return `phone:${value.replace(/\D/g, '')}`;
  return `profile:${value}`;
}

/** '@handle (Instagram)', or 'Name (Facebook)'. */
function profileContact(conversation: ConversationItem, label: string): string {
  const who = conversation.customerHandle ? `@${conversation.customerHandle}` : (conversation.customerName ?? INBOX_MSG.unknownCustomer);
  return `${who} (${label})`;
}

const union = (list: readonly string[] | undefined, value: string): string[] => [...new Set([...(list ?? []), value])];

/** Adds the channel and the conversation to `lead`, upgrades its contact and name (see the module header). */
async function mergeInto(lead: LeadItem, network: InboxNetwork, conversationId: string, contact: FoundContact | null, name: string | null, now: Date): Promise<void> {
  const upgrade = contact && lead.contactType === 'profile' ? { contact: contact.value, contactType: contact.type } : {};
  await leads()
    .patch({ uid: lead.uid, id: lead.id })
    .set({
      channels: union(lead.channels ?? [lead.source], network),
      conversationIds: union(lead.conversationIds ?? (lead.conversationId ? [lead.conversationId] : []), conversationId),
      ...upgrade,
      ...(name ? { name } : {}),
      updatedAt: now.toISOString(),
    })
    .go();
}

/** Phones written with and without the country code are the same when their last 9+ digits agree. */
const MIN_NATIONAL_DIGITS = 9;

/** Whether two contacts name the same person (see the module header; phones: `MIN_NATIONAL_DIGITS`). */
export function sameContact(a: { type: LeadContactType; value: string }, b: { type: LeadContactType; value: string }): boolean {
  if (a.type !== b.type || a.type === 'profile') return false;
  const x = normalizedContact(a.type, a.value);
  const y = normalizedContact(b.type, b.value);
  if (x === y) return true;
  if (a.type !== 'phone') return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length - 'phone:'.length >= MIN_NATIONAL_DIGITS && long.endsWith(short.slice('phone:'.length));
}

async function findByContact(uid: string, contact: FoundContact): Promise<LeadItem | null> {
  const { data } = await leads().query.byUser({ uid }).go({ pages: 'all' });
  return data.find((lead) => sameContact({ type: lead.contactType, value: lead.contact }, contact)) ?? null;
}

async function readLead(uid: string, id: string): Promise<LeadItem | null> {
  const { data } = await leads().get({ uid, id }).go();
  return data ?? null;
}

const linkConversation = (uid: string, conversationId: string, leadId: string, at: string) =>
  conversations().patch({ uid, id: conversationId }).set({ leadId, updatedAt: at }).where(({ leadId: current }, { notExists }) => notExists(current)).go();

/** Creates or updates the lead of `conversation` after a message saying `text` (see the module header). */
export async function captureLead(uid: string, conversation: ConversationItem, text: string, now = new Date()): Promise<{ leadId: string; created: boolean } | null> {
  if (conversation.channel === 'widget') return null;
  const network = conversation.channel;
  const contact = findContact(text);
  if (!contact && !showsInterest(text)) return null;
  const name = findName(text);

  const linked = conversation.leadId ? await readLead(uid, conversation.leadId) : null;
  const existing = linked ?? (contact ? await findByContact(uid, contact) : null);
  if (existing) {
    await mergeInto(existing, network, conversation.id, contact, name, now);
    if (!conversation.leadId) {
      try {
        await linkConversation(uid, conversation.id, existing.id, now.toISOString());
      } catch (error) {
        // Linked to a lead meanwhile: the conversation keeps that one.
        if (!isConditionalCheckFailure(error)) throw error;
      }
    }
    return { leadId: existing.id, created: false };
  }

  const label = CONVERSATION_CHANNEL_LABELS[network];
  const at = now.toISOString();
  const item: LeadItem = {
    uid,
    id: newObjectId(now.getTime()),
    name: name ?? conversation.customerName ?? (conversation.customerHandle ? `@${conversation.customerHandle}` : INBOX_MSG.unknownCustomer),
    contact: contact?.value ?? profileContact(conversation, label),
    contactType: contact?.type ?? 'profile',
    source: network,
    status: 'Nuevo',
    conversationId: conversation.id,
    channels: [network],
    conversationIds: [conversation.id],
    consentText: INBOX_MSG.leadConsent(label),
    consentAt: at,
    createdAt: at,
    updatedAt: at,
  };
  try {
    await transactWrite(({ lead, conversation: conv }) => [
      lead.create(item).commit(),
      conv
        .patch({ uid, id: conversation.id })
        .set({ leadId: item.id, updatedAt: at })
        .where(({ leadId }, { notExists }) => notExists(leadId))
        .commit(),
    ]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled)) throw error;
    // Another message of the same conversation made its lead meanwhile: merge into that one.
    const { data } = await conversations().get({ uid, id: conversation.id }).go({ consistent: true });
    const winner = data?.leadId ? await readLead(uid, data.leadId) : null;
    if (!winner) throw error;
    await mergeInto(winner, network, conversation.id, contact, name, now);
    return { leadId: winner.id, created: false };
  }
  const notified = await notifyNewLead(uid, item);
  logger.info('Inbox lead stored', { leadId: item.id, network, contactType: item.contactType, notified });
  return { leadId: item.id, created: true };
}
