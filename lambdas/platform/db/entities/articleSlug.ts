/**
 * ArticleSlug claim entity (issue 5 items 3, 4: article slugs unique within the brand): one item
 * per article slug of a brand, under `user#<sub>`, sort key `articleSlug#<slug>`, naming the
 * article that holds it. It is only written in a transaction with its article (put conditional
 * on being unclaimed or already that article's; deleted with the article or when a draft's slug
 * changes), so two articles of one brand never share a slug. It also lets the public blog find an
 * article by its slug with one GetItem.
 */
import { Entity, type EntityItem } from '../electrodb';
import { documentClient, tableName } from '../client';
import { TABLE_SCHEMA } from '@director-ia/shared';

function createArticleSlugEntity() {
  return new Entity(
    {
      model: { entity: 'articleSlug', version: '1', service: 'director' },
      attributes: {
        uid: { type: 'string', required: true, readOnly: true },
        slug: { type: 'string', required: true, readOnly: true },
        articleId: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['uid'], template: 'user#${uid}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: ['slug'], template: 'articleSlug#${slug}', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type ArticleSlugEntity = ReturnType<typeof createArticleSlugEntity>;

let entity: ArticleSlugEntity | undefined;
/** The process-wide ArticleSlug entity (created on first use). */
export function articleSlugs(): ArticleSlugEntity {
  entity ??= createArticleSlugEntity();
  return entity;
}
export type ArticleSlugItem = EntityItem<ArticleSlugEntity>;
