/**
 * Asset entity (architecture "Data": Asset; issue 4 items 1, 2, 5): one item per generated file
 * (image, avatar, video, voice sample) under the tenant partition `user#<sub>`, sort key
 * `asset#<id>`. Ids are time ordered, so a descending query lists the newest first. The file is
 * in the uploads bucket at `key` (`users/<sub>/assets/<id>.<ext>`).
 */
import { ASSET_TYPES } from '@director-ia/shared';
import { defineEntity, fixed, GENERATED, type ItemOf, model, optional, required, TENANT_ITEM, tenantIndex } from '../schema';

/** The process-wide Asset entity (created on first use, once TABLE_NAME is known). */
export const assets = defineEntity({
  model: model('asset'),
  attributes: {
    ...TENANT_ITEM,
    type: fixed(ASSET_TYPES),
    prompt: required('string'),
    /** Object key in the uploads bucket. */
    key: fixed('string'),
    /** Set for versioned buckets: the version deleted with the asset. */
    versionId: optional('string'),
    mediaType: required('string'),
    size: required('number'),
    ...GENERATED,
    /** What besides the prompt went in (shared ASSET_SOURCES). */
    source: optional('string'),
    /** A second file of the asset (issue 18: a soundtrack's MIDI beside its MP3), in the same folder. */
    companionKey: optional('string'),
    companionVersionId: optional('string'),
    companionMediaType: optional('string'),
    /** Length of a video or soundtrack, seconds. */
    durationSeconds: optional('number'),
    /** ISO 8601. */
    createdAt: required('string'),
  },
  indexes: { byUser: tenantIndex('asset#${id}', 'id') },
});

export type AssetItem = ItemOf<typeof assets>;
