/**
 * AI settings entity (spec section 3 "AI settings", users/{uid}/settings/ia): one item per brand
 * under the tenant partition `user#<sub>`, sort key `settings#ia`.
 */
import { Entity, type EntityItem } from '../electrodb';
import { documentClient, tableName } from '../client';
import { TABLE_SCHEMA } from '@director-ia/shared';

function createAiSettingsEntity() {
  return new Entity(
    {
      model: { entity: 'aiSettings', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        brandName: { type: 'string' },
        brandPersonality: { type: 'string' },
        targetAudience: { type: 'string' },
        keywords: { type: 'string' },
        topicsToAvoid: { type: 'string' },
        /** ISO 8601, set by the server on every save. */
        lastUpdated: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: [], template: 'settings#ia', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type AiSettingsEntity = ReturnType<typeof createAiSettingsEntity>;

let entity: AiSettingsEntity | undefined;
/** The process-wide AI settings entity (created on first use, once TABLE_NAME is known). */
export function aiSettings(): AiSettingsEntity {
  entity ??= createAiSettingsEntity();
  return entity;
}
export type AiSettingsItem = EntityItem<AiSettingsEntity>;
