/**
 * Lead entity (architecture "Data": Lead; issue 6 items 1, 2): a person who left a name and a
 * contact with consent, under the brand's partition `user#<sub>`, sort key `lead#<id>`
 * (time-ordered ids, newest first in a descending query). `conversationId` links the widget
 * conversation the lead came from (its transcript). Consent is recorded as the exact sentence the
 * visitor accepted and when; a lead is never stored without it.
 */
import { LEAD_CONTACT_TYPES, LEAD_SOURCES, LEAD_STATUSES } from '@director-ia/shared';
import { defineEntity, fixed, type ItemOf, model, optional, required, TENANT_ITEM, tenantIndex, TIMESTAMPS } from '../schema';
import { ATTRIBUTION } from './attribution';

/** The process-wide Lead entity (created on first use). */
export const leads = defineEntity({
  model: model('lead'),
  attributes: {
    ...TENANT_ITEM,
    name: required('string'),
    contact: required('string'),
    contactType: required(LEAD_CONTACT_TYPES),
    source: fixed(LEAD_SOURCES),
    status: required(LEAD_STATUSES),
    conversationId: optional('string'),
    /** Issue 14: every channel the person used, first one first, and the Bandeja conversations linked. */
    channels: { type: 'list', items: { type: 'string' } },
    conversationIds: { type: 'list', items: { type: 'string' } },
    /** Issue 15 item 4: the post, article or campaign that brought the person (shared Attribution); absent when unknown. */
    attribution: ATTRIBUTION,
    /** The consent sentence shown to the visitor, as accepted. */
    consentText: fixed('string'),
    /** ISO 8601. */
    consentAt: fixed('string'),
    ...TIMESTAMPS,
  },
  indexes: { byUser: tenantIndex('lead#${id}', 'id') },
});

export type LeadItem = ItemOf<typeof leads>;
