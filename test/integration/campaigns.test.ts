/**
 * Campañas through the twin (issue 15; Done-when "Integration tests": budget edge cases, the split
 * always sums to the total after edits). Runs the deployed functions on the twin's offline
 * provider: a brief is refused for every bad budget with the plan's message and nothing is stored;
 * a valid brief gets a proposal whose split sums exactly to the budget, whose KPI ranges cite rows
 * of the benchmark table, and which keeps summing to the total through a run of owner edits (the
 * page's `rebalance`, locks included) and a change of the total; a split that does not sum, or
 * misses a cell, is refused and changes nothing. Approval puts the supporting posts on the
 * calendar, each with its tracked link in its text; a visitor who follows one and leaves a contact
 * in the widget becomes a lead attributed to that post and campaign, and the campaign counts the
 * click, the conversation and the lead.
 */
import { request } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  benchmarkById,
  BUDGET_INVALID,
  CAMPAIGN_MSG,
  rebalance,
  totalCents,
  utcDateIso,
  type Campaign,
  type CampaignResults,
  type CampaignSummary,
  type Lead,
  type ScheduledPost,
  type SplitCell,
} from '@director-ia/shared';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { freshVisitorIp } from '../support/widget';

const twin = inject('twin');
const visitorIp = freshVisitorIp();

type CampaignView = { campaign: Campaign; results: CampaignResults };

let owner: TestUser;

function brief(overrides: Record<string, unknown> = {}) {
  const start = addDays(utcDateIso(new Date()), 2);
  return {
    name: 'Otoño en Valencia',
    objective: 'leads',
    budget: 600,
    startDate: start,
    endDate: addDays(start, 27),
    networks: ['instagram', 'facebook'],
    offer: 'Revisión gratuita de tu bicicleta en octubre',
    audience: { locations: [{ kind: 'provincia', name: 'valencia' }], ageMin: 25, ageMax: 54, interests: ['ciclismo', 'deporte'] },
    landingUrl: 'https://example.com/oferta',
    ...overrides,
  };
}

/** `GET path` from the test's own loopback address, redirects not followed. */
function get(path: string): Promise<{ status: number; location?: string }> {
  const url = new URL(path);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: url.port, path: url.pathname, method: 'GET', localAddress: visitorIp, headers: { 'user-agent': 'PruebaCampanas/1.0' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'campaigns');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  await callOk(twin, 'guardarAjustesIA', { brandName: 'Bicis Turia', brandPersonality: 'Cercana y deportista', keywords: 'bicicletas, taller' }, owner.accessToken);
});

describe('campaigns through the twin', () => {
  it.each([
    ['0', 0],
    ['a negative amount', -50],
    ['text that is not a number', 'seiscientos'],
    ['1e9', 1e9],
    ['null (what JSON makes of NaN)', null],
  ])('refuses a budget of %s with the plan\'s message and stores nothing', async (_label, budget) => {
    const { status, body } = await call(twin, 'generarCampana', { brief: brief({ budget }) }, owner.accessToken);
    expect(status).toBe(400);
    expect(body.error?.status).toBe('INVALID_ARGUMENT');
    expect(body.error?.message).toContain(BUDGET_INVALID);
    const { campaigns } = await callOk<{ campaigns: CampaignSummary[] }>(twin, 'listarCampanas', null, owner.accessToken);
    expect(campaigns).toEqual([]);
  });

  let campaign: Campaign;

  it('proposes a split that sums to the budget, KPIs citing the table, and keeps the total through every edit', async () => {
    const generated = await callOk<CampaignView>(twin, 'generarCampana', { brief: brief() }, owner.accessToken);
    campaign = generated.campaign;
    expect(campaign).toMatchObject({ status: 'propuesta', budgetCents: 60_000, offline: true });
    expect(campaign.brief.audience.locations).toEqual([{ kind: 'provincia', name: 'Valencia' }]);
    expect(campaign.weeks).toHaveLength(4);
    expect(campaign.proposal.split).toHaveLength(8);
    expect(totalCents(campaign.proposal.split)).toBe(60_000);
    for (const network of ['instagram', 'facebook']) {
      const creatives = campaign.proposal.creatives.filter((creative) => creative.network === network);
      expect(creatives.length).toBeGreaterThanOrEqual(2);
      expect(creatives.length).toBeLessThanOrEqual(3);
      expect(campaign.proposal.kpis.filter((kpi) => kpi.network === network).map((kpi) => kpi.kind)).toEqual(expect.arrayContaining(['cpm', 'cpc', 'ctr', 'clics']));
    }
    for (const kpi of campaign.proposal.kpis) {
      expect(kpi.benchmarkIds.length).toBeGreaterThan(0);
      for (const id of kpi.benchmarkIds) expect(benchmarkById(id), id).toBeDefined();
      expect(kpi.low).toBeLessThanOrEqual(kpi.high);
    }
    expect(campaign.proposal.posts.length).toBeGreaterThan(0);
    for (const post of campaign.proposal.posts) {
      expect(post.scheduledDate >= campaign.brief.startDate && post.scheduledDate <= campaign.brief.endDate).toBe(true);
    }

    // A run of owner edits as the page makes them: one figure typed, some cells locked, re-balanced, saved.
    let split: SplitCell[] = campaign.proposal.split;
    const edits = [
      { cell: 0, cents: 25_000, locked: [] },
      { cell: 3, cents: 0, locked: [0] },
      { cell: 5, cents: 12_345, locked: [0, 3] },
      { cell: 7, cents: 1, locked: [1, 2] },
      { cell: 2, cents: 60_000, locked: [] },
      { cell: 1, cents: 33_333, locked: [4, 6] },
    ];
    for (const edit of edits) {
      const next = rebalance(split, { cellIndex: edit.cell, cents: edit.cents }, new Set(edit.locked));
      const saved = await callOk<CampaignView>(twin, 'editarCampana', { id: campaign.id, split: next.map(({ network, week, cents }) => ({ network, week, cents })) }, owner.accessToken);
      expect(totalCents(saved.campaign.proposal.split)).toBe(60_000);
      expect(saved.campaign.proposal.split.map((cell) => cell.cents)).toEqual(next.map((cell) => cell.cents));
      split = saved.campaign.proposal.split;
    }
    // The KPIs follow the split: a network with nothing left expects no clicks.
    const emptied = split.map((cell) => ({ network: cell.network, week: cell.week, cents: cell.network === 'facebook' ? 0 : cell.cents }));
    const facebookCents = split.filter((cell) => cell.network === 'facebook').reduce((sum, cell) => sum + cell.cents, 0);
    const firstInstagram = emptied.findIndex((cell) => cell.network === 'instagram');
    emptied[firstInstagram]!.cents += facebookCents;
    const refocused = await callOk<CampaignView>(twin, 'editarCampana', { id: campaign.id, split: emptied }, owner.accessToken);
    expect(refocused.campaign.proposal.kpis.filter((kpi) => kpi.network === 'facebook')).toEqual([]);
    split = refocused.campaign.proposal.split;

    // Refused, nothing changed: one cent short, a missing cell, a negative figure.
    const largest = split.reduce((best, cell, index) => (cell.cents > split[best]!.cents ? index : best), 0);
    const short = split.map((cell, index) => ({ network: cell.network, week: cell.week, cents: index === largest ? cell.cents - 1 : cell.cents }));
    const refusals: [unknown, string][] = [
      [short, CAMPAIGN_MSG.splitTotal(60_000)],
      [split.slice(1).map(({ network, week, cents }) => ({ network, week, cents })), CAMPAIGN_MSG.splitMismatch],
    ];
    for (const [bad, message] of refusals) {
      const { status, body } = await call(twin, 'editarCampana', { id: campaign.id, split: bad }, owner.accessToken);
      expect(status).toBe(400);
      expect(body.error?.message).toBe(message);
    }
    const negative = await call(twin, 'editarCampana', { id: campaign.id, split: split.map(({ network, week }, index) => ({ network, week, cents: index === 0 ? -100 : 0 })) }, owner.accessToken);
    expect(negative.status).toBe(400);
    const unchanged = await callOk<CampaignView>(twin, 'verCampana', { id: campaign.id }, owner.accessToken);
    expect(unchanged.campaign.proposal.split).toEqual(split);

    // A new total re-splits in proportion and still sums exactly.
    const grown = await callOk<CampaignView>(twin, 'editarCampana', { id: campaign.id, budget: 750.55 }, owner.accessToken);
    expect(grown.campaign.budgetCents).toBe(75_055);
    expect(totalCents(grown.campaign.proposal.split)).toBe(75_055);
    campaign = grown.campaign;
  });

  it('approval puts the posts on the calendar with their tracked link; a visitor who follows one becomes an attributed lead', async () => {
    const approved = await callOk<CampaignView & { posts: ScheduledPost[] }>(twin, 'aprobarCampana', { id: campaign.id }, owner.accessToken);
    expect(approved.campaign.status).toBe('aprobada');
    expect(approved.posts).toHaveLength(campaign.proposal.posts.length);
    const linkPattern = /\/r\/([0-9A-Za-z]{8})\s*$/;
    for (const post of approved.posts) {
      expect(post).toMatchObject({ status: 'aprobado', campaignId: campaign.id });
      expect(post.content).toMatch(linkPattern);
      expect(post.publications.length).toBeGreaterThan(0);
    }
    const again = await call(twin, 'aprobarCampana', { id: campaign.id }, owner.accessToken);
    expect(again).toMatchObject({ status: 400, body: { error: { message: CAMPAIGN_MSG.alreadyApproved } } });

    const post = approved.posts[0]!;
    const month = post.scheduledDate.slice(0, 7);
    const { posts: calendar } = await callOk<{ posts: ScheduledPost[] }>(twin, 'listarPublicaciones', { month }, owner.accessToken);
    expect(calendar.map((item) => item.id)).toContain(post.id);

    const url = post.content.match(/(https?:\/\/\S+\/r\/[0-9A-Za-z]{8})\s*$/)![1]!;
    const code = url.slice(-8);
    const followed = await get(url);
    expect(followed.status).toBe(302);
    const landing = new URL(followed.location!);
    expect(`${landing.origin}${landing.pathname}`).toBe('https://example.com/oferta');
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({ utm_source: post.platform, utm_medium: 'social', ref: code });

    // The landing page's widget forwards the visit; the visitor chats and leaves a contact.
    const visit = { ref: code, utmSource: landing.searchParams.get('utm_source')!, utmMedium: 'social', utmCampaign: landing.searchParams.get('utm_campaign')! };
    const chat = await callOk<{ conversationId: string }>(twin, 'enviarMensajeWidget', { uid: owner.sub, conversationId: null, message: '¿Cuánto cuesta la revisión?', visit });
    await callOk(twin, 'registrarLeadWidget', { uid: owner.sub, conversationId: chat.conversationId, name: 'Marta Soler', contact: 'marta@example.com', consent: true, visit });

    const { leads } = await callOk<{ leads: Lead[] }>(twin, 'listarLeads', null, owner.accessToken);
    const lead = leads.find((item) => item.contact === 'marta@example.com');
    expect(lead?.attribution).toMatchObject({ ref: code, kind: 'post', sourceId: post.id, sourceTitle: post.title, network: post.platform, campaignId: campaign.id, campaignName: campaign.name });

    const view = await callOk<CampaignView>(twin, 'verCampana', { id: campaign.id }, owner.accessToken);
    expect(view.results).toMatchObject({ clicks: 1, uniqueClicks: 1, conversations: 1, leads: 1, spendCents: null, costPerLeadCents: null });
    const spent = await callOk<CampaignView>(twin, 'guardarGastoCampana', { id: campaign.id, spend: 120.5 }, owner.accessToken);
    expect(spent.results).toMatchObject({ spendCents: 12_050, spendSource: 'owner', costPerLeadCents: 12_050 });
  });
});
