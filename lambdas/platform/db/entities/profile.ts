/**
 * Profile entity (spec section 3 "User document"): one item per user under the tenant partition
 * `user#<sub>`; GSI1 lists every profile by creation date for the admin panel (no Scan).
 */
import { Entity, type EntityItem } from '../electrodb';
import { TABLE_SCHEMA, THEME_IDS } from '@director-ia/shared';
import { documentClient, tableName } from '../client';

/** GSI1 partition holding every profile; a single partition is fine at admin-panel scale. */
export const PROFILES_GSI_PARTITION = 'profiles';

function createProfileEntity() {
  return new Entity(
    {
      model: { entity: 'profile', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        email: { type: 'string', required: true },
        status: { type: ['pending', 'active'] as const, required: true },
        isAdmin: { type: 'boolean', required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        theme: { type: THEME_IDS },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: [], template: 'profile', casing: 'none' },
        },
        allProfiles: {
          index: TABLE_SCHEMA.gsi1.indexName,
          pk: { field: TABLE_SCHEMA.gsi1.partitionKey, composite: [], template: PROFILES_GSI_PARTITION, casing: 'none' },
          sk: { field: TABLE_SCHEMA.gsi1.sortKey, composite: ['createdAt', 'uid'], template: 'profile#${createdAt}#${uid}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type ProfileEntity = ReturnType<typeof createProfileEntity>;

let entity: ProfileEntity | undefined;
/** The process-wide Profile entity (created on first use, once TABLE_NAME is known). */
export function profiles(): ProfileEntity {
  entity ??= createProfileEntity();
  return entity;
}
export type ProfileItem = EntityItem<ProfileEntity>;
