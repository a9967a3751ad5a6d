/**
 * BlogSlug claim entity (architecture "Data": unique claim, transaction): one global item per
 * claimed slug in its own partition `slug#<slug>`, sort key `claim`, naming the owning brand.
 * It is only ever written in a transaction with the owner's blog settings, conditional on being
 * unclaimed or already the owner's, so a slug has at most one owner across all tenants. It also
 * serves the public blog's lookup by slug (GetItem, no Scan).
 */
import { defineEntity, fixed, type ItemOf, model, required, tableIndex } from '../schema';

/** The process-wide BlogSlug entity (created on first use). */
export const blogSlugs = defineEntity({
  model: model('blogSlug'),
  attributes: {
    slug: fixed('string'),
    /** The owning brand's Cognito `sub`. */
    ownerSub: required('string'),
    claimedAt: required('string'),
  },
  indexes: { bySlug: tableIndex({ template: 'slug#${slug}', composite: ['slug'] }, { template: 'claim', composite: [] }) },
});

export type BlogSlugItem = ItemOf<typeof blogSlugs>;
