/**
 * Click counting of tracked links (issue 15 item 4: "click counts are per day, per link and per
 * campaign. No visitor IP is stored, only a salted daily hash for de-duplication"). Storage in
 * platform/db/entities/trackedLink.ts (read its header). Per click:
 * 1. the day's salt (random, created once per UTC day by a conditional put, TTL two days; cached
 *    in the process for its day);
 * 2. visitor = SHA-256(salt ‖ ip ‖ user agent), first VISITOR_HEX_LENGTH hex characters;
 * 3. per counter (the link's, and the campaign's when the link has one): a conditional create of the
 *    visitor item (TTL two days), then one atomic `ADD clicks 1, uniques (1 if that create was new)`;
 * 4. the brand-wide counter (`brandclicks#all#<day>`, the month's figures): `ADD clicks 1` only
 *    (nobody reads a brand-wide unique count, so no visitor item is written for it).
 * Concurrent clicks never lose a count (ADD is atomic) and a visitor is unique at most once per day.
 * The IP and user agent only ever enter the hash.
 *
 * Reading: `campaignClickTotals` (every day of a campaign, one Query) and `brandClicksBetween`
 * (the brand's clicks over a range of days, one Query), issue 15 item 5.
 */
import { createHash, randomBytes } from 'node:crypto';
import { dayWindow } from '../../platform/db/counters';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { BRAND_CLICKS_KEY, linkClicks, linkSalts, linkVisitors } from '../../platform/db/entities/trackedLink';

/** Hex characters of the visitor hash kept (128 bits: collisions are negligible within a day). */
export const VISITOR_HEX_LENGTH = 32;
/** How long salts and visitor items live, seconds (TTL; the day they count plus one). */
const DEDUPE_SECONDS = 2 * 86_400;

/** Who clicked, as the request says: never stored, only hashed. */
export interface Visitor {
  ip: string | null;
  userAgent: string | null;
}

const salts = new Map<string, string>();

/** The random salt of UTC day `day`, created on its first click (see the module header). */
export async function dailySalt(day: string, now: Date): Promise<string> {
  const cached = salts.get(day);
  if (cached) return cached;
  const expiresAt = Math.floor(now.getTime() / 1000) + DEDUPE_SECONDS;
  let salt = randomBytes(32).toString('base64url');
  try {
    await linkSalts().create({ day, salt, expiresAt }).go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // Another click created it first: everyone must hash with the same salt.
    const { data } = await linkSalts().get({ day }).go({ consistent: true });
    if (!data) throw new Error(`the salt of ${day} vanished`, { cause: error });
    salt = data.salt;
  }
  if (salts.size > 4) salts.clear();
  salts.set(day, salt);
  return salt;
}

/** The visitor's salted hash (hex, VISITOR_HEX_LENGTH characters). */
export function visitorHash(salt: string, visitor: Visitor): string {
  // Length-prefixed fields: ('a', 'bc') and ('ab', 'c') never hash alike.
  const field = (value: string) => `${value.length}:${value}`;
  return createHash('sha256')
    .update(`${field(salt)}${field(visitor.ip ?? '')}${field(visitor.userAgent ?? '')}`, 'utf8')
    .digest('hex')
    .slice(0, VISITOR_HEX_LENGTH);
}

/** One daily counter a click adds to. */
type CounterTarget = { scope: 'clicks'; visitorScope: 'linkvisitor'; key: string } | { scope: 'campaignclicks'; visitorScope: 'campaignvisitor'; key: string };

/** Whether this visitor is new for the counter today (conditional create of its visitor item). */
async function firstVisit(uid: string, target: CounterTarget, day: string, visitor: string, expiresAt: number): Promise<boolean> {
  try {
    await linkVisitors().create({ uid, scope: target.visitorScope, key: target.key, day, visitor, expiresAt }).go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Counts one click of link `code` of brand `uid` (and of its campaign, when any) on the UTC day of `now`. */
export async function countClick(uid: string, link: { code: string; campaignId?: string }, visitor: Visitor, now: Date): Promise<void> {
  const day = dayWindow(now).id;
  const hash = visitorHash(await dailySalt(day, now), visitor);
  const expiresAt = Math.floor(now.getTime() / 1000) + DEDUPE_SECONDS;
  const targets: CounterTarget[] = [{ scope: 'clicks', visitorScope: 'linkvisitor', key: link.code }];
  if (link.campaignId) targets.push({ scope: 'campaignclicks', visitorScope: 'campaignvisitor', key: link.campaignId });
  await Promise.all([
    ...targets.map(async (target) => {
      const unique = await firstVisit(uid, target, day, hash, expiresAt);
      await linkClicks().update({ uid, scope: target.scope, key: target.key, day }).add({ clicks: 1, uniques: unique ? 1 : 0 }).go();
    }),
    linkClicks().update({ uid, scope: 'brandclicks', key: BRAND_CLICKS_KEY, day }).add({ clicks: 1 }).go(),
  ]);
}

/** The day's counts of link `code` (zeros when nobody clicked). */
export async function linkDayCounts(uid: string, code: string, day: string): Promise<{ clicks: number; uniques: number }> {
  const { data } = await linkClicks().get({ uid, scope: 'clicks', key: code, day }).go({ consistent: true });
  return { clicks: data?.clicks ?? 0, uniques: data?.uniques ?? 0 };
}

/** The day's counts of campaign `campaignId` over all its links (zeros when nobody clicked). */
export async function campaignDayCounts(uid: string, campaignId: string, day: string): Promise<{ clicks: number; uniques: number }> {
  const { data } = await linkClicks().get({ uid, scope: 'campaignclicks', key: campaignId, day }).go({ consistent: true });
  return { clicks: data?.clicks ?? 0, uniques: data?.uniques ?? 0 };
}

/** Clicks and unique visitors of campaign `campaignId` of brand `uid` over all its days (one Query of its daily counters; zeros when none). */
export async function campaignClickTotals(uid: string, campaignId: string): Promise<{ clicks: number; uniques: number }> {
  const { data } = await linkClicks().query.byUser({ uid, scope: 'campaignclicks', key: campaignId }).go({ pages: 'all', attributes: ['clicks', 'uniques'] });
  const totals = { clicks: 0, uniques: 0 };
  for (const day of data) {
    totals.clicks += day.clicks ?? 0;
    totals.uniques += day.uniques ?? 0;
  }
  return totals;
}

/** Clicks on every link of brand `uid` from UTC day `first` to `last` ('YYYY-MM-DD', inclusive), one Query of the brand counter. */
export async function brandClicksBetween(uid: string, first: string, last: string): Promise<number> {
  const { data } = await linkClicks()
    .query.byUser({ uid, scope: 'brandclicks', key: BRAND_CLICKS_KEY })
    .between({ day: first }, { day: last })
    .go({ pages: 'all', attributes: ['clicks'] });
  return data.reduce((sum, day) => sum + (day.clicks ?? 0), 0);
}
