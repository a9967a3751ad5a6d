/**
 * A campaign's results and funnel (issue 15 item 5, shared CampaignResults), counted from the
 * stored items, never estimated:
 * - clicks and unique clicks: the sum of the campaign's daily counters `campaignclicks#<id>#<day>`
 *   (one Query, ../links/clicks.ts `campaignClickTotals`); a unique is a visitor's first click of a
 *   UTC day, so one person on two days counts twice;
 * - conversations: the caller's Conversation items whose attribution names the campaign; leads: the
 *   caller's Lead items whose attribution names it (one Query of each prefix for all the campaigns
 *   being shown, `attributedCounts`);
 * - published: the Publication items of the campaign's posts (`postIds`) in state 'publicado';
 * - spend as last known (the owner's figure or Meta's), costPerLeadCents = round(spend ÷ leads),
 *   null without a known spend or without leads.
 */
import type { CampaignResults } from '@director-ia/shared';
import type { CampaignItem } from '../../platform/db/entities/campaign';
import { conversations } from '../../platform/db/entities/conversation';
import { leads } from '../../platform/db/entities/lead';
import { publications } from '../../platform/db/entities/publication';
import { campaignClickTotals } from '../links/clicks';

/** Conversations and leads per campaign id. */
export interface AttributedCounts {
  conversations: Map<string, number>;
  leads: Map<string, number>;
}

function countBy(items: readonly { attribution?: { campaignId?: string } }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const id = item.attribution?.campaignId;
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Conversations and leads of `sub` attributed to each campaign (one Query of each). */
export async function attributedCounts(sub: string): Promise<AttributedCounts> {
  const [conversationItems, leadItems] = await Promise.all([
    conversations().query.byUser({ uid: sub }).go({ pages: 'all', attributes: ['attribution'] }),
    leads().query.byUser({ uid: sub }).go({ pages: 'all', attributes: ['attribution'] }),
  ]);
  return { conversations: countBy(conversationItems.data), leads: countBy(leadItems.data) };
}

/** Publications of `postIds` of `sub` in state 'publicado' (one Query per post: a campaign's posts are few). */
export async function publishedCount(sub: string, postIds: readonly string[]): Promise<number> {
  const counts = await Promise.all(
    postIds.map(async (postId) => {
      const { data } = await publications()
        .query.byUser({ uid: sub, postId })
        .go({ pages: 'all', attributes: ['state'] });
      return data.filter((publication) => publication.state === 'publicado').length;
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** round(spend ÷ leads), or null when either is missing (see the module header). */
export function costPerLead(spendCents: number | null, leadCount: number): number | null {
  return spendCents === null || leadCount === 0 ? null : Math.round(spendCents / leadCount);
}

/** The results of campaign `item` of `sub`; `counts` when already read for several campaigns. */
export async function campaignResults(sub: string, item: CampaignItem, counts?: AttributedCounts): Promise<CampaignResults> {
  const [clicks, published, attributed] = await Promise.all([campaignClickTotals(sub, item.id), publishedCount(sub, item.postIds ?? []), counts ?? attributedCounts(sub)]);
  const leadCount = attributed.leads.get(item.id) ?? 0;
  const spendCents = item.spendCents ?? null;
  return {
    budgetCents: item.budgetCents,
    spendCents,
    spendSource: spendCents === null ? null : (item.spendSource ?? null),
    published,
    clicks: clicks.clicks,
    uniqueClicks: clicks.uniques,
    conversations: attributed.conversations.get(item.id) ?? 0,
    leads: leadCount,
    costPerLeadCents: costPerLead(spendCents, leadCount),
  };
}
