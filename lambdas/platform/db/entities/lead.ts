/**
 * Lead entity (architecture "Data": Lead; issue 6 items 1, 2): a person who left a name and a
 * contact with consent, under the brand's partition `user#<sub>`, sort key `lead#<id>`
 * (time-ordered ids, newest first in a descending query). `conversationId` links the widget
 * conversation the lead came from (its transcript). Consent is recorded as the exact sentence the
 * visitor accepted and when; a lead is never stored without it.
 */
import { Entity, type EntityItem } from '../electrodb';
import { LEAD_CONTACT_TYPES, LEAD_SOURCES, LEAD_STATUSES, TABLE_SCHEMA } from '@director-ia/shared';
import { documentClient, tableName } from '../client';

function createLeadEntity() {
  return new Entity(
    {
      model: { entity: 'lead', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        contact: { type: 'string', required: true },
        contactType: { type: LEAD_CONTACT_TYPES, required: true },
        source: { type: LEAD_SOURCES, required: true, readOnly: true },
        status: { type: LEAD_STATUSES, required: true },
        conversationId: { type: 'string' },
        /** The consent sentence shown to the visitor, as accepted. */
        consentText: { type: 'string', required: true, readOnly: true },
        /** ISO 8601. */
        consentAt: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['id'], template: 'lead#${id}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type LeadEntity = ReturnType<typeof createLeadEntity>;

let entity: LeadEntity | undefined;
/** The process-wide Lead entity (created on first use, once TABLE_NAME is known). */
export function leads(): LeadEntity {
  entity ??= createLeadEntity();
  return entity;
}
export type LeadItem = EntityItem<LeadEntity>;
