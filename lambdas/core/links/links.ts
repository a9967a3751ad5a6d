/**
 * Tracked links (issue 15 item 4): creation for posts, articles and campaign creatives, and the
 * public redirect's lookup. Storage: platform/db/entities/trackedLink.ts; target rule and Location:
 * ./targets.ts; counting: ./clicks.ts.
 *
 * - `createTrackedLink(sub, {targetUrl, source, utm, landingUrl?}, now)` → `{code, url}` (url =
 *   `<SITE_URL>/r/<code>`). The code is 8 random base62 characters, claimed globally with the link
 *   in one transaction conditional on being unclaimed (a collision draws again, MAX_CODE_ATTEMPTS
 *   times). Throws InvalidInputError (Spanish, LINK_MSG) for a target outside the site's origin or
 *   the given landing URL's origin, for missing UTM fields or a bad source.
 * - `followLink(code, visitor, now)` → `{location}`: reads claim and link (strongly consistent),
 *   re-checks the target against the same rule, counts the click, and answers the target with UTM
 *   parameters and `ref`. Throws NotFoundError for a malformed or unknown code and for a stored
 *   target the rule refuses (never an open redirect).
 */
import { randomInt } from 'node:crypto';
import { LINK_CODE_LENGTH, LINK_CODE_PATTERN, LINK_MSG, LINK_SOURCE_KINDS, trackedLinkPath, type LinkSource, type LinkUtm } from '@director-ia/shared';
import { linkCodes, trackedLinks } from '../../platform/db/entities/trackedLink';
import { TransactionCancelled } from '../../platform/db/errors';
import { transactWrite } from '../../platform/db/service';
import { InvalidInputError, NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { siteOrigin, siteUrl } from '../social/site';
import { countClick, type Visitor } from './clicks';
import { isAllowedTarget, landingOriginOf, redirectLocation } from './targets';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Draws before giving up on a free code (62^8 codes: a second draw is already rare). */
export const MAX_CODE_ATTEMPTS = 5;

/** A new random code (uniform base62). */
export function newLinkCode(): string {
  return Array.from({ length: LINK_CODE_LENGTH }, () => BASE62[randomInt(BASE62.length)]).join('');
}

export interface NewTrackedLink {
  targetUrl: string;
  source: LinkSource;
  utm: LinkUtm;
  /** A campaign's landing URL: its origin is allowed as a target besides the site's. */
  landingUrl?: string;
}

const present = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** Creates a tracked link of brand `sub` (see the module header). */
export async function createTrackedLink(sub: string, input: NewTrackedLink, now = new Date(), drawCode: () => string = newLinkCode): Promise<{ code: string; url: string }> {
  // A landing page on the site itself needs no extra origin (and may be plain http where the site is: the twin).
  const landingOnSite = input.landingUrl !== undefined && isAllowedTarget(input.landingUrl, siteOrigin());
  const landingOrigin = input.landingUrl === undefined || landingOnSite ? undefined : landingOriginOf(input.landingUrl);
  if (landingOrigin === null || !isAllowedTarget(input.targetUrl, siteOrigin(), landingOrigin)) throw new InvalidInputError(LINK_MSG.invalidTarget);
  const { source, utm } = input;
  if (!present(utm.source) || !present(utm.medium) || !present(utm.campaign)) throw new InvalidInputError(LINK_MSG.invalidUtm);
  if (!LINK_SOURCE_KINDS.includes(source.kind) || !present(source.id)) throw new InvalidInputError(LINK_MSG.invalidSource);
  // Only the origin the target actually needs is kept, so re-validation stays as narrow as creation.
  const keptLanding = landingOrigin !== undefined && new URL(input.targetUrl).origin === landingOrigin && landingOrigin !== siteOrigin() ? landingOrigin : undefined;
  const createdAt = now.toISOString();
  for (let attempt = 1; ; attempt++) {
    const code = drawCode();
    try {
      await transactWrite(({ linkCode, trackedLink }) => [
        linkCode.create({ code, ownerSub: sub, createdAt }).commit(),
        trackedLink
          .create({
            uid: sub,
            code,
            targetUrl: input.targetUrl,
            ...(keptLanding ? { landingOrigin: keptLanding } : {}),
            source: { kind: source.kind, id: source.id, ...(source.network ? { network: source.network } : {}), ...(source.campaignId ? { campaignId: source.campaignId } : {}) },
            utm: { source: utm.source, medium: utm.medium, campaign: utm.campaign, ...(present(utm.content) ? { content: utm.content } : {}) },
            createdAt,
          })
          .commit(),
      ]);
      return { code, url: `${siteUrl()}${trackedLinkPath(code)}` };
    } catch (error) {
      if (!(error instanceof TransactionCancelled && error.conditionFailed(0)) || attempt >= MAX_CODE_ATTEMPTS) throw error;
    }
  }
}

/** Follows link `code` for `visitor` (see the module header). */
export async function followLink(code: string, visitor: Visitor, now = new Date()): Promise<{ location: string }> {
  if (!LINK_CODE_PATTERN.test(code)) throw new NotFoundError(LINK_MSG.notFoundBody);
  const { data: claim } = await linkCodes().get({ code }).go({ consistent: true });
  if (!claim) throw new NotFoundError(LINK_MSG.notFoundBody);
  const { data: link } = await trackedLinks().get({ uid: claim.ownerSub, code }).go({ consistent: true });
  if (!link) throw new NotFoundError(LINK_MSG.notFoundBody);
  if (!isAllowedTarget(link.targetUrl, siteOrigin(), link.landingOrigin)) {
    logger.warn('Tracked link refused: its target is not allowed', { code });
    throw new NotFoundError(LINK_MSG.notFoundBody);
  }
  try {
    await countClick(claim.ownerSub, { code, campaignId: link.source.campaignId }, visitor, now);
  } catch (error) {
    // The visitor still gets where the link promised; the lost count is logged.
    logger.error('Tracked link click not counted', { code, error: error as Error });
  }
  return { location: redirectLocation(link.targetUrl, link.utm, code) };
}
