/**
 * The campaign proposals' daily quota (issue 16 finding 2): `generateCampaign` counts one proposal
 * per call before the model runs; over DAILY_CAMPAIGN_QUOTA it is 429 RESOURCE_EXHAUSTED in
 * Spanish and nothing more is stored; a failed proposal gives its unit back. Against DynamoDB Local.
 */
import { describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_NOW, CAMPAIGN_SITE, campaignBrief, OFFLINE_PROVIDER } from '../../../../../support/campaigns';
import { useDomainEnv, uniqueSub } from '../../../../../support/domain-env';
import { rawTableAt } from '../../../../../support/raw-table';

vi.mock('../../../../../../lambdas/core/publishing', () => ({ syncPublications: vi.fn(), removePublications: vi.fn(), publicationsOf: vi.fn(async () => new Map()) }));

const db = await useDomainEnv({ SITE_URL: CAMPAIGN_SITE, DAILY_CAMPAIGN_QUOTA: '2' });
const { generateCampaign } = await import('../../../../../../lambdas/core/campaigns/generate');
const table = rawTableAt(db.endpoint, db.table);

describe('the campaign proposals quota', () => {
  it('refuses the proposal over the daily limit with 429, and a failed proposal does not count', async () => {
    const sub = uniqueSub();
    const failing = { ...OFFLINE_PROVIDER, id: 'openai-compatible' as const, offline: false, generateJson: () => Promise.reject(new Error('model down')) };
    await expect(generateCampaign(sub, { brief: campaignBrief() }, CAMPAIGN_NOW, { provider: failing, brand: {}, gallery: [] })).rejects.toThrow();
    const offline = () => generateCampaign(sub, { brief: campaignBrief() }, CAMPAIGN_NOW, { provider: OFFLINE_PROVIDER, brand: {}, gallery: [] });
    await offline();
    await offline();
    await expect(offline()).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED', message: expect.stringContaining('Has alcanzado el límite diario de propuestas de campaña (2)') });
    expect(await table.query(`user#${sub}`, 'campaign#')).toHaveLength(2);
  });
});
