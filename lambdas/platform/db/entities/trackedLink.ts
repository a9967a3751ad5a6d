/**
 * Tracked link entities (issue 15 item 4: `/r/<code>` redirects, clicks per day, link and campaign):
 * - TrackedLink: under the brand, `user#<sub>` / `link#<code>`: the target, what it attributes to
 *   (`source`), the UTM parameters the redirect adds and, for campaign links, the landing origin
 *   the target was accepted for.
 * - LinkCode: the code's global claim, `linkcode#<code>` / `claim`, naming the brand: the public
 *   route finds the link with two strongly consistent GetItems (claim, then link), no Scan. Written
 *   in one transaction with its link, conditional on the code being unclaimed.
 * - LinkClicks: daily counters under the brand, `clicks#<code>#<YYYY-MM-DD>` per link,
 *   `campaignclicks#<campaignId>#<YYYY-MM-DD>` per campaign and `brandclicks#all#<YYYY-MM-DD>` for
 *   every link of the brand (the month's figures, one Query), changed only by atomic `ADD clicks,
 *   uniques` (UpdateItem creates them; the brand counter adds clicks only). Kept (reporting), no
 *   TTL. A campaign's or the brand's days are one Query of the `<scope>#<key>#` prefix.
 * - LinkSalt: the random salt of one UTC day, `linksalt#<YYYY-MM-DD>` / `salt`, created once by a
 *   conditional put, removed by TTL after two days: a visitor hash cannot be linked across days, and
 *   once the salt is gone nobody can recompute one from an IP.
 * - LinkVisitor: one item per (link or campaign, day, visitor hash) under the brand,
 *   `linkvisitor#<code>#<day>#<hash>` / `campaignvisitor#<campaignId>#<day>#<hash>`, created by a
 *   conditional put (only a new one counts as unique), TTL two days. The hash is
 *   SHA-256(salt ‖ ip ‖ user agent) truncated; the raw IP and user agent are never stored.
 */
import { LINK_SOURCE_KINDS } from '@director-ia/shared';
import { CREATED, defineEntity, fixed, type ItemOf, model, optional, required, tableIndex, TENANT, tenantIndex } from '../schema';

/** The process-wide TrackedLink entity. */
export const trackedLinks = defineEntity({
  model: model('trackedLink'),
  attributes: {
    ...TENANT,
    code: fixed('string'),
    targetUrl: fixed('string'),
    /** Origin of the campaign's landing URL the target was accepted for, when it is not the site's. */
    landingOrigin: optional('string'),
    source: {
      type: 'map',
      required: true,
      readOnly: true,
      properties: {
        kind: { type: LINK_SOURCE_KINDS, required: true },
        id: { type: 'string', required: true },
        network: { type: 'string' },
        campaignId: { type: 'string' },
      },
    },
    utm: {
      type: 'map',
      required: true,
      readOnly: true,
      properties: {
        source: { type: 'string', required: true },
        medium: { type: 'string', required: true },
        campaign: { type: 'string', required: true },
        content: { type: 'string' },
      },
    },
    ...CREATED,
  },
  indexes: { byUser: tenantIndex('link#${code}', 'code') },
});

/** The process-wide LinkCode claim entity. */
export const linkCodes = defineEntity({
  model: model('linkCode'),
  attributes: {
    code: fixed('string'),
    /** The owning brand's Cognito `sub`. */
    ownerSub: fixed('string'),
    ...CREATED,
  },
  indexes: { byCode: tableIndex({ template: 'linkcode#${code}', composite: ['code'] as const }, { template: 'claim', composite: [] as const }) },
});

/** The daily click counters' scopes (see the header). */
export const LINK_CLICK_SCOPES = ['clicks', 'campaignclicks', 'brandclicks'] as const;
export type LinkClickScope = (typeof LINK_CLICK_SCOPES)[number];
/** The `key` of the brand-wide counter. */
export const BRAND_CLICKS_KEY = 'all';

/** The process-wide LinkClicks counter entity (see the header). */
export const linkClicks = defineEntity({
  model: model('linkClicks'),
  attributes: {
    ...TENANT,
    /** 'clicks' (a link, `key` its code), 'campaignclicks' (a campaign, `key` its id) or 'brandclicks' (every link of the brand, `key` 'all'). */
    scope: fixed(LINK_CLICK_SCOPES),
    key: fixed('string'),
    /** UTC day, YYYY-MM-DD. */
    day: fixed('string'),
    clicks: optional('number'),
    uniques: optional('number'),
  },
  indexes: { byUser: tenantIndex('${scope}#${key}#${day}', 'scope', 'key', 'day') },
});

/** The process-wide LinkSalt entity. */
export const linkSalts = defineEntity({
  model: model('linkSalt'),
  attributes: {
    day: fixed('string'),
    /** 32 random bytes, base64url. */
    salt: fixed('string'),
    /** TTL, epoch seconds. */
    expiresAt: fixed('number'),
  },
  indexes: { byDay: tableIndex({ template: 'linksalt#${day}', composite: ['day'] as const }, { template: 'salt', composite: [] as const }) },
});

/** The process-wide LinkVisitor entity. */
export const linkVisitors = defineEntity({
  model: model('linkVisitor'),
  attributes: {
    ...TENANT,
    /** 'linkvisitor' (`key` a code) or 'campaignvisitor' (`key` a campaign id). */
    scope: fixed(['linkvisitor', 'campaignvisitor'] as const),
    key: fixed('string'),
    day: fixed('string'),
    /** Truncated salted SHA-256 of ip ‖ user agent, hex. */
    visitor: fixed('string'),
    /** TTL, epoch seconds. */
    expiresAt: required('number'),
  },
  indexes: { byUser: tenantIndex('${scope}#${key}#${day}#${visitor}', 'scope', 'key', 'day', 'visitor') },
});

export type TrackedLinkItem = ItemOf<typeof trackedLinks>;
export type LinkCodeItem = ItemOf<typeof linkCodes>;
