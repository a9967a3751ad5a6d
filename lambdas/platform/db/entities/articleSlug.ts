/**
 * ArticleSlug claim entity (issue 5 items 3, 4: article slugs unique within the brand): one item
 * per article slug of a brand, under `user#<sub>`, sort key `articleSlug#<slug>`, naming the
 * article that holds it. It is only written in a transaction with its article (put conditional
 * on being unclaimed or already that article's; deleted with the article or when a draft's slug
 * changes), so two articles of one brand never share a slug. It also lets the public blog find an
 * article by its slug with one GetItem.
 */
import { defineEntity, fixed, type ItemOf, model, required, TENANT, tenantIndex } from '../schema';

/** The process-wide ArticleSlug entity (created on first use). */
export const articleSlugs = defineEntity({
  model: model('articleSlug'),
  attributes: { ...TENANT, slug: fixed('string'), articleId: required('string') },
  indexes: { byUser: tenantIndex('articleSlug#${slug}', 'slug') },
});

export type ArticleSlugItem = ItemOf<typeof articleSlugs>;
