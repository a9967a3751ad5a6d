/**
 * Attribution of widget conversations and leads (issue 15 item 4: "a lead created in that session
 * carries its source: the post, article or campaign, and the network").
 *
 * `resolveAttribution(sub, visit)` → shared Attribution, or undefined when the visit says nothing:
 * - `visit.ref` counts only when it is a tracked link of brand `sub`: the link is read under the
 *   brand's own partition (`user#<sub>` / `link#<code>`), which holds only the links
 *   createTrackedLink made for `sub` (the same claim `linkCodes` names), so another brand's code,
 *   an unknown code or a malformed one is ignored as if absent (never an error: the visitor's chat
 *   goes on). A found link gives `kind`, `sourceId`, `network`, `campaignId` (a campaign link's own
 *   id when it has none), and the titles as they are now: the post's title, the article's title,
 *   the campaign's name (and, for a creative, its headline in the campaign's proposal);
 * - the visit's UTM values are kept as text (`utm`), whatever `ref` resolved to.
 * A title that cannot be read is left out (logged); the rest is still returned.
 */
import { LINK_CODE_PATTERN, type Attribution, type Visit } from '@director-ia/shared';
import { articles } from '../../platform/db/entities/article';
import { campaigns } from '../../platform/db/entities/campaign';
import { trackedLinks, type TrackedLinkItem } from '../../platform/db/entities/trackedLink';
import { logger } from '../../platform/logger';
import { readPost } from '../publishing/store';

type Utm = NonNullable<Attribution['utm']>;

/** The visit's UTM values as an Attribution's `utm`, or undefined when it has none. */
function utmOf(visit: Visit): Utm | undefined {
  const utm: Utm = {};
  if (visit.utmSource) utm.source = visit.utmSource;
  if (visit.utmMedium) utm.medium = visit.utmMedium;
  if (visit.utmCampaign) utm.campaign = visit.utmCampaign;
  if (visit.utmContent) utm.content = visit.utmContent;
  return Object.keys(utm).length > 0 ? utm : undefined;
}

/** The headline of creative `id` in a campaign's proposal JSON, if it is there. */
function creativeHeadline(proposalJson: string, id: string): string | undefined {
  const proposal = JSON.parse(proposalJson) as { creatives?: unknown };
  if (!Array.isArray(proposal.creatives)) return undefined;
  const creative = (proposal.creatives as { id?: unknown; headline?: unknown }[]).find((entry) => entry.id === id);
  return typeof creative?.headline === 'string' ? creative.headline : undefined;
}

/** The source's title and the campaign's name, as far as they can be read now. */
async function titlesOf(sub: string, link: TrackedLinkItem, campaignId: string | undefined): Promise<{ sourceTitle?: string; campaignName?: string }> {
  const { kind, id } = link.source;
  const campaign = campaignId ? (await campaigns().get({ uid: sub, id: campaignId }).go()).data : null;
  const titles: { sourceTitle?: string; campaignName?: string } = campaign ? { campaignName: campaign.name } : {};
  if (kind === 'post') {
    const post = await readPost(sub, id);
    if (post) titles.sourceTitle = post.title;
  } else if (kind === 'article') {
    const { data: article } = await articles().get({ uid: sub, id }).go({ attributes: ['title'] });
    if (article) titles.sourceTitle = article.title;
  } else if (kind === 'campaign') {
    if (campaign) titles.sourceTitle = campaign.name;
  } else if (campaign) {
    const headline = creativeHeadline(campaign.proposalJson, id);
    if (headline) titles.sourceTitle = headline;
  }
  return titles;
}

/** What brand `sub`'s tracked link `code` attributes to, or undefined when `sub` has no such link. */
async function linkAttribution(sub: string, code: string): Promise<Attribution | undefined> {
  const { data: link } = await trackedLinks().get({ uid: sub, code }).go();
  if (!link || link.uid !== sub) return undefined;
  const { kind, id, network } = link.source;
  const campaignId = link.source.campaignId ?? (kind === 'campaign' ? id : undefined);
  let titles = {};
  try {
    titles = await titlesOf(sub, link, campaignId);
  } catch (error) {
    logger.warn('Attribution titles not read', { code, error: error as Error });
  }
  return { ref: code, kind, sourceId: id, ...titles, ...(network ? { network } : {}), ...(campaignId ? { campaignId } : {}) };
}

/** The attribution of `visit` for brand `sub` (see the module header). */
export async function resolveAttribution(sub: string, visit: Visit | undefined): Promise<Attribution | undefined> {
  if (!visit) return undefined;
  const utm = utmOf(visit);
  const linked = visit.ref && LINK_CODE_PATTERN.test(visit.ref) ? await linkAttribution(sub, visit.ref) : undefined;
  if (!linked && !utm) return undefined;
  return { ...linked, ...(utm ? { utm } : {}) };
}
