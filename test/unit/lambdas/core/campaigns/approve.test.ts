/**
 * `approveCampaign` (issue 15 item 2, lambdas/core/campaigns/approve.ts) against DynamoDB Local with the
 * publishing engine mocked as the plan's approval tests do: tracked links in the posts' text (and
 * versions) and each creative's own link, campaignId/linkCode/linkUrl on the items, the engine asked for each post, the status in
 * the same transaction; twice is alreadyApproved; a post the link makes too long refuses it and
 * nothing is written.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_MSG, PUBLICATION_MSG, PUBLISHING_MSG, rebalance, type CampaignBrief, type Publication, type SocialNetwork } from '@director-ia/shared';
import { CAMPAIGN_NOW, CAMPAIGN_SITE, campaignBrief as brief, editablePosts, galleryImage, OFFLINE_PROVIDER, scheduledPublication as publication } from '../../../../support/campaigns';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';
import { storeConnections } from '../../../../support/social-connections';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

vi.mock('../../../../../lambdas/core/publishing', () => ({ syncPublications: vi.fn(), removePublications: vi.fn(), publicationsOf: vi.fn(async () => new Map()) }));

const db = await useDomainEnv({ SITE_URL: CAMPAIGN_SITE });
const { generateCampaign } = await import('../../../../../lambdas/core/campaigns/generate');
const { editCampaign } = await import('../../../../../lambdas/core/campaigns/edit');
const { approveCampaign } = await import('../../../../../lambdas/core/campaigns/approve');
const { readCampaign } = await import('../../../../../lambdas/core/campaigns/store');
const engine = await import('../../../../../lambdas/core/publishing');
const table = rawTableAt(db.endpoint, db.table);

const SITE = CAMPAIGN_SITE;
const NOW = CAMPAIGN_NOW;
const LINK = new RegExp(`\\n\\n${SITE.replace(/[.]/g, '\\.')}/r/([0-9A-Za-z]{8})$`);
const offlineCampaign = (sub: string, overrides: Partial<CampaignBrief> = {}, now = NOW) => generateCampaign(sub, { brief: brief(overrides) }, now, { provider: OFFLINE_PROVIDER, brand: { brandName: 'Yoga Luz' } });

beforeEach(() => {
  vi.mocked(engine.syncPublications)
    .mockReset()
    .mockImplementation(async (_sub, item) => [publication(item.platform as Publication['network'])]);
});

describe('approveCampaign', () => {
  it('puts every post on the calendar with its tracked link, schedules each, and approves in the same write; twice is refused', async () => {
    const sub = uniqueSub();
    await galleryImage(sub, 'd0000000000000000001');
    await storeConnections(sub, ['instagram', 'facebook']);
    const { campaign } = await offlineCampaign(sub);
    const approved = await approveCampaign(sub, campaign.id, NOW);
    expect(approved.campaign).toMatchObject({ status: 'aprobada', approvedAt: NOW.toISOString(), postIds: campaign.proposal.posts.map((p) => p.id) });
    // Each publication shows its post's tracked link (issue 15 item 4: the post's, when it has none of its own).
    const linkOf = (content: string) => ({ code: LINK.exec(content)?.[1] ?? '', url: `${SITE}/r/${LINK.exec(content)?.[1] ?? ''}` });
    expect(approved.posts.map((p) => [p.id, p.status, p.campaignId, p.publications])).toEqual(
      approved.posts.map((p) => [p.id, 'aprobado', campaign.id, [{ ...publication(p.platform as SocialNetwork), link: linkOf(p.content) }]]),
    );
    expect(approved.posts.map((p) => p.id)).toEqual(campaign.proposal.posts.map((p) => p.id));
    expect(engine.syncPublications).toHaveBeenCalledTimes(campaign.proposal.posts.length);

    const stored = await table.query(`user#${sub}`, 'post#');
    expect(stored).toHaveLength(8);
    for (const item of stored) {
      const proposed = campaign.proposal.posts.find((p) => p.id === item.id);
      const match = LINK.exec(String(item.content));
      expect(match).not.toBeNull();
      expect(item).toMatchObject({ status: 'aprobado', campaignId: campaign.id, linkCode: match?.[1], linkUrl: `${SITE}/r/${match?.[1]}`, content: `${proposed?.content}\n\n${SITE}/r/${match?.[1]}` });
      const link = await table.get(`user#${sub}`, `link#${match?.[1]}`);
      expect(link).toMatchObject({
        targetUrl: 'https://tuweb.es/oferta',
        landingOrigin: 'https://tuweb.es',
        source: { kind: 'post', id: item.id, network: item.platform, campaignId: campaign.id },
        utm: { source: item.platform, medium: 'social', campaign: 'primavera-en-valencia', content: item.id },
      });
    }
    expect(await table.get(`user#${sub}`, `campaign#${campaign.id}`)).toMatchObject({ status: 'aprobada', revision: 2 });

    await expect(approveCampaign(sub, campaign.id, NOW)).rejects.toThrow(new InvalidInputError(CAMPAIGN_MSG.alreadyApproved));
    await expect(editCampaign(sub, { id: campaign.id, name: 'Otro' })).rejects.toThrow(new InvalidInputError(CAMPAIGN_MSG.notEditable));
    // The split may still change after approval.
    const split = rebalance(approved.campaign.proposal.split, { cellIndex: 1, cents: 100 });
    expect((await editCampaign(sub, { id: campaign.id, split })).campaign.proposal.split).toEqual(split);
    // So may the ads (their images are needed for the Meta draft) until the draft is started.
    const creatives = approved.campaign.proposal.creatives.map(({ link: _link, ...creative }, index) => (index === 0 ? { ...creative, headline: 'Titular nuevo' } : creative));
    expect((await editCampaign(sub, { id: campaign.id, creatives })).campaign.proposal.creatives[0]?.headline).toBe('Titular nuevo');
    await table.set(`user#${sub}`, `campaign#${campaign.id}`, { metaJson: JSON.stringify({ adAccountId: 'act_1', campaignId: '1', adSetIds: [], adIds: [], status: 'PAUSED', complete: false, sandbox: true, createdAt: CAMPAIGN_NOW.toISOString() }) });
    await expect(editCampaign(sub, { id: campaign.id, creatives })).rejects.toThrow(new InvalidInputError(CAMPAIGN_MSG.creativesInMeta));
  });

  it('gives every creative its own tracked link to the landing URL (paid_social), kept through later edits of the ads', async () => {
    const sub = uniqueSub();
    await galleryImage(sub, 'd0000000000000000001');
    const { campaign } = await offlineCampaign(sub);
    expect(campaign.proposal.creatives.every((creative) => creative.link === undefined)).toBe(true);
    const approved = await approveCampaign(sub, campaign.id, NOW);
    const { creatives } = approved.campaign.proposal;
    expect(creatives).toHaveLength(campaign.proposal.creatives.length);
    expect(new Set(creatives.map((creative) => creative.link?.code)).size).toBe(creatives.length);
    for (const creative of creatives) {
      expect(creative.link?.url).toBe(`${SITE}/r/${creative.link?.code}`);
      expect(await table.get(`user#${sub}`, `link#${creative.link?.code}`)).toMatchObject({
        targetUrl: 'https://tuweb.es/oferta',
        source: { kind: 'creative', id: creative.id, network: creative.network, campaignId: campaign.id },
        utm: { source: creative.network, medium: 'paid_social', campaign: 'primavera-en-valencia', content: creative.id },
      });
    }
    expect((await readCampaign(sub, campaign.id)).proposal.creatives).toEqual(creatives);
    const edited = creatives.map(({ link: _link, ...creative }, index) => (index === 0 ? { ...creative, headline: 'Titular nuevo' } : creative));
    expect((await editCampaign(sub, { id: campaign.id, creatives: edited })).campaign.proposal.creatives.map((creative) => creative.link)).toEqual(creatives.map((creative) => creative.link));
  });

  it('appends the link to each version too', async () => {
    const sub = uniqueSub();
    const { campaign } = await offlineCampaign(sub, { networks: ['facebook'] });
    const posts = editablePosts(campaign).map((p) => ({ ...p, versions: [{ network: 'facebook' as const, text: 'Versión de Facebook' }] }));
    await editCampaign(sub, { id: campaign.id, posts });
    await approveCampaign(sub, campaign.id, NOW);
    const [first] = await table.query(`user#${sub}`, 'post#');
    expect((first?.versions as { text: string }[])[0]?.text).toBe(`Versión de Facebook\n\n${first?.linkUrl}`);
  });

  it("refuses a post whose text the link makes too long for its connected network, naming it, and writes nothing", async () => {
    const sub = uniqueSub();
    await storeConnections(sub, ['facebook', 'linkedin']);
    const { campaign } = await offlineCampaign(sub, { networks: ['linkedin'] });
    const posts = editablePosts(campaign).map((p, i) => (i === 0 ? { ...p, title: 'Larga', content: 'a'.repeat(2990) } : p));
    await editCampaign(sub, { id: campaign.id, posts });
    const link = `${SITE}/r/XXXXXXXX`;
    await expect(approveCampaign(sub, campaign.id, NOW)).rejects.toThrow(new InvalidInputError(PUBLICATION_MSG.approvalInvalid('Larga', 'linkedin', PUBLISHING_MSG.tooLong('linkedin', 'text', 3000, 2990 + 2 + link.length))));
    expect(await table.query(`user#${sub}`, 'post#')).toEqual([]);
    expect((await readCampaign(sub, campaign.id)).item.status).toBe('propuesta');
    expect(engine.syncPublications).not.toHaveBeenCalled();
  });
});
