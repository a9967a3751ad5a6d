/**
 * The campaign server (issue 15 items 2 and 5, lambdas/core/campaigns) against DynamoDB Local, with
 * the publishing engine mocked as the plan's approval tests do (its own tests cover it) and the AI
 * as a fake provider:
 * - the offline proposal is deterministic for the same brief and day, splits exactly, has 2–3
 *   creatives per network with the newest gallery images, and one publishable post per network and
 *   week within the dates, not before today; a model's odd weights still sum exactly; nothing usable
 *   is GENERATION_FAILED and nothing is stored;
 * - edits: split cell and total checks with their Spanish messages, a rebalanced split saved as is,
 *   a budget change re-split in proportion, KPIs following, proposal edits refused after approval,
 *   a stale revision is a conflict;
 * - approval: tracked links in the posts' text, campaignId/linkCode/linkUrl on the items, the
 *   publishing engine asked for each, one transaction with the status; twice is alreadyApproved; a
 *   post the link makes too long refuses it and writes nothing;
 * - results from real items (click counters through countClick, attributed conversations and
 *   leads, published publications, the owner's spend), the month's figures, deletion, tenancy.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAMPAIGN_BUDGET_MSG,
  CAMPAIGN_MSG,
  expectedKpis,
  PUBLICATION_MSG,
  PUBLISHING_MSG,
  rebalance,
  validatePost,
  type Campaign,
  type CampaignBrief,
  type Publication,
  type SocialNetwork,
} from '@director-ia/shared';
import type { AiProvider } from '../../../../../lambdas/platform/ai/types';
import { ConflictError, GenerationFailedError, InvalidInputError, NotFoundError } from '../../../../../lambdas/platform/errors';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';
import { storeConnections } from '../../../../support/social-connections';

vi.mock('../../../../../lambdas/core/publishing', () => ({ syncPublications: vi.fn(), removePublications: vi.fn(), publicationsOf: vi.fn(async () => new Map()) }));

const SITE = 'https://app.example.com';
const db = await useDomainEnv({ SITE_URL: SITE });
const { generateCampaign } = await import('../../../../../lambdas/core/campaigns/generate');
const { editCampaign } = await import('../../../../../lambdas/core/campaigns/edit');
const { approveCampaign } = await import('../../../../../lambdas/core/campaigns/approve');
const { deleteCampaign } = await import('../../../../../lambdas/core/campaigns/delete');
const { saveCampaignSpend } = await import('../../../../../lambdas/core/campaigns/spend');
const { listCampaigns, showCampaign } = await import('../../../../../lambdas/core/campaigns/list');
const { monthFigures } = await import('../../../../../lambdas/core/campaigns/month');
const { readCampaign, updateCampaign } = await import('../../../../../lambdas/core/campaigns/store');
const { countClick } = await import('../../../../../lambdas/core/links/clicks');
const { assets } = await import('../../../../../lambdas/platform/db/entities/asset');
const { campaigns } = await import('../../../../../lambdas/platform/db/entities/campaign');
const { leads } = await import('../../../../../lambdas/platform/db/entities/lead');
const { conversations } = await import('../../../../../lambdas/platform/db/entities/conversation');
const { publications } = await import('../../../../../lambdas/platform/db/entities/publication');
const engine = await import('../../../../../lambdas/core/publishing');
const table = rawTableAt(db.endpoint, db.table);

const NOW = new Date('2031-03-02T10:00:00.000Z');
const LINK = new RegExp(`\\n\\n${SITE.replace(/[.]/g, '\\.')}/r/([0-9A-Za-z]{8})$`);

const brief = (overrides: Partial<CampaignBrief> = {}): CampaignBrief => ({
  name: 'Primavera en Valencia',
  objective: 'leads',
  budget: 600,
  startDate: '2031-03-03',
  endDate: '2031-03-30',
  networks: ['instagram', 'facebook'],
  offer: 'Primera clase de yoga gratis',
  audience: { locations: [{ kind: 'provincia', name: 'valencia' }], ageMin: 25, ageMax: 45, interests: ['yoga'] },
  landingUrl: 'https://tuweb.es/oferta',
  ...overrides,
});

const unused = () => Promise.reject(new Error('unused'));
const OFFLINE: AiProvider = { id: 'offline', offline: true, generateText: unused, generateJson: unused, generateImage: unused, embed: unused };
/** A provider whose model answers `answer`. */
const answering = (answer: unknown): AiProvider => ({ ...OFFLINE, id: 'openai-compatible', offline: false, generateJson: (() => Promise.resolve({ value: answer, offline: false, model: 'guion' })) as AiProvider['generateJson'] });

/** An image of `sub`'s gallery created at `at` (ids are time ordered: newest last here). */
async function image(sub: string, id: string, type: 'image' | 'avatar' = 'image'): Promise<string> {
  await assets().create({ uid: sub, id, type, prompt: `Foto ${id}`, key: `users/${sub}/assets/${id}.png`, mediaType: 'image/jpeg', size: 200_000, offline: true, model: 'offline', createdAt: NOW.toISOString() }).go();
  return id;
}

function publication(network: Publication['network']): Publication {
  return { id: `pub-${network}`, network, targetId: null, targetName: null, state: 'programado', dueAt: '2031-03-05T18:00:00.000Z', publishedAt: null, url: null, reason: null, fix: null, privacy: 'public', sandbox: true };
}

beforeEach(() => {
  vi.mocked(engine.syncPublications)
    .mockReset()
    .mockImplementation(async (_sub, item) => [publication(item.platform as Publication['network'])]);
});

type PostEdit = NonNullable<Parameters<typeof editCampaign>[1]['posts']>[number];
/** The proposal's posts as editarCampana takes them. */
const editablePosts = (campaign: Campaign): PostEdit[] => campaign.proposal.posts.map(({ status: _status, platform, ...post }) => ({ ...post, platform: platform as SocialNetwork }));

const offlineCampaign = (sub: string, overrides: Partial<CampaignBrief> = {}, now = NOW) => generateCampaign(sub, { brief: brief(overrides) }, now, { provider: OFFLINE, brand: { brandName: 'Yoga Luz' } });

describe('the offline proposal', () => {
  it('is deterministic, splits exactly, gives 2–3 creatives per network with the newest images, and publishable posts within the dates', async () => {
    const sub = uniqueSub();
    await image(sub, 'a0000000000000000001');
    await image(sub, 'a0000000000000000002');
    await image(sub, 'a0000000000000000003', 'avatar');
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
    const { campaign } = await generateCampaign(sub, { brief: brief({ budget: 100.01, endDate: '2031-03-16' }) }, NOW, { provider: answering(answer), brand: {}, gallery: [] });
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
    const failure = generateCampaign(sub, { brief: brief() }, NOW, { provider: answering({ ...answer, posts: [{ title: 'Tarde', content: 'x', scheduledDate: '2031-04-20', platform: 'facebook' }] }), brand: {}, gallery: [] });
    await expect(failure).rejects.toThrow(new GenerationFailedError(CAMPAIGN_MSG.noValidProposal));
    expect(await table.query(`user#${sub}`, 'campaign#')).toEqual([]);
  });
});

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
    const mine = await image(sub, 'b0000000000000000001');
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

describe('approveCampaign', () => {
  it('puts every post on the calendar with its tracked link, schedules each, and approves in the same write; twice is refused', async () => {
    const sub = uniqueSub();
    await image(sub, 'd0000000000000000001');
    await storeConnections(sub, ['instagram', 'facebook']);
    const { campaign } = await offlineCampaign(sub);
    const approved = await approveCampaign(sub, campaign.id, NOW);
    expect(approved.campaign).toMatchObject({ status: 'aprobada', approvedAt: NOW.toISOString(), postIds: campaign.proposal.posts.map((p) => p.id) });
    expect(approved.posts.map((p) => [p.id, p.status, p.campaignId, p.publications])).toEqual(campaign.proposal.posts.map((p) => [p.id, 'aprobado', campaign.id, [publication(p.platform as SocialNetwork)]]));
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
