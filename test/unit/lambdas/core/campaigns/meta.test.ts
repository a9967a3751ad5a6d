/**
 * The Meta Ads draft of a campaign (issue 15 item 3) against DynamoDB Local and the twin's "Red de
 * pruebas" in-process: the ad accounts with and without `ads_management`, a full PAUSED draft (one
 * ad set per Meta network with that network's budget, ads linking through the creatives' tracked
 * links), the resume after a failure half-way without duplicates, the refusals, and the spend read
 * back from Meta's insights.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { CampaignBrief, CampaignProposal, Creative } from '@director-ia/shared';
import { uniqueSub } from '../../../../support/domain-env';
import { CLIENT_SETUP, connectWith, postJson, send } from '../../../infra/local/social-sandbox/support';
import { usePublishingEnv } from '../publishing/support';

vi.mock('../../../../../lambdas/platform/social/apps', async (original) => (await import('../publishing/support')).appsMock(original));
process.env.UPLOADS_BUCKET = 'director-test-uploads';
const env = await usePublishingEnv();

const { CAMPAIGN_MSG, SOCIAL_MSG } = await import('@director-ia/shared');
const { campaigns } = await import('../../../../../lambdas/platform/db/entities/campaign');
const { assets } = await import('../../../../../lambdas/platform/db/entities/asset');
const { saveConnection } = await import('../../../../../lambdas/core/social/store');
const { readConnection } = await import('../../../../../lambdas/core/social/store');
const { freshAccessToken } = await import('../../../../../lambdas/core/social/refresh');
const { createMetaDraft, listAdAccounts, refreshMetaSpend } = await import('../../../../../lambdas/core/campaigns/meta');
const { newObjectId } = await import('../../../../../lambdas/core/uploads/keys');

const ACCOUNT = 'act_400000000000001';
const PAGE = '200000000000001';
const INSTAGRAM = '17841400000000001';
const NOW = new Date('2030-02-20T10:00:00Z');
const NO_ADS_SCOPE = CLIENT_SETUP.facebook.scope.split(',').filter((scope) => scope !== 'ads_management').join(',');

/** Connects Facebook (and Instagram) for `sub` with the sandbox's tokens, as the connect flow stores them. */
async function connectMeta(sub: string, scope = CLIENT_SETUP.facebook.scope) {
  const facebook = (await connectWith(env.t.sandbox, 'facebook', { scope })).body.access_token as string;
  await saveConnection(sub, 'facebook', { account: { id: 'u1', name: 'Usuario', pictureUrl: null }, targets: [{ id: PAGE, name: 'Página de pruebas', kind: 'page', pictureUrl: null }], tokens: { accessToken: facebook }, sandbox: true }, NOW);
  const instagram = (await connectWith(env.t.sandbox, 'instagram', { scope: CLIENT_SETUP.instagram.scope })).body.access_token as string;
  await saveConnection(sub, 'instagram', { account: { id: 'u1', name: 'Usuario', pictureUrl: null }, targets: [{ id: INSTAGRAM, name: 'marca_de_pruebas', kind: 'instagram', pictureUrl: null }], tokens: { accessToken: instagram }, sandbox: true }, NOW);
}

const BRIEF: CampaignBrief = {
  name: 'Rebajas de primavera',
  objective: 'trafico',
  budget: 600,
  startDate: '2030-03-01',
  endDate: '2030-03-14',
  networks: ['facebook', 'instagram', 'linkedin'],
  offer: 'Hasta un 50 % en toda la tienda',
  audience: { locations: [{ kind: 'provincia', name: 'Madrid' }, { kind: 'ciudad', name: 'Getafe' }], ageMin: 25, ageMax: 54, interests: ['Moda'] },
  landingUrl: 'https://tienda.example.com/rebajas',
};

const creative = (id: string, network: Creative['network'], assetId?: string): Creative => ({ id, network, headline: `Titular ${id}`, primaryText: `Texto ${id}`, callToAction: 'SHOP_NOW', ...(assetId ? { assetId } : {}) });

/** Stores an approved (or proposed) campaign of `sub` with two creatives per network, images from its gallery. */
async function storeCampaign(sub: string, options: { status?: 'propuesta' | 'aprobada'; networks?: CampaignBrief['networks']; withImages?: boolean } = {}) {
  const assetId = newObjectId(NOW.getTime());
  await assets().put({ uid: sub, id: assetId, type: 'image', prompt: 'p', key: `users/${sub}/assets/${assetId}.png`, mediaType: 'image/png', size: 10, offline: true, model: 'offline', createdAt: NOW.toISOString() }).go();
  const networks = options.networks ?? BRIEF.networks;
  const brief = { ...BRIEF, networks };
  const cents: Record<string, [number, number]> = { facebook: [15_000, 10_000], instagram: [12_000, 8_000], linkedin: [2_500, 2_500] };
  const proposal: CampaignProposal = {
    summary: 'Resumen',
    split: networks.flatMap((network) => [1, 2].map((week) => ({ network, week, cents: cents[network]?.[week - 1] ?? 0 }))),
    audiences: networks.map((network) => ({ network, description: 'Público', ...BRIEF.audience, ...(network === 'instagram' ? { ageMin: 18, ageMax: 34 } : {}) })),
    creatives: networks.flatMap((network) => [1, 2].map((n) => creative(`${network}-${n}`, network, options.withImages === false ? undefined : assetId))),
    posts: [],
    kpis: [],
  };
  const id = randomUUID();
  const budgetCents = proposal.split.reduce((sum, cell) => sum + cell.cents, 0);
  await campaigns()
    .put({ uid: sub, id, name: brief.name, status: options.status ?? 'aprobada', revision: 1, budgetCents, briefJson: JSON.stringify(brief), proposalJson: JSON.stringify(proposal), postIds: [], offline: true, model: 'offline', createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() })
    .go();
  return id;
}

const readItem = async (sub: string, id: string) => (await campaigns().get({ uid: sub, id }).go()).data;
type HookCampaign = { id: string; name: string; status: string; objective: string; adsets: { id: string; name: string; status: string; lifetimeBudget: number; optimizationGoal: string; startTime: string; endTime: string; targeting: Record<string, unknown>; ads: { id: string; status: string; creative: { objectStorySpec: { instagram_user_id?: string; link_data: { link: string; message: string; picture: string } } } }[] }[] };
const sandboxCampaigns = async () => (await send(`${env.t.sandbox.url}/__sandbox/ads`)).body.campaigns as HookCampaign[];
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as Error & { kind?: string });

describe('listAdAccounts', () => {
  it('is not connected without Facebook; lists the account with ads_management; no accounts without it', async () => {
    const sub = uniqueSub();
    expect(await listAdAccounts(sub, NOW)).toEqual({ connected: false, adsPermission: false, sandbox: false, accounts: [] });
    await connectMeta(sub);
    expect(await listAdAccounts(sub, NOW)).toEqual({ connected: true, adsPermission: true, sandbox: true, accounts: [{ id: ACCOUNT, name: 'Cuenta publicitaria de pruebas', currency: 'EUR' }] });
    const other = uniqueSub();
    await connectMeta(other, NO_ADS_SCOPE);
    expect(await listAdAccounts(other, NOW)).toEqual({ connected: true, adsPermission: false, sandbox: true, accounts: [] });
  });
});

describe('createMetaDraft', () => {
  it('creates the draft PAUSED: one ad set per Meta network with its budget, ads through the tracked links', async () => {
    const sub = uniqueSub();
    await connectMeta(sub);
    const id = await storeCampaign(sub);
    const item = await createMetaDraft(sub, { id, adAccountId: ACCOUNT }, NOW);
    const draft = JSON.parse(item.metaJson ?? '{}');
    expect(draft).toMatchObject({ adAccountId: ACCOUNT, status: 'PAUSED', complete: true, sandbox: true, networks: ['facebook', 'instagram'], creativeIds: ['facebook-1', 'facebook-2', 'instagram-1', 'instagram-2'] });
    expect(draft.adSetIds).toHaveLength(2);
    expect(draft.adIds).toHaveLength(4);
    const proposal = JSON.parse(item.proposalJson) as CampaignProposal;
    const links = proposal.creatives.filter((c) => c.network !== 'linkedin').map((c) => c.link?.url);
    expect(links.every((url) => url?.startsWith('http://localhost:5173/r/'))).toBe(true);
    expect(proposal.creatives.filter((c) => c.network === 'linkedin').every((c) => c.link === undefined)).toBe(true);

    const [campaign] = (await sandboxCampaigns()).filter((c) => c.id === draft.campaignId);
    expect(campaign).toMatchObject({ name: 'Rebajas de primavera', status: 'PAUSED', objective: 'OUTCOME_TRAFFIC' });
    const [facebook, instagram] = campaign?.adsets ?? [];
    // Madrid, 2030-03-01 00:00 (CET) to the end of 2030-03-14.
    expect(facebook).toMatchObject({ id: draft.adSetIds[0], status: 'PAUSED', lifetimeBudget: 25_000, optimizationGoal: 'LINK_CLICKS', startTime: '2030-02-28T23:00:00.000Z', endTime: '2030-03-14T23:00:00.000Z' });
    expect(facebook?.targeting).toMatchObject({ geo_locations: { regions: [{ key: '3530' }], cities: [{ key: expect.stringMatching(/^\d{7}$/) }] }, age_min: 25, age_max: 54, publisher_platforms: ['facebook'], interests: [{ name: 'Moda' }] });
    expect(instagram).toMatchObject({ id: draft.adSetIds[1], status: 'PAUSED', lifetimeBudget: 20_000 });
    expect(instagram?.targeting).toMatchObject({ age_min: 18, age_max: 34, publisher_platforms: ['instagram'] });
    const adsOf = (adset: HookCampaign['adsets'][number] | undefined) => adset?.ads ?? [];
    expect([...adsOf(facebook), ...adsOf(instagram)].map((ad) => ad.id)).toEqual(draft.adIds);
    expect([...adsOf(facebook), ...adsOf(instagram)].every((ad) => ad.status === 'PAUSED')).toBe(true);
    expect([...adsOf(facebook), ...adsOf(instagram)].map((ad) => ad.creative.objectStorySpec.link_data.link)).toEqual(links);
    expect(adsOf(instagram)[0]?.creative.objectStorySpec.instagram_user_id).toBe(INSTAGRAM);
    expect(adsOf(facebook)[0]?.creative.objectStorySpec.link_data).toMatchObject({ message: 'Texto facebook-1', picture: expect.stringContaining(`/users/${sub}/assets/`) });

    // Idempotent: a second call returns the complete draft, nothing more in Meta.
    const again = await createMetaDraft(sub, { id, adAccountId: ACCOUNT }, NOW);
    expect(again.metaJson).toBe(item.metaJson);
    expect((await sandboxCampaigns()).filter((c) => c.name === 'Rebajas de primavera' && c.id === draft.campaignId)).toHaveLength(1);
  });

  it('resumes after a failure half-way without creating anything twice', async () => {
    const sub = uniqueSub();
    await connectMeta(sub);
    const id = await storeCampaign(sub, { networks: ['facebook', 'instagram'] });
    const before = (await sandboxCampaigns()).length;
    await postJson(`${env.t.sandbox.url}/__sandbox/ads/fail`, '', { edge: 'ads' });
    const failed = await refusal(createMetaDraft(sub, { id, adAccountId: ACCOUNT }, NOW));
    expect(failed?.name).toBe('UnavailableError');
    expect(failed?.message).toBe(CAMPAIGN_MSG.metaUnavailable);
    const partial = JSON.parse((await readItem(sub, id))?.metaJson ?? '{}');
    expect(partial).toMatchObject({ complete: false, adSetIds: [expect.any(String), expect.any(String)], adCreativeIds: [expect.any(String)], adIds: [] });
    const linksBefore = (JSON.parse((await readItem(sub, id))?.proposalJson ?? '{}') as CampaignProposal).creatives.map((c) => c.link?.code);

    const item = await createMetaDraft(sub, { id, adAccountId: ACCOUNT }, NOW);
    const draft = JSON.parse(item.metaJson ?? '{}');
    expect(draft).toMatchObject({ complete: true, campaignId: partial.campaignId, adSetIds: partial.adSetIds });
    expect(draft.adCreativeIds[0]).toBe(partial.adCreativeIds[0]);
    expect(draft.adIds).toHaveLength(4);
    expect((JSON.parse(item.proposalJson) as CampaignProposal).creatives.map((c) => c.link?.code)).toEqual(linksBefore);
    const all = await sandboxCampaigns();
    expect(all).toHaveLength(before + 1);
    const campaign = all.find((c) => c.id === draft.campaignId);
    expect(campaign?.adsets.map((adset) => adset.ads.length)).toEqual([2, 2]);
  });

  it('refuses, in Spanish, what cannot become a draft', async () => {
    const sub = uniqueSub();
    const message = async (promise: Promise<unknown>) => (await refusal(promise))?.message;
    const proposed = await storeCampaign(sub, { status: 'propuesta' });
    expect(await message(createMetaDraft(sub, { id: proposed, adAccountId: ACCOUNT }, NOW))).toBe(CAMPAIGN_MSG.metaNotApproved);
    const linkedinOnly = await storeCampaign(sub, { networks: ['linkedin'] });
    expect(await message(createMetaDraft(sub, { id: linkedinOnly, adAccountId: ACCOUNT }, NOW))).toBe(CAMPAIGN_MSG.metaNoNetworks);
    const noImages = await storeCampaign(sub, { withImages: false });
    expect(await message(createMetaDraft(sub, { id: noImages, adAccountId: ACCOUNT }, NOW))).toBe(CAMPAIGN_MSG.metaNoImage('Facebook'));
    const id = await storeCampaign(sub);
    expect(await message(createMetaDraft(sub, { id, adAccountId: ACCOUNT }, NOW))).toBe(CAMPAIGN_MSG.metaNotConnected);
    expect(await message(createMetaDraft(sub, { id: randomUUID(), adAccountId: ACCOUNT }, NOW))).toBe(CAMPAIGN_MSG.campaignNotFound);
    await connectMeta(sub);
    expect(await message(createMetaDraft(sub, { id, adAccountId: 'act_999' }, NOW))).toBe(CAMPAIGN_MSG.metaAccountNotFound);
    expect(await message(createMetaDraft(sub, { id, adAccountId: ACCOUNT }, new Date('2030-03-20T00:00:00Z')))).toBe(CAMPAIGN_MSG.metaEnded);
    expect((await readItem(sub, id))?.metaJson).toBeUndefined();

    const noAds = uniqueSub();
    await connectMeta(noAds, NO_ADS_SCOPE);
    const other = await storeCampaign(noAds);
    expect(await message(createMetaDraft(noAds, { id: other, adAccountId: ACCOUNT }, NOW))).toBe(CAMPAIGN_MSG.metaNoAdsPermission);
  });

  it('a token Meta refuses marks the connection for reconnection', async () => {
    const sub = uniqueSub();
    await connectMeta(sub);
    const id = await storeCampaign(sub);
    // The owner removes the app in Facebook: Graph's revoke of the grant (the sandbox's DELETE /me/permissions).
    const token = await freshAccessToken(sub, 'facebook', NOW);
    await send(`${env.t.sandbox.apps().facebook.urls.api}/me/permissions`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    const error = await refusal(createMetaDraft(sub, { id, adAccountId: ACCOUNT }, NOW));
    expect(error?.message).toBe(SOCIAL_MSG.accessRevoked('facebook'));
    expect((await readConnection(sub, 'facebook'))?.state).toBe('reconectar');
  });
});

describe('refreshMetaSpend', () => {
  it('reads the spend from Meta once the draft exists, at most every ten minutes', async () => {
    const sub = uniqueSub();
    await connectMeta(sub);
    const id = await storeCampaign(sub, { networks: ['facebook'] });
    const plain = await readItem(sub, id);
    if (!plain) throw new Error('no campaign');
    expect(await refreshMetaSpend(sub, plain, NOW)).toBe(plain);
    const item = await createMetaDraft(sub, { id, adAccountId: ACCOUNT }, NOW);
    const first = await refreshMetaSpend(sub, item, NOW);
    expect(first).toMatchObject({ spendCents: 0, spendSource: 'meta', spendAt: NOW.toISOString() });
    await postJson(`${env.t.sandbox.url}/__sandbox/ads/insights`, '', { campaignId: JSON.parse(item.metaJson ?? '{}').campaignId, spend: 42.5, impressions: 9000, clicks: 120 });
    const soon = new Date(NOW.getTime() + 5 * 60_000);
    expect(await refreshMetaSpend(sub, first, soon)).toBe(first);
    const later = new Date(NOW.getTime() + 11 * 60_000);
    const updated = await refreshMetaSpend(sub, first, later);
    expect(updated).toMatchObject({ spendCents: 4250, spendSource: 'meta', spendAt: later.toISOString() });
    expect((await readItem(sub, id))?.spendCents).toBe(4250);
    // Meta unreachable: the item as it was, no throw.
    await postJson(`${env.t.sandbox.url}/__sandbox/faults`, '', { network: 'facebook', operation: 'insights', kind: '500', times: 5 });
    const muchLater = new Date(NOW.getTime() + 30 * 60_000);
    expect(await refreshMetaSpend(sub, updated, muchLater)).toBe(updated);
  });
});
