/**
 * Article entity (architecture "Data": Article; issue 5 items 3, 4): one item per blog article
 * under the tenant partition `user#<sub>`, sort key `article#<id>` (time-ordered ids from
 * core/uploads/keys.ts `newObjectId`, so a descending query lists the newest first). `body` is
 * Markdown as written by the AI or the owner; it is rendered to HTML only through the safe
 * renderer of the public blog. `slug` names the article's public URL `/blog/<blogSlug>/<slug>`
 * and is unique within the brand. Only `status: 'published'` is ever served publicly.
 */
import { Entity, type EntityItem } from '../electrodb';
import { ARTICLE_ORIGINS, ARTICLE_STATUSES, TABLE_SCHEMA } from '@director-ia/shared';
import { documentClient, tableName } from '../client';

function createArticleEntity() {
  return new Entity(
    {
      model: { entity: 'article', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        title: { type: 'string', required: true },
        /** URL segment of the article (shared slug rule), unique within the brand. */
        slug: { type: 'string', required: true },
        summary: { type: 'string', required: true },
        /** Markdown. */
        body: { type: 'string', required: true },
        status: { type: ARTICLE_STATUSES, required: true },
        /** A gallery asset (image) used as the cover, if any. */
        coverAssetId: { type: 'string' },
        origin: { type: ARTICLE_ORIGINS, required: true, readOnly: true },
        /** True when the offline provider wrote it (no AI model): the UI labels it. */
        offline: { type: 'boolean', required: true },
        model: { type: 'string', required: true },
        /** ISO 8601. */
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
        /** ISO 8601; set when published, kept when unpublished (shown as the publication date). */
        publishedAt: { type: 'string' },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['id'], template: 'article#${id}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type ArticleEntity = ReturnType<typeof createArticleEntity>;

let entity: ArticleEntity | undefined;
/** The process-wide Article entity (created on first use, once TABLE_NAME is known). */
export function articles(): ArticleEntity {
  entity ??= createArticleEntity();
  return entity;
}
export type ArticleItem = EntityItem<ArticleEntity>;
