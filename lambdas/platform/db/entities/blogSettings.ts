/**
 * Blog settings entity (spec section 3 "Blog settings", users/{uid}/settings/blog): one item per
 * brand under `user#<sub>`, sort key `settings#blog`. The header image is an uploads-bucket key,
 * never inline data. `revision` grows on every save: saves are conditional on the revision they
 * read, so concurrent saves cannot leave a slug claim behind (see BlogSlug).
 */
import { BLOG_FREQUENCIES, BLOG_LAYOUTS, BLOG_TONES } from '@director-ia/shared';
import { defineEntity, type ItemOf, LAST_UPDATED, model, required, TENANT, tenantIndex } from '../schema';

/** The process-wide BlogSettings entity (created on first use). */
export const blogSettings = defineEntity({
  model: model('blogSettings'),
  attributes: {
    ...TENANT,
    isEnabled: required('boolean'),
    /** Canonical slug; '' when none. Its BlogSlug claim is written in the same transaction. */
    slug: required('string'),
    tone: required(BLOG_TONES),
    topics: required('string'),
    frequency: required(BLOG_FREQUENCIES),
    layout: required(BLOG_LAYOUTS),
    /** Key in the uploads bucket; '' when none. */
    headerImageKey: required('string'),
    revision: required('number'),
    ...LAST_UPDATED,
  },
  indexes: { byUser: tenantIndex('settings#blog') },
});

export type BlogSettingsItem = ItemOf<typeof blogSettings>;
