/**
 * AI settings entity (spec section 3 "AI settings", users/{uid}/settings/ia): one item per brand
 * under the tenant partition `user#<sub>`, sort key `settings#ia`. `timeZone` (issue 13 item 1) is
 * the brand's IANA zone; absent until the owner picks one (read as Europe/Madrid). `primaryColor` and
 * `accentColor` (issue 18) are '#rrggbb'; absent until picked (read as DEFAULT_BRAND_COLORS).
 */
import { defineEntity, type ItemOf, LAST_UPDATED, model, optional, TENANT, tenantIndex } from '../schema';

/** The process-wide AI settings entity (created on first use). */
export const aiSettings = defineEntity({
  model: model('aiSettings'),
  attributes: {
    ...TENANT,
    brandName: optional('string'),
    brandPersonality: optional('string'),
    targetAudience: optional('string'),
    keywords: optional('string'),
    topicsToAvoid: optional('string'),
    timeZone: optional('string'),
    primaryColor: optional('string'),
    accentColor: optional('string'),
    ...LAST_UPDATED,
  },
  indexes: { byUser: tenantIndex('settings#ia') },
});

export type AiSettingsItem = ItemOf<typeof aiSettings>;
