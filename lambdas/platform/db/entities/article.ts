/**
 * Article entity (architecture "Data": Article; issue 5 items 3, 4): one item per blog article
 * under the tenant partition `user#<sub>`, sort key `article#<id>` (time-ordered ids from
 * core/uploads/keys.ts `newObjectId`, so a descending query lists the newest first). `body` is
 * Markdown as written by the AI or the owner; it is rendered to HTML only through the safe
 * renderer of the public blog. `slug` names the article's public URL `/blog/<blogSlug>/<slug>`
 * and is unique within the brand. Only `status: 'published'` is ever served publicly.
 */
import { ARTICLE_ORIGINS, ARTICLE_STATUSES } from '@director-ia/shared';
import { defineEntity, fixed, GENERATED, type ItemOf, model, optional, required, TENANT_ITEM, tenantIndex, TIMESTAMPS } from '../schema';

/** The process-wide Article entity (created on first use, once TABLE_NAME is known). */
export const articles = defineEntity({
  model: model('article'),
  attributes: {
    ...TENANT_ITEM,
    title: required('string'),
    /** URL segment of the article (shared slug rule), unique within the brand. */
    slug: required('string'),
    summary: required('string'),
    /** Markdown. */
    body: required('string'),
    status: required(ARTICLE_STATUSES),
    /** A gallery asset (image) used as the cover, if any. */
    coverAssetId: optional('string'),
    origin: fixed(ARTICLE_ORIGINS),
    ...GENERATED,
    ...TIMESTAMPS,
    /** ISO 8601; set when published, kept when unpublished (shown as the publication date). */
    publishedAt: optional('string'),
    /** Issue 15 item 4: the article's tracked link (code and `<site>/r/<code>` to its public page), made on its first publication. */
    linkCode: optional('string'),
    linkUrl: optional('string'),
  },
  indexes: { byUser: tenantIndex('article#${id}', 'id') },
});

export type ArticleItem = ItemOf<typeof articles>;
