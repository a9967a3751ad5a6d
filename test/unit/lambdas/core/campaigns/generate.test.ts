/**
 * `generateCampaign` (issue 15 item 2, lambdas/core/campaigns/generate.ts) against DynamoDB Local,
 * with the AI as a fake provider: the offline proposal is deterministic for the same brief and day,
 * splits exactly, has 2–3 creatives per network with the newest gallery images, and one publishable
 * post per network and week within the dates; a model's odd weights still sum exactly; nothing usable
 * is GENERATION_FAILED and nothing is stored.
 */
import { describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_MSG, expectedKpis, validatePost, type CampaignBrief, type SocialNetwork } from '@director-ia/shared';
import { answeringProvider, CAMPAIGN_NOW, CAMPAIGN_SITE, campaignBrief as brief, galleryImage, OFFLINE_PROVIDER } from '../../../../support/campaigns';
import { GenerationFailedError, InvalidInputError } from '../../../../../lambdas/platform/errors';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

vi.mock('../../../../../lambdas/core/publishing', () => ({ syncPublications: vi.fn(), removePublications: vi.fn(), publicationsOf: vi.fn(async () => new Map()) }));

const db = await useDomainEnv({ SITE_URL: CAMPAIGN_SITE });
const { generateCampaign } = await import('../../../../../lambdas/core/campaigns/generate');
const table = rawTableAt(db.endpoint, db.table);

const SITE = CAMPAIGN_SITE;
const NOW = CAMPAIGN_NOW;
const offlineCampaign = (sub: string, overrides: Partial<CampaignBrief> = {}, now = NOW) => generateCampaign(sub, { brief: brief(overrides) }, now, { provider: OFFLINE_PROVIDER, brand: { brandName: 'Yoga Luz' } });

describe('the offline proposal', () => {
  it('is deterministic, splits exactly, gives 2–3 creatives per network with the newest images, and publishable posts within the dates', async () => {
    const sub = uniqueSub();
    await galleryImage(sub, 'a0000000000000000001');
    await galleryImage(sub, 'a0000000000000000002');
    await galleryImage(sub, 'a0000000000000000003', 'avatar');
    const first = await offlineCampaign(sub);
    const second = await offlineCampaign(sub);
    const { campaign } = first;
    const withoutIds = (c: typeof campaign) => ({ ...c.proposal, creatives: c.proposal.creatives.map(({ id: _id, ...rest }) => rest), posts: c.proposal.posts.map(({ id: _id, ...rest }) => rest) });
    expect(withoutIds(second.campaign)).toEqual(withoutIds(campaign));
    expect(campaign).toMatchObject({ status: 'propuesta', offline: true, model: 'offline-campaign-v1', budgetCents: 60000, name: 'Primavera en Valencia', postIds: [] });
    expect(campaign.brief.audience.locations).toEqual([{ kind: 'provincia', name: 'Valencia' }]);
    expect(campaign.weeks.map((w) => [w.start, w.end])).toEqual([
      ['2031-03-03', '2031-03-09'],
      ['2031-03-10', '2031-03-16'],
      ['2031-03-17', '2031-03-23'],
      ['2031-03-24', '2031-03-30'],
    ]);
    // Equal weights: 8 cells of 75 €.
    expect(campaign.proposal.split.map((cell) => [cell.network, cell.week, cell.cents])).toEqual(['instagram', 'facebook'].flatMap((network) => [1, 2, 3, 4].map((week) => [network, week, 7500])));
    expect(campaign.proposal.kpis).toEqual(expectedKpis(campaign.proposal.split, 'leads'));
    for (const network of ['instagram', 'facebook']) {
      const mine = campaign.proposal.creatives.filter((c) => c.network === network);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.length).toBeLessThanOrEqual(3);
      expect(mine.every((c) => c.headline.length <= 40 && c.primaryText.includes('Primera clase de yoga gratis'))).toBe(true);
    }
    // Newest gallery images first, distinct while there are enough; never the avatar.
    expect(campaign.proposal.creatives.map((c) => c.assetId)).toEqual(['a0000000000000000002', 'a0000000000000000001', 'a0000000000000000002', 'a0000000000000000001']);
    // One post per network and week, on the week's first day, at the network's default time.
    expect(campaign.proposal.posts.map((p) => [p.scheduledDate, p.platform, p.time])).toEqual(
      ['2031-03-03', '2031-03-10', '2031-03-17', '2031-03-24'].flatMap((date) => [
        [date, 'instagram', '19:00'],
        [date, 'facebook', '13:00'],
      ]),
    );
    for (const post of campaign.proposal.posts) {
      const media = post.media.map(() => ({ kind: 'image' as const, contentType: 'image/jpeg', size: 200_000 }));
      expect(await validatePost(post.platform as SocialNetwork, { text: `${post.content}\n\n${SITE}/r/AAAAAAAA`, title: post.title, media })).toEqual([]);
    }
    expect(first.results).toEqual({ budgetCents: 60000, spendCents: null, spendSource: null, published: 0, clicks: 0, uniqueClicks: 0, conversations: 0, leads: 0, costPerLeadCents: null });
    expect(await table.query(`user#${sub}`, 'campaign#')).toHaveLength(2);
  });

  it('asks for an image prompt when the gallery has no image', async () => {
    const { campaign } = await offlineCampaign(uniqueSub());
    expect(campaign.proposal.creatives.every((c) => c.assetId === undefined && (c.imagePrompt ?? '').length > 0)).toBe(true);
  });

  it('refuses a brief starting before the brand’s today, and stores nothing', async () => {
    const sub = uniqueSub();
    await expect(offlineCampaign(sub, { startDate: '2031-03-01' })).rejects.toThrow(InvalidInputError);
    expect(await table.query(`user#${sub}`, 'campaign#')).toEqual([]);
  });
});

describe("a model's proposal", () => {
  const answer = {
    summary: 'Más en Instagram al principio.',
    weights: [
      { network: 'instagram', week: 1, weight: 1 },
      { network: 'instagram', week: 2, weight: 1 },
      { network: 'facebook', week: 1, weight: 1 },
    ],
    audiences: [],
    creatives: [
      { network: 'instagram', headline: 'A', primaryText: 'Texto A', assetId: 'no-es-mio' },
      { network: 'instagram', headline: 'B', primaryText: 'Texto B' },
      { network: 'facebook', headline: 'C', primaryText: 'Texto C' },
    ],
    posts: [{ title: 'Clase gratis', content: 'Ven a probar', scheduledDate: '2031-03-06', platform: 'facebook' }],
  };

  it('splits odd weights exactly (100,01 € over three cells) and keeps only its usable parts', async () => {
    const sub = uniqueSub();
    const { campaign } = await generateCampaign(sub, { brief: brief({ budget: 100.01, endDate: '2031-03-16' }) }, NOW, { provider: answeringProvider(answer), brand: {}, gallery: [] });
    expect(campaign.offline).toBe(false);
    expect(campaign.proposal.split.map((c) => c.cents)).toEqual([3334, 3334, 3333, 0]);
    expect(campaign.proposal.split.reduce((sum, c) => sum + c.cents, 0)).toBe(10001);
    expect(campaign.proposal.creatives.find((c) => c.headline === 'A')?.assetId).toBeUndefined();
    // Facebook had one creative: a template fills it to two.
    expect(campaign.proposal.creatives.filter((c) => c.network === 'facebook')).toHaveLength(2);
    expect(campaign.proposal.posts).toMatchObject([{ title: 'Clase gratis', scheduledDate: '2031-03-06', time: '13:00', platform: 'facebook', status: 'propuesto' }]);
  });

  it('is GENERATION_FAILED when nothing is usable, and nothing is stored', async () => {
    const sub = uniqueSub();
    const failure = generateCampaign(sub, { brief: brief() }, NOW, { provider: answeringProvider({ ...answer, posts: [{ title: 'Tarde', content: 'x', scheduledDate: '2031-04-20', platform: 'facebook' }] }), brand: {}, gallery: [] });
    await expect(failure).rejects.toThrow(new GenerationFailedError(CAMPAIGN_MSG.noValidProposal));
    expect(await table.query(`user#${sub}`, 'campaign#')).toEqual([]);
  });
});
