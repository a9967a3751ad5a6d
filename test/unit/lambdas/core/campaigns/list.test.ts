/**
 * Reading and deleting campaigns (issue 15, lambdas/core/campaigns/list.ts, delete.ts) and tenancy:
 * another owner's campaign id is not found everywhere; deletion keeps the posts approval created.
 */
import { describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_MSG, type CampaignBrief } from '@director-ia/shared';
import { CAMPAIGN_NOW, CAMPAIGN_SITE, campaignBrief as brief, OFFLINE_PROVIDER } from '../../../../support/campaigns';
import { NotFoundError } from '../../../../../lambdas/platform/errors';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

vi.mock('../../../../../lambdas/core/publishing', () => ({ syncPublications: vi.fn(), removePublications: vi.fn(), publicationsOf: vi.fn(async () => new Map()) }));

const db = await useDomainEnv({ SITE_URL: CAMPAIGN_SITE });
const { generateCampaign } = await import('../../../../../lambdas/core/campaigns/generate');
const { editCampaign } = await import('../../../../../lambdas/core/campaigns/edit');
const { approveCampaign } = await import('../../../../../lambdas/core/campaigns/approve');
const { deleteCampaign } = await import('../../../../../lambdas/core/campaigns/delete');
const { saveCampaignSpend } = await import('../../../../../lambdas/core/campaigns/spend');
const { listCampaigns, showCampaign } = await import('../../../../../lambdas/core/campaigns/list');
const table = rawTableAt(db.endpoint, db.table);

const NOW = CAMPAIGN_NOW;
const offlineCampaign = (sub: string, overrides: Partial<CampaignBrief> = {}, now = NOW) => generateCampaign(sub, { brief: brief(overrides) }, now, { provider: OFFLINE_PROVIDER, brand: { brandName: 'Yoga Luz' } });

describe('tenancy and deletion', () => {
  it("answers another owner's campaign as not found, everywhere", async () => {
    const owner = uniqueSub();
    const other = uniqueSub();
    const { campaign } = await offlineCampaign(owner);
    const notFound = new NotFoundError(CAMPAIGN_MSG.campaignNotFound);
    await expect(showCampaign(other, campaign.id)).rejects.toThrow(notFound);
    await expect(editCampaign(other, { id: campaign.id, name: 'Mía' })).rejects.toThrow(notFound);
    await expect(approveCampaign(other, campaign.id, NOW)).rejects.toThrow(notFound);
    await expect(saveCampaignSpend(other, { id: campaign.id, spend: 1 })).rejects.toThrow(notFound);
    await expect(deleteCampaign(other, campaign.id)).rejects.toThrow(notFound);
    expect((await listCampaigns(other)).campaigns).toEqual([]);
    expect((await showCampaign(owner, campaign.id)).campaign.name).toBe('Primavera en Valencia');
  });

  it('deletes the campaign and keeps the posts its approval created', async () => {
    const sub = uniqueSub();
    const { campaign } = await offlineCampaign(sub);
    await approveCampaign(sub, campaign.id, NOW);
    expect(await deleteCampaign(sub, campaign.id)).toEqual({ id: campaign.id });
    await expect(showCampaign(sub, campaign.id)).rejects.toThrow(NotFoundError);
    expect(await table.query(`user#${sub}`, 'post#')).toHaveLength(8);
    await expect(deleteCampaign(sub, campaign.id)).rejects.toThrow(NotFoundError);
  });
});
