/**
 * Asset entity (architecture "Data": Asset; issue 4 items 1, 2, 5): one item per generated file
 * (image, avatar, video, voice sample) under the tenant partition `user#<sub>`, sort key
 * `asset#<id>`. Ids are time ordered, so a descending query lists the newest first. The file is
 * in the uploads bucket at `key` (`users/<sub>/assets/<id>.<ext>`).
 */
import { Entity, type EntityItem } from '../electrodb';
import { ASSET_TYPES, TABLE_SCHEMA } from '@director-ia/shared';
import { documentClient, tableName } from '../client';

function createAssetEntity() {
  return new Entity(
    {
      model: { entity: 'asset', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        type: { type: ASSET_TYPES, required: true, readOnly: true },
        prompt: { type: 'string', required: true },
        /** Object key in the uploads bucket. */
        key: { type: 'string', required: true, readOnly: true },
        /** Set for versioned buckets: the version deleted with the asset. */
        versionId: { type: 'string' },
        mediaType: { type: 'string', required: true },
        size: { type: 'number', required: true },
        offline: { type: 'boolean', required: true },
        model: { type: 'string', required: true },
        /** What besides the prompt went in (shared ASSET_SOURCES). */
        source: { type: 'string' },
        /** ISO 8601. */
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['id'], template: 'asset#${id}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type AssetEntity = ReturnType<typeof createAssetEntity>;

let entity: AssetEntity | undefined;
/** The process-wide Asset entity (created on first use, once TABLE_NAME is known). */
export function assets(): AssetEntity {
  entity ??= createAssetEntity();
  return entity;
}
export type AssetItem = EntityItem<AssetEntity>;
