/**
 * Blog settings entity (spec section 3 "Blog settings", users/{uid}/settings/blog): one item per
 * brand under `user#<sub>`, sort key `settings#blog`. The header image is an uploads-bucket key,
 * never inline data. `revision` grows on every save: saves are conditional on the revision they
 * read, so concurrent saves cannot leave a slug claim behind (see BlogSlug).
 */
import { BLOG_FREQUENCIES, BLOG_LAYOUTS, BLOG_TONES, TABLE_SCHEMA } from '@director-ia/shared';
import { Entity, type EntityItem } from '../electrodb';
import { documentClient, tableName } from '../client';

function createBlogSettingsEntity() {
  return new Entity(
    {
      model: { entity: 'blogSettings', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        isEnabled: { type: 'boolean', required: true },
        /** Canonical slug; '' when none. Its BlogSlug claim is written in the same transaction. */
        slug: { type: 'string', required: true },
        tone: { type: BLOG_TONES, required: true },
        topics: { type: 'string', required: true },
        frequency: { type: BLOG_FREQUENCIES, required: true },
        layout: { type: BLOG_LAYOUTS, required: true },
        /** Key in the uploads bucket; '' when none. */
        headerImageKey: { type: 'string', required: true },
        revision: { type: 'number', required: true },
        /** ISO 8601, set by the server on every save. */
        lastUpdated: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: [], template: 'settings#blog', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type BlogSettingsEntity = ReturnType<typeof createBlogSettingsEntity>;

let entity: BlogSettingsEntity | undefined;
/** The process-wide blog settings entity (created on first use). */
export function blogSettings(): BlogSettingsEntity {
  entity ??= createBlogSettingsEntity();
  return entity;
}
export type BlogSettingsItem = EntityItem<BlogSettingsEntity>;
