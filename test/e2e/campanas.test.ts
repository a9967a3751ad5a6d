/**
 * End to end in Chromium against the twin: Campañas (issue 15, "Done when" in Chromium). The owner
 * (Facebook connected through the sandbox, one image in the gallery, a public blog) writes a brief
 * — leads, 600 €, 4 weeks, Instagram + Facebook, Valencia — and gets a proposal (the twin's offline
 * provider, labelled so) whose split sums to 600 €, with creatives, KPI ranges citing the benchmark
 * table's sources, and supporting posts. Approving puts the posts on the calendar. A visitor
 * follows one post's tracked link, lands on the brand's blog (which embeds the chat widget), chats
 * and leaves a contact: the lead names that post and campaign in Gestión de Leads, and the
 * campaign's figures show 1 click and 1 lead. Finally 'Crear borrador en Meta' creates the
 * campaign, its ad sets and ads PAUSED in the sandbox's Marketing API.
 *
 * The dashboard is opened at the site's own origin (SITE_URL: localhost), as users open it: the
 * brief's default landing URL (the blog home) is then of the site's origin, which the server accepts.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, formatEuros, MONTH_NAMES_ES, longDateLabel, MSG, utcDateIso, WIDGET_MSG, widgetConsentText, type Campaign, type CampaignResults, type Lead, type ScheduledPost } from '@director-ia/shared';
import { CAMPAIGN_UI } from '../../web/src/features/campaigns/labels';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { connectNetwork } from '../support/social';

const twin = inject('twin');
/** The site's own origin (SITE_URL), where owners open the dashboard. */
const SITE = twin.url.replace('//127.0.0.1:', '//localhost:');
const BRAND = 'Bicis Turia';
const CAMPAIGN = `Otoño en Valencia ${randomUUID().slice(0, 4)}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: TestUser;
let slug: string;
let campaignId: string;
let post: ScheduledPost;

const nav = (name: string) => page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name, exact: true });
const detail = () => page.getByRole('region', { name: CAMPAIGN });

async function openCampaigns(): Promise<void> {
  await nav('Campañas').click({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Campañas', level: 1 }).waitFor({ timeout: 15_000 });
}

async function openCampaign(): Promise<void> {
  await openCampaigns();
  await page.getByRole('button', { name: CAMPAIGN_UI.openCampaign(CAMPAIGN) }).click({ timeout: 15_000 });
  await detail().waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'campanas-e2e');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  await callOk(twin, 'guardarAjustesIA', { brandName: BRAND, brandPersonality: 'Cercana y deportista', keywords: 'bicicletas, taller, rutas' }, owner.accessToken);
  slug = `bicis-${randomUUID().slice(0, 6)}`;
  await callOk(twin, 'guardarAjustesBlog', { isEnabled: true, slug, topics: 'Rutas en bici y mantenimiento' }, owner.accessToken);
  // An image the offline proposal gives the ads (Meta's drafts need one per ad).
  await callOk(twin, 'generarImagen', { prompt: 'Una bicicleta de carretera junto al río Turia' }, owner.accessToken);
  // Facebook with the ads permission (the sandbox grants what is asked, ads_management included).
  await connectNetwork(twin, owner, 'facebook');

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: { width: 1360, height: 1000 }, locale: 'es-ES', acceptDownloads: true });
  page = await context.newPage();
  await page.goto(SITE);
  await signInWithForm(page, owner);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('Campañas in Chromium', () => {
  it('a brief (leads, 600 €, 4 weeks, Instagram + Facebook, Valencia) gives a proposal: split of 600 €, creatives, KPI ranges citing the table, supporting posts', async () => {
    await openCampaigns();
    await page.getByRole('button', { name: CAMPAIGN_UI.createFirst }).click();
    const form = page.getByRole('form', { name: CAMPAIGN_UI.briefTitle });
    await form.waitFor();
    // The landing URL defaults to the brand's public blog home.
    await expect.poll(() => form.getByLabel(CAMPAIGN_UI.landingUrl).inputValue(), { timeout: 15_000 }).toBe(`${SITE}/blog/${slug}`);

    const start = addDays(utcDateIso(new Date()), 2);
    await form.getByLabel(CAMPAIGN_UI.name, { exact: true }).fill(CAMPAIGN);
    await form.getByLabel(CAMPAIGN_UI.objective, { exact: true }).selectOption({ label: 'Leads' });
    // A bad budget is refused on the field with the plan's message, and nothing is sent.
    await form.getByLabel(CAMPAIGN_UI.budget, { exact: true }).fill('0');
    await form.getByLabel(CAMPAIGN_UI.startDate, { exact: true }).fill(start);
    await form.getByLabel(CAMPAIGN_UI.endDate, { exact: true }).fill(addDays(start, 27));
    await form.getByRole('checkbox', { name: 'Instagram' }).check();
    await form.getByRole('checkbox', { name: 'Facebook' }).check();
    await form.getByLabel(CAMPAIGN_UI.offer, { exact: true }).fill('Revisión completa de tu bici por 29 € en octubre');
    await form.getByLabel(CAMPAIGN_UI.province(1)).fill('Valencia');
    await form.getByLabel(CAMPAIGN_UI.ageMin).selectOption('25');
    await form.getByLabel(CAMPAIGN_UI.ageMax).selectOption('54');
    await form.getByLabel(CAMPAIGN_UI.interestInput).fill('ciclismo');
    await form.getByRole('button', { name: CAMPAIGN_UI.addInterest }).click();
    await form.getByRole('button', { name: CAMPAIGN_UI.generate }).click();
    await form.getByText('Por favor, introduce un presupuesto válido.').waitFor();

    await form.getByLabel(CAMPAIGN_UI.budget, { exact: true }).fill('600');
    await form.getByRole('button', { name: CAMPAIGN_UI.generate }).click();
    await detail().waitFor({ timeout: 45_000 });

    await expect.poll(() => page.getByTestId('split-grand-total').textContent()).toBe(formatEuros(60_000));
    await detail().getByText(CAMPAIGN_UI.offline).first().waitFor();
    const split = page.getByRole('table', { name: CAMPAIGN_UI.splitTable });
    for (const network of ['Instagram', 'Facebook']) for (const week of [1, 2, 3, 4]) await split.getByLabel(`${network}, semana ${week} (€)`).waitFor();
    // Creatives per network, KPI ranges with their sources, the supporting posts.
    expect(await page.getByRole('heading', { name: CAMPAIGN_UI.creatives }).count()).toBe(1);
    const kpis = page.getByRole('region', { name: CAMPAIGN_UI.kpis });
    await kpis.getByText('CPC').first().waitFor();
    await kpis.getByText('Superads').first().waitFor();
    await page.getByRole('heading', { name: CAMPAIGN_UI.posts }).waitFor();

    const { campaigns } = await callOk<{ campaigns: { id: string; name: string }[] }>(twin, 'listarCampanas', null, owner.accessToken);
    campaignId = campaigns.find((campaign) => campaign.name === CAMPAIGN)!.id;
    const { campaign } = await callOk<{ campaign: Campaign }>(twin, 'verCampana', { id: campaignId }, owner.accessToken);
    expect(campaign.proposal.split.reduce((sum, cell) => sum + cell.cents, 0)).toBe(60_000);
    for (const network of ['instagram', 'facebook'] as const) {
      const creatives = campaign.proposal.creatives.filter((creative) => creative.network === network);
      expect(creatives.length).toBeGreaterThanOrEqual(2);
      for (const creative of creatives) await page.getByText(creative.headline, { exact: true }).first().waitFor();
    }
    for (const planned of campaign.proposal.posts) await page.getByText(planned.title, { exact: true }).first().waitFor();
  });

  it('approving puts the supporting posts on the calendar', async () => {
    await page.getByRole('button', { name: CAMPAIGN_UI.approve }).click();
    const approvedNotice = page.getByRole('status').filter({ hasText: 'Campaña aprobada' }).first();
    await approvedNotice.or(page.getByRole('alert').first()).waitFor({ timeout: 30_000 });
    // A refusal would show as an alert: say which.
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);

    const { campaign } = await callOk<{ campaign: Campaign }>(twin, 'verCampana', { id: campaignId }, owner.accessToken);
    expect(campaign.status).toBe('aprobada');
    const months = [...new Set(campaign.proposal.posts.map((planned) => planned.scheduledDate.slice(0, 7)))];
    const posts = (await Promise.all(months.map((month) => callOk<{ posts: ScheduledPost[] }>(twin, 'listarPublicaciones', { month }, owner.accessToken)))).flatMap((answer) => answer.posts);
    const ours = posts.filter((item) => item.campaignId === campaignId);
    expect(ours).toHaveLength(campaign.proposal.posts.length);
    post = ours.find((item) => item.platform === 'instagram') ?? ours[0]!;

    await page.getByRole('button', { name: CAMPAIGN_UI.openCalendar }).click();
    await page.getByRole('heading', { name: 'Plan de Contenidos', level: 1 }).waitFor({ timeout: 15_000 });
    const month = post.scheduledDate.slice(0, 7);
    for (let i = 0; i < 3; i += 1) {
      const label = (await page.getByRole('heading', { level: 2 }).filter({ hasText: /^\p{L}+ \d{4}$/u }).first().textContent())?.trim() ?? '';
      const [name, year] = label.split(' ');
      const shown = `${year}-${String(MONTH_NAMES_ES.indexOf(name as (typeof MONTH_NAMES_ES)[number]) + 1).padStart(2, '0')}`;
      if (shown === month) break;
      await page.getByRole('button', { name: 'Mes siguiente' }).click();
      await page.getByRole('heading', { level: 2 }).filter({ hasText: /^\p{L}+ \d{4}$/u }).filter({ hasNotText: label }).first().waitFor();
    }
    await expect.poll(() => page.getByRole('status').filter({ hasText: MSG.loading }).count(), { timeout: 15_000 }).toBe(0);
    await page.getByRole('cell', { name: longDateLabel(post.scheduledDate), exact: true }).getByRole('button', { name: new RegExp(post.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().waitFor({ timeout: 15_000 });
  });

  it('following a post\'s tracked link to the blog (which embeds the widget) and leaving a contact makes a lead attributed to that post and campaign: 1 click, 1 lead', async () => {
    const link = /(https?:\/\/\S+\/r\/[0-9A-Za-z]{8})\s*$/.exec(post.content)?.[1];
    expect(link?.startsWith(`${SITE}/r/`)).toBe(true);

    // A visitor in a browser of their own.
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-ES' });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(link!);
      const landed = new URL(visitor.url());
      expect(`${landed.origin}${landed.pathname}`).toBe(`${SITE}/blog/${slug}`);
      expect(landed.searchParams.get('ref')).toBe(link!.slice(-8));
      expect(landed.searchParams.get('utm_source')).toBe(post.platform);

      const widget = visitor.frameLocator('iframe[title="Chat"]');
      await widget.getByRole('heading', { name: BRAND }).waitFor({ timeout: 30_000 });
      const input = widget.getByLabel(WIDGET_MSG.inputLabel);
      await input.fill('Quiero reservar la revisión de mi bici, ¿cuánto cuesta?');
      await input.press('Enter');
      await widget.getByRole('heading', { name: WIDGET_MSG.contactTitle }).waitFor({ timeout: 30_000 });
      await widget.getByLabel(WIDGET_MSG.nameLabel, { exact: true }).fill('Marta Soler');
      await widget.getByLabel(WIDGET_MSG.contactLabel, { exact: true }).fill('marta.soler@example.com');
      await widget.getByRole('checkbox', { name: widgetConsentText(BRAND) }).check();
      await widget.getByRole('button', { name: WIDGET_MSG.submitContact }).click();
      await widget.getByText(WIDGET_MSG.leadSaved(BRAND)).waitFor({ timeout: 30_000 });
    } finally {
      await visitorContext.close();
    }

    const { leads } = await callOk<{ leads: Lead[] }>(twin, 'listarLeads', null, owner.accessToken);
    expect(leads.find((lead) => lead.contact === 'marta.soler@example.com')?.attribution).toMatchObject({ kind: 'post', sourceId: post.id, campaignId, campaignName: CAMPAIGN, network: post.platform });

    // The owner sees where the lead came from.
    await nav('Leads').click();
    await page.getByRole('heading', { name: 'Gestión de Leads', level: 1 }).waitFor({ timeout: 15_000 });
    const row = page.getByRole('row').filter({ hasText: 'Marta Soler' });
    await row.getByText(`Publicación «${post.title}»`, { exact: false }).waitFor({ timeout: 15_000 });
    await row.getByText(`Campaña «${CAMPAIGN}»`, { exact: false }).waitFor();

    // And the campaign's figures: 1 click, 1 lead.
    await openCampaign();
    const results = page.getByTestId('campaign-results');
    await results.waitFor({ timeout: 15_000 });
    const figure = (label: string) => results.locator('div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd span').first();
    await expect.poll(() => figure(CAMPAIGN_UI.clicks).textContent(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => figure(CAMPAIGN_UI.leads).textContent()).toBe('1');
    const { results: figures } = await callOk<{ results: CampaignResults }>(twin, 'verCampana', { id: campaignId }, owner.accessToken);
    expect(figures).toMatchObject({ clicks: 1, conversations: 1, leads: 1 });
  });

  it('exports the campaign as CSV and as a printable page in Spanish; Conóceme shows the month\'s figures', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: CAMPAIGN_UI.exportCsv }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(CAMPAIGN);
    expect(csv).toMatch(/Reparto/);
    expect(csv).toMatch(/Instagram/);
    await page.getByRole('button', { name: CAMPAIGN_UI.printView }).click();
    const print = page.getByRole('dialog', { name: CAMPAIGN_UI.printView });
    await print.getByText(CAMPAIGN).first().waitFor();
    await print.getByText(CAMPAIGN_UI.split).first().waitFor();
    await print.getByRole('button', { name: CAMPAIGN_UI.print, exact: true }).waitFor();
    await print.getByRole('button', { name: CAMPAIGN_UI.closePrint }).click();
    await print.waitFor({ state: 'detached' });

    await nav('Conóceme').click();
    const month = page.getByTestId('month-figures');
    await month.waitFor({ timeout: 15_000 });
    const figure = (label: string) => month.locator('div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd span').first();
    await expect.poll(() => figure(CAMPAIGN_UI.figures.clicks).textContent(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => figure(CAMPAIGN_UI.figures.leads).textContent()).toBe('1');
    await openCampaign();
  });

  it('\'Crear borrador en Meta\' creates the campaign, its ad sets and ads PAUSED in the sandbox', async () => {
    const section = page.getByRole('region', { name: CAMPAIGN_UI.meta });
    await section.getByText(CAMPAIGN_UI.metaIntro).waitFor({ timeout: 15_000 });
    await section.getByLabel(CAMPAIGN_UI.adAccount).waitFor({ timeout: 15_000 });
    await section.getByRole('button', { name: CAMPAIGN_UI.createMetaDraft }).click();
    const draft = page.getByTestId('meta-draft');
    await draft.getByText(CAMPAIGN_UI.metaState).waitFor({ timeout: 45_000 });
    await draft.getByText(CAMPAIGN_UI.sandbox).waitFor();
    expect(await draft.getByText(CAMPAIGN_UI.metaIncomplete).count()).toBe(0);

    const state = (await (await fetch(`${twin.sandboxUrl}/__sandbox/ads`)).json()) as { campaigns: { name: string; objective: string; status: string; adsets: { status: string; lifetimeBudget?: number; ads: { status: string }[] }[] }[] };
    const pushed = state.campaigns.filter((campaign) => campaign.name.includes(CAMPAIGN));
    expect(pushed).toHaveLength(1);
    const [meta] = pushed as [(typeof pushed)[number]];
    expect(meta).toMatchObject({ objective: 'OUTCOME_LEADS', status: 'PAUSED' });
    expect(meta.adsets).toHaveLength(2);
    expect(meta.adsets.reduce((sum, adset) => sum + (adset.lifetimeBudget ?? 0), 0)).toBe(60_000);
    for (const adset of meta.adsets) {
      expect(adset.status).toBe('PAUSED');
      expect(adset.ads.length).toBeGreaterThanOrEqual(2);
      for (const ad of adset.ads) expect(ad.status).toBe('PAUSED');
    }
  });
});
