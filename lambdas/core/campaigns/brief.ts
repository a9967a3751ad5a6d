/**
 * The server's checks of a campaign brief (issue 15 item 1), beyond the contract's schema (which
 * the web runs too):
 * - the brief is parsed again with CampaignBriefSchema (a caller inside the server gets the same
 *   Spanish messages as the browser);
 * - the start date is not before today in the BRAND's time zone (AiSettings.timeZone, shared/time.ts
 *   `localDateTime`): CAMPAIGN_BRIEF_MSG.startPast. Unlike the plan (UTC with a day of slack), a
 *   campaign's dates are the brand's calendar dates, so the brand's "today" is the one that counts;
 * - the landing URL is an absolute https URL, or any URL of the site's own origin (SITE_URL: in the
 *   twin that is http://localhost:…): CAMPAIGN_MSG.landingNotAllowed otherwise;
 * - provinces are stored in their canonical spelling (shared `provinceNamed`: 'valencia' → 'Valencia').
 * Throws InvalidInputError with the first Spanish message.
 */
import * as z from 'zod/mini';
import { CAMPAIGN_BRIEF_MSG, CAMPAIGN_MSG, CampaignBriefSchema, localDateTime, provinceNamed, type CampaignBrief } from '@director-ia/shared';
import { InvalidInputError } from '../../platform/errors';
import { brandTimeZone } from '../settings/aiSettings';
import { siteOrigin } from '../social/site';

/** Whether `url` may be a campaign's landing URL: https, or the site's own origin (see the module header). */
export function landingAllowed(url: string, site: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.origin === site;
  } catch {
    return false;
  }
}

/** The first Spanish message of a failed parse. */
export const firstIssue = (error: { issues: readonly { message: string }[] }, fallback: string): string => error.issues[0]?.message ?? fallback;

/**
 * `input` checked as a brief against `today` ('YYYY-MM-DD', the brand's) and the site's origin,
 * with canonical province names. Pure. Throws InvalidInputError (see the module header).
 */
export function checkedBrief(input: unknown, today: string, site: string): CampaignBrief {
  const parsed = z.safeParse(CampaignBriefSchema, input);
  if (!parsed.success) throw new InvalidInputError(firstIssue(parsed.error, CAMPAIGN_BRIEF_MSG.startInvalid));
  const brief = parsed.data;
  if (brief.startDate < today) throw new InvalidInputError(CAMPAIGN_BRIEF_MSG.startPast);
  if (!landingAllowed(brief.landingUrl, site)) throw new InvalidInputError(CAMPAIGN_MSG.landingNotAllowed);
  const locations = brief.audience.locations.map((location) => (location.kind === 'provincia' ? { ...location, name: provinceNamed(location.name) ?? location.name } : location));
  return { ...brief, audience: { ...brief.audience, locations } };
}

/** Today's date in `sub`'s brand time zone, 'YYYY-MM-DD'. */
export async function brandToday(sub: string, now: Date): Promise<string> {
  return localDateTime(now, await brandTimeZone(sub)).date;
}

/** `input` checked as `sub`'s brief at `now` (see the module header). */
export async function checkBrief(sub: string, input: unknown, now: Date): Promise<{ brief: CampaignBrief; today: string }> {
  const today = await brandToday(sub, now);
  return { brief: checkedBrief(input, today, siteOrigin()), today };
}
