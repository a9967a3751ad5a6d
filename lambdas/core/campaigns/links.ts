/**
 * Tracked links of a campaign's posts and creatives (issue 15 item 4: "every published post,
 * article and campaign creative gets a short tracked link"), one rule for the approval
 * (./approve.ts) and the Meta draft (./meta.ts): target and landing = the brief's landing URL;
 * source {kind, id, network, campaignId}; UTM {source: the network, medium: 'social' for posts and
 * 'paid_social' for creatives, campaign: the campaign name's slug (else its id), content: the
 * post's or creative's id}. Throws what core/links/links.ts `createTrackedLink` throws.
 */
import { canonicalSlug, type CampaignBrief, type Creative } from '@director-ia/shared';
import { createTrackedLink } from '../links/links';

/** utm_medium of a campaign's organic posts and of its ads. */
export const CAMPAIGN_POST_MEDIUM = 'social';
export const CAMPAIGN_AD_MEDIUM = 'paid_social';

/** utm_campaign of campaign `{id, name}`. */
export const campaignUtmName = (campaign: { id: string; name: string }): string => canonicalSlug(campaign.name) || campaign.id;

/** A new tracked link of `campaign`'s post or creative `{kind, id, network}` (see the module header). */
export function campaignLink(
  sub: string,
  campaign: { id: string; name: string },
  brief: Pick<CampaignBrief, 'landingUrl'>,
  what: { kind: 'post' | 'creative'; id: string; network: string },
  now: Date,
): Promise<{ code: string; url: string }> {
  return createTrackedLink(
    sub,
    {
      targetUrl: brief.landingUrl,
      landingUrl: brief.landingUrl,
      source: { kind: what.kind, id: what.id, network: what.network, campaignId: campaign.id },
      utm: { source: what.network, medium: what.kind === 'post' ? CAMPAIGN_POST_MEDIUM : CAMPAIGN_AD_MEDIUM, campaign: campaignUtmName(campaign), content: what.id },
    },
    now,
  );
}

/** `creatives` with a tracked link each (those that have one keep it); `only` limits which get one. */
export async function withCreativeLinks(
  sub: string,
  campaign: { id: string; name: string },
  brief: Pick<CampaignBrief, 'landingUrl'>,
  creatives: readonly Creative[],
  now: Date,
  only?: readonly string[],
): Promise<Creative[]> {
  const linked: Creative[] = [];
  for (const creative of creatives) {
    const needs = !creative.link && (!only || only.includes(creative.id));
    linked.push(needs ? { ...creative, link: await campaignLink(sub, campaign, brief, { kind: 'creative', id: creative.id, network: creative.network }, now) } : creative);
  }
  return linked;
}
