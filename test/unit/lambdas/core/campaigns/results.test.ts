/**
 * A campaign's results and the month's figures (issue 15 item 5, lambdas/core/campaigns/results.ts,
 * month.ts, spend.ts) counted from real items in DynamoDB Local: click counters through countClick,
 * conversations and leads attributed to the campaign, published publications of its posts, the
 * owner's spend (refused when Meta reports it).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_MSG, type CampaignBrief, type Publication } from '@director-ia/shared';
import { CAMPAIGN_NOW, CAMPAIGN_SITE, campaignBrief as brief, OFFLINE_PROVIDER, scheduledPublication as publication } from '../../../../support/campaigns';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

vi.mock('../../../../../lambdas/core/publishing', () => ({ syncPublications: vi.fn(), removePublications: vi.fn(), publicationsOf: vi.fn(async () => new Map()) }));

const db = await useDomainEnv({ SITE_URL: CAMPAIGN_SITE });
const { generateCampaign } = await import('../../../../../lambdas/core/campaigns/generate');
const { approveCampaign } = await import('../../../../../lambdas/core/campaigns/approve');
const { saveCampaignSpend } = await import('../../../../../lambdas/core/campaigns/spend');
const { listCampaigns, showCampaign } = await import('../../../../../lambdas/core/campaigns/list');
const { monthFigures } = await import('../../../../../lambdas/core/campaigns/month');
const { countClick } = await import('../../../../../lambdas/core/links/clicks');
const { campaigns } = await import('../../../../../lambdas/platform/db/entities/campaign');
const { leads } = await import('../../../../../lambdas/platform/db/entities/lead');
const { conversations } = await import('../../../../../lambdas/platform/db/entities/conversation');
const { publications } = await import('../../../../../lambdas/platform/db/entities/publication');
const engine = await import('../../../../../lambdas/core/publishing');
const table = rawTableAt(db.endpoint, db.table);

const NOW = CAMPAIGN_NOW;
const offlineCampaign = (sub: string, overrides: Partial<CampaignBrief> = {}, now = NOW) => generateCampaign(sub, { brief: brief(overrides) }, now, { provider: OFFLINE_PROVIDER, brand: { brandName: 'Yoga Luz' } });

beforeEach(() => {
  vi.mocked(engine.syncPublications)
    .mockReset()
    .mockImplementation(async (_sub, item) => [publication(item.platform as Publication['network'])]);
});

describe('results and figures', () => {
  it('count clicks, conversations, leads and published posts from the stored items, with the owner’s spend', async () => {
    const sub = uniqueSub();
    const { campaign } = await offlineCampaign(sub);
    const { posts } = await approveCampaign(sub, campaign.id, NOW);
    const [post] = await table.query(`user#${sub}`, 'post#');
    const code = String(post?.linkCode);
    const visitor = { ip: '203.0.113.7', userAgent: 'Firefox' };
    await countClick(sub, { code, campaignId: campaign.id }, visitor, NOW);
    await countClick(sub, { code, campaignId: campaign.id }, visitor, NOW);
    await countClick(sub, { code, campaignId: campaign.id }, { ip: '203.0.113.8', userAgent: 'Firefox' }, new Date('2031-03-06T09:00:00Z'));
    const at = NOW.toISOString();
    const attribution = { ref: code, kind: 'post' as const, sourceId: post?.id as string, campaignId: campaign.id };
    await conversations().create({ uid: sub, id: 'conv0000000000000001', channel: 'widget', messageCount: 2, attribution, createdAt: at, updatedAt: at }).go();
    await conversations().create({ uid: sub, id: 'conv0000000000000002', channel: 'widget', messageCount: 2, createdAt: at, updatedAt: at }).go();
    const lead = (id: string, campaignId?: string, createdAt = at) =>
      leads()
        .create({ uid: sub, id, name: 'Ana', contact: 'ana@example.com', contactType: 'email', source: 'widget', status: 'Nuevo', ...(campaignId ? { attribution: { ...attribution, campaignId } } : {}), consentText: 'Acepto', consentAt: createdAt, createdAt, updatedAt: createdAt })
        .go();
    await lead('lead0000000000000001', campaign.id);
    await lead('lead0000000000000002', campaign.id);
    await lead('lead0000000000000003', 'otra-campana');
    await lead('lead0000000000000004', undefined, '2031-02-27T10:00:00.000Z');
    const publish = (postId: string, state: 'publicado' | 'programado', publishedAt?: string) =>
      publications()
        .create({ uid: sub, id: `pub-${postId}`, postId, network: 'instagram', position: 0, state, revision: 1, dueAt: at, title: 'T', localDate: '2031-03-05', localTime: '19:00', contentHash: 'h', ...(publishedAt ? { publishedAt } : {}), createdAt: at, updatedAt: at })
        .go();
    await publish(posts[0]!.id, 'publicado', '2031-03-05T18:00:00.000Z');
    await publish(posts[1]!.id, 'programado');
    await publish('no-es-de-la-campana', 'publicado', '2031-03-05T18:00:00.000Z');

    const withSpend = await saveCampaignSpend(sub, { id: campaign.id, spend: 120.5 }, NOW);
    expect(withSpend.campaign.spend).toEqual({ cents: 12050, source: 'owner', updatedAt: at });
    expect(withSpend.results).toEqual({ budgetCents: 60000, spendCents: 12050, spendSource: 'owner', published: 1, clicks: 3, uniqueClicks: 2, conversations: 1, leads: 2, costPerLeadCents: 6025 });
    expect((await showCampaign(sub, campaign.id)).results).toEqual(withSpend.results);
    expect((await listCampaigns(sub)).campaigns).toMatchObject([{ id: campaign.id, status: 'aprobada', objective: 'leads', networks: ['instagram', 'facebook'], results: withSpend.results }]);

    expect(await monthFigures(sub, '2031-03')).toEqual({ month: '2031-03', published: 2, clicks: 3, conversations: 2, leads: 3, spendCents: 12050, costPerLeadCents: 4017, activeCampaigns: 1 });
    expect(await monthFigures(sub, '2031-02')).toEqual({ month: '2031-02', published: 0, clicks: 0, conversations: 0, leads: 1, spendCents: 0, costPerLeadCents: null, activeCampaigns: 0 });
  });

  it("refuses the owner's spend when Meta reports it", async () => {
    const sub = uniqueSub();
    const { campaign } = await offlineCampaign(sub);
    await campaigns().patch({ uid: sub, id: campaign.id }).set({ spendCents: 500, spendSource: 'meta', spendAt: NOW.toISOString() }).go();
    await expect(saveCampaignSpend(sub, { id: campaign.id, spend: 10 })).rejects.toThrow(new InvalidInputError(CAMPAIGN_MSG.spendFromMeta));
  });
});
