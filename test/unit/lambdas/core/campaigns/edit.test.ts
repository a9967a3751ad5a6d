/**
 * `editCampaign` (issue 15 item 2, lambdas/core/campaigns/edit.ts) against DynamoDB Local: split cell
 * and total checks with their Spanish messages, a rebalanced split saved as is, a budget change
 * re-split in proportion with the KPIs following, the proposal's parts replaced with their checks, a
 * stale revision a conflict.
 */
import { describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_BUDGET_MSG, CAMPAIGN_MSG, expectedKpis, rebalance, type CampaignBrief } from '@director-ia/shared';
import { CAMPAIGN_NOW, CAMPAIGN_SITE, campaignBrief as brief, editablePosts, galleryImage, OFFLINE_PROVIDER } from '../../../../support/campaigns';
import { ConflictError, InvalidInputError, NotFoundError } from '../../../../../lambdas/platform/errors';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';

vi.mock('../../../../../lambdas/core/publishing', () => ({ syncPublications: vi.fn(), removePublications: vi.fn(), publicationsOf: vi.fn(async () => new Map()) }));

await useDomainEnv({ SITE_URL: CAMPAIGN_SITE });
const { generateCampaign } = await import('../../../../../lambdas/core/campaigns/generate');
const { editCampaign } = await import('../../../../../lambdas/core/campaigns/edit');
const { readCampaign, updateCampaign } = await import('../../../../../lambdas/core/campaigns/store');

const NOW = CAMPAIGN_NOW;
const offlineCampaign = (sub: string, overrides: Partial<CampaignBrief> = {}, now = NOW) => generateCampaign(sub, { brief: brief(overrides) }, now, { provider: OFFLINE_PROVIDER, brand: { brandName: 'Yoga Luz' } });

describe('editCampaign', () => {
  it('refuses a split that misses a cell or does not sum to the budget, with the Spanish messages', async () => {
    const sub = uniqueSub();
    const { campaign } = await offlineCampaign(sub);
    const split = campaign.proposal.split;
    await expect(editCampaign(sub, { id: campaign.id, split: split.slice(1) })).rejects.toThrow(new InvalidInputError(CAMPAIGN_MSG.splitMismatch));
    // Eight cells summing to the budget, but instagram's first week twice and facebook's last missing.
    await expect(editCampaign(sub, { id: campaign.id, split: [...split.slice(0, -1), split[0]!] })).rejects.toThrow(new InvalidInputError(CAMPAIGN_MSG.splitMismatch));
    await expect(editCampaign(sub, { id: campaign.id, split: [...split, { network: 'facebook', week: 5, cents: 0 }] })).rejects.toThrow(new InvalidInputError(CAMPAIGN_MSG.splitMismatch));
    await expect(editCampaign(sub, { id: campaign.id, split: split.map((c, i) => (i === 0 ? { ...c, cents: c.cents + 1 } : c)) })).rejects.toThrow(new InvalidInputError(CAMPAIGN_MSG.splitTotal(60000)));
    await expect(editCampaign(sub, { id: campaign.id, split: split.map((c, i) => (i === 0 ? { ...c, cents: -1 } : c)) })).rejects.toThrow(new InvalidInputError(CAMPAIGN_BUDGET_MSG.allocationInvalid));
  });

  it('saves a rebalanced split as is (the total kept) with the KPIs following, and re-splits a new budget in proportion', async () => {
    const sub = uniqueSub();
    const { campaign } = await offlineCampaign(sub);
    const edited = rebalance(campaign.proposal.split, { cellIndex: 0, cents: 12_345 }, new Set([7]));
    const saved = await editCampaign(sub, { id: campaign.id, split: edited }, NOW);
    expect(saved.campaign.proposal.split).toEqual(edited);
    expect(saved.campaign.proposal.split.reduce((sum, c) => sum + c.cents, 0)).toBe(60000);
    expect(saved.campaign.proposal.kpis).toEqual(expectedKpis(edited, 'leads'));
    const bigger = await editCampaign(sub, { id: campaign.id, budget: 900, name: 'Primavera 900' }, NOW);
    expect(bigger.campaign).toMatchObject({ name: 'Primavera 900', budgetCents: 90000, brief: { budget: 900, name: 'Primavera 900' } });
    expect(bigger.campaign.proposal.split.reduce((sum, c) => sum + c.cents, 0)).toBe(90000);
    expect(bigger.campaign.proposal.split[0]?.cents).toBe(Math.round((12_345 * 900) / 600));
    expect(bigger.results.budgetCents).toBe(90000);
    expect((await readCampaign(sub, campaign.id)).item.revision).toBe(3);
  });

  it('replaces creatives, audiences and posts while proposed, checking ids, counts, gallery images and dates', async () => {
    const sub = uniqueSub();
    const mine = await galleryImage(sub, 'b0000000000000000001');
    const { campaign } = await offlineCampaign(sub);
    const creatives = campaign.proposal.creatives.map(({ link: _link, ...c }) => ({ ...c, assetId: mine }));
    const saved = await editCampaign(sub, { id: campaign.id, creatives: creatives.map((c, i) => (i === 0 ? { ...c, headline: 'Nuevo titular' } : c)) });
    expect(saved.campaign.proposal.creatives[0]).toMatchObject({ headline: 'Nuevo titular', assetId: mine });
    await expect(editCampaign(sub, { id: campaign.id, creatives: creatives.slice(1) })).rejects.toThrow(new InvalidInputError(CAMPAIGN_MSG.creativeCount));
    await expect(editCampaign(sub, { id: campaign.id, creatives: creatives.map((c, i) => (i === 0 ? { ...c, assetId: 'c0000000000000000001' } : c)) })).rejects.toThrow(new InvalidInputError(CAMPAIGN_MSG.creativeImageInvalid));
    await expect(editCampaign(sub, { id: campaign.id, creatives: creatives.map((c, i) => (i === 0 ? { ...c, id: 'desconocido' } : c)) })).rejects.toThrow(new NotFoundError(CAMPAIGN_MSG.creativeNotFound));
    const posts = editablePosts(campaign);
    await expect(editCampaign(sub, { id: campaign.id, posts: posts.map((p, i) => (i === 0 ? { ...p, scheduledDate: '2031-04-01' } : p)) })).rejects.toThrow(new InvalidInputError(CAMPAIGN_MSG.postOutsideDates));
    const fewer = await editCampaign(sub, { id: campaign.id, posts: posts.slice(0, 2).map((p) => ({ ...p, title: `${p.title}!` })) });
    expect(fewer.campaign.proposal.posts.map((p) => p.title)).toEqual(posts.slice(0, 2).map((p) => `${p.title}!`));
    const audiences = await editCampaign(sub, { id: campaign.id, audiences: [{ network: 'facebook', description: 'Vecinos', locations: [{ kind: 'provincia', name: 'ALICANTE' }], ageMin: 30, ageMax: 65, interests: [] }] });
    expect(audiences.campaign.proposal.audiences).toEqual([{ network: 'facebook', description: 'Vecinos', locations: [{ kind: 'provincia', name: 'Alicante' }], ageMin: 30, ageMax: 65, interests: [] }]);
  });

  it('is a conflict when the campaign changed since it was read', async () => {
    const sub = uniqueSub();
    const { campaign } = await offlineCampaign(sub);
    const stale = await readCampaign(sub, campaign.id);
    await editCampaign(sub, { id: campaign.id, name: 'Primero' });
    await expect(updateCampaign(stale.item, { name: 'Segundo' }, NOW)).rejects.toThrow(new ConflictError(CAMPAIGN_MSG.conflict));
    expect((await readCampaign(sub, campaign.id)).item.name).toBe('Primero');
  });
});
