/**
 * Lead capture of the widget (issue 6 item 1): `createLeadWithConsent` stores the visitor's name
 * and contact as a Lead of the brand (status Nuevo, source widget), only with consent:
 * - the payload's `consent` is literally true (contract) and the contact is an email or a phone
 *   (classifyContact; 400 otherwise, nothing stored);
 * - the lead records the exact consent sentence shown (widgetConsentText with the brand's name)
 *   and when it was accepted;
 * - with a conversation: it must be one of this brand's (404 otherwise); lead and the
 *   conversation's `leadId` are written in one transaction (condition: the conversation has no
 *   lead yet), so a conversation yields at most one lead; sending the form again returns the
 *   lead already stored, without a second notification (so a lead keeps its first attribution);
 * - issue 15 item 4: the lead's `attribution` is the request's (the form's visit), else its
 *   conversation's (the visit that opened the chat); none when neither is known.
 * - issue 16 finding 1: a NEW lead takes one of the brand's daily leads first (limits.ts
 *   `takeDailyLead`: 429, nothing stored, past the cap), given back when it is not stored.
 * A new lead then notifies the owner by email (lambdas/core/leads/notify.ts `notifyNewLead`,
 * which never throws).
 */
import { classifyContact, widgetConsentText, WIDGET_MSG, type Attribution } from '@director-ia/shared';
import type { LeadItem } from '../../platform/db/entities/lead';
import { TransactionCancelled } from '../../platform/db/errors';
import { giveBackUnit } from '../../platform/db/counters';
import { transactWrite } from '../../platform/db/service';
import { InvalidInputError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { notifyNewLead } from '../leads/notify';
import { newObjectId } from '../uploads/keys';
import { readConversation } from './conversation';
import { takeDailyLead } from './limits';

export interface LeadRequest {
  uid: string;
  /** The name the widget showed (named by the consent sentence). */
  brandName: string;
  /** Issue 17 item 2: the owner's conversation retention in days (0 = none), named by the consent sentence. */
  retentionDays?: number;
  conversationId: string | null;
  name: string;
  contact: string;
  /** Issue 15 item 4: the attribution of the form's visit; the conversation's is used when absent. */
  attribution?: Attribution;
}

/** Stores the lead (see the module header) and returns its id. */
export async function createLeadWithConsent(request: LeadRequest, now = new Date()): Promise<{ leadId: string; created: boolean }> {
  const contact = classifyContact(request.contact);
  const name = request.name.replace(/\s+/g, ' ').trim();
  if (!contact) throw new InvalidInputError(WIDGET_MSG.contactInvalid);
  if (!name) throw new InvalidInputError(WIDGET_MSG.nameRequired);

  let attribution = request.attribution;
  if (request.conversationId) {
    const conversation = await readConversation(request.uid, request.conversationId);
    if (conversation.leadId) return { leadId: conversation.leadId, created: false };
    attribution ??= conversation.attribution;
  }

  const at = now.toISOString();
  const item: LeadItem = {
    uid: request.uid,
    id: newObjectId(now.getTime()),
    name,
    contact: contact.value,
    contactType: contact.type,
    source: 'widget',
    status: 'Nuevo',
    ...(request.conversationId ? { conversationId: request.conversationId } : {}),
    ...(attribution ? { attribution } : {}),
    consentText: widgetConsentText(request.brandName, request.retentionDays ?? 0),
    consentAt: at,
    createdAt: at,
    updatedAt: at,
  };
  const conversationId = request.conversationId;
  const dailyLead = await takeDailyLead(request.uid, now);
  try {
    await transactWrite(({ lead, conversation }) => [
      lead.create(item).commit(),
      ...(conversationId
        ? [
            conversation
              .patch({ uid: request.uid, id: conversationId })
              .set({ leadId: item.id, updatedAt: at })
              .where(({ leadId }, { notExists }) => notExists(leadId))
              .commit(),
          ]
        : []),
    ]);
  } catch (error) {
    await giveBackUnit(dailyLead, 'a daily widget lead');
    if (!(request.conversationId && error instanceof TransactionCancelled)) throw error;
    // Another submission of the same conversation won the race (or it was just deleted).
    const conversation = await readConversation(request.uid, request.conversationId);
    if (conversation.leadId) return { leadId: conversation.leadId, created: false };
    throw error;
  }

  const notified = await notifyNewLead(request.uid, item, now);
  logger.info('Widget lead stored', { leadId: item.id, contactType: item.contactType, withConversation: Boolean(request.conversationId), notified });
  return { leadId: item.id, created: true };
}
