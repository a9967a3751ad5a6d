/**
 * BlogSlug claim entity (architecture "Data": unique claim, transaction): one global item per
 * claimed slug in its own partition `slug#<slug>`, sort key `claim`, naming the owning brand.
 * It is only ever written in a transaction with the owner's blog settings, conditional on being
 * unclaimed or already the owner's, so a slug has at most one owner across all tenants. It also
 * serves the public blog's lookup by slug (GetItem, no Scan).
 */
import { Entity, type EntityItem } from '../electrodb';
import { documentClient, tableName } from '../client';
import { TABLE_SCHEMA } from '@director-ia/shared';

function createBlogSlugEntity() {
  return new Entity(
    {
      model: { entity: 'blogSlug', version: '1', service: 'director' },
      attributes: {
        slug: { type: 'string', required: true, readOnly: true },
        /** The owning brand's Cognito `sub`. */
        ownerSub: { type: 'string', required: true },
        claimedAt: { type: 'string', required: true },
      },
      indexes: {
        bySlug: {
          pk: { field: TABLE_SCHEMA.partitionKey, composite: ['slug'], template: 'slug#${slug}', casing: 'none' },
          sk: { field: TABLE_SCHEMA.sortKey, composite: [], template: 'claim', casing: 'none' },
        },
      },
    },
    { client: documentClient, table: tableName() },
  );
}

export type BlogSlugEntity = ReturnType<typeof createBlogSlugEntity>;

let entity: BlogSlugEntity | undefined;
/** The process-wide BlogSlug entity (created on first use). */
export function blogSlugs(): BlogSlugEntity {
  entity ??= createBlogSlugEntity();
  return entity;
}
export type BlogSlugItem = EntityItem<BlogSlugEntity>;
