/**
 * `obtenerCifrasMes`'s domain (issue 15 item 5: "The Conóceme page shows the month's headline
 * figures"), for month `month` ('YYYY-MM') in UTC (instants are stored in UTC and the click counters
 * are UTC days, so every figure uses the same month boundaries):
 * - published: the caller's publications in state 'publicado' whose `publishedAt` falls in the month;
 * - clicks: the brand-wide daily counter (`brandclicks#all#<day>`, ../links/clicks.ts) over the
 *   month's days, one Query;
 * - conversations and leads: the caller's Conversation items (the widget's and the networks') and
 *   Lead items created in the month;
 * - spendCents: the known spend (Meta's or the owner's figure) of the approved campaigns whose dates
 *   overlap the month; activeCampaigns: how many approved campaigns overlap it;
 * - costPerLeadCents: round(spend ÷ leads), null without leads or without any known spend.
 * Throws InvalidInputError (PLAN_MSG.monthInvalid) for a malformed month.
 */
import { isMonth, monthRange, PLAN_MSG, type MonthFigures } from '@director-ia/shared';
import { conversations } from '../../platform/db/entities/conversation';
import { leads } from '../../platform/db/entities/lead';
import { publications } from '../../platform/db/entities/publication';
import { InvalidInputError } from '../../platform/errors';
import { brandClicksBetween } from '../links/clicks';
import { listCampaignItems } from './store';

const inMonth = (month: string) => (instant: string | undefined) => instant !== undefined && instant.startsWith(`${month}-`);

/** The month's figures of `sub` (see the module header). */
export async function monthFigures(sub: string, month: string): Promise<MonthFigures> {
  if (!isMonth(month)) throw new InvalidInputError(PLAN_MSG.monthInvalid);
  const { first, last } = monthRange(month);
  const within = inMonth(month);
  const [published, clicks, conversationItems, leadItems, campaigns] = await Promise.all([
    publications()
      .query.byUser({ uid: sub })
      .where((attr, { eq, begins }) => `${eq(attr.state, 'publicado')} AND ${begins(attr.publishedAt, `${month}-`)}`)
      .go({ pages: 'all', attributes: ['state', 'publishedAt'] }),
    brandClicksBetween(sub, first, last),
    conversations().query.byUser({ uid: sub }).go({ pages: 'all', attributes: ['createdAt'] }),
    leads().query.byUser({ uid: sub }).go({ pages: 'all', attributes: ['createdAt'] }),
    listCampaignItems(sub),
  ]);
  const active = campaigns.filter(({ item, brief }) => item.status === 'aprobada' && brief.startDate <= last && brief.endDate >= first);
  const spends = active.flatMap(({ item }) => (item.spendCents === undefined ? [] : [item.spendCents]));
  const spendCents = spends.reduce((sum, cents) => sum + cents, 0);
  const leadCount = leadItems.data.filter((lead) => within(lead.createdAt)).length;
  return {
    month,
    published: published.data.filter((publication) => publication.state === 'publicado' && within(publication.publishedAt)).length,
    clicks,
    conversations: conversationItems.data.filter((conversation) => within(conversation.createdAt)).length,
    leads: leadCount,
    spendCents,
    costPerLeadCents: spends.length === 0 || leadCount === 0 ? null : Math.round(spendCents / leadCount),
    activeCampaigns: active.length,
  };
}
