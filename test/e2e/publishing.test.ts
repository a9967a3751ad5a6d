/**
 * End to end in Chromium against the twin and its "Red de pruebas": publishing (issue 13 "Done
 * when", browser). The owner has Facebook, X, LinkedIn and Telegram connected (through the API:
 * test/e2e/redes.test.ts connects them in the browser), generates next month's plan in the
 * calendar (its posts go to those four networks), moves each proposed post to 20 to 80 seconds
 * from now with the plan panel's "Editar", and approves the plan. LinkedIn's grant is then revoked at
 * the network. Without touching anything else:
 * - each post appears once in its network's sandbox feed (Facebook: once per selected page), and
 *   the sandbox's feed page lists it;
 * - the calendar turns Facebook, X and Telegram to "Publicado" with a link to the post;
 * - LinkedIn turns to "Error" with 'Reconecta LinkedIn';
 * - after reconnecting LinkedIn, "Reintentar" publishes it, once.
 */
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { currentMonth, localDateTime, longDateLabel, monthLabel, MSG, nextMonth, PLAN_MSG, PUBLICATION_MSG, SOCIAL_NETWORK_LABELS, type SocialNetwork } from '@director-ia/shared';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { connectNetwork, SANDBOX_BOT_TOKEN, sandboxHook } from '../support/social';

const twin = inject('twin');
const ZONE = 'Europe/Madrid';
const NETWORKS = ['facebook', 'x', 'linkedin', 'telegram'] as const satisfies readonly SocialNetwork[];
/** The plan is generated for next month (all its days ahead), then its posts are moved to now. */
const PLAN_MONTH = nextMonth(currentMonth());

let browser: Browser;
let page: Page;
let owner: TestUser;
/** The brand-local date and time the posts are moved to: 20 to 80 seconds from now, whole minutes. */
let due: { date: string; time: string };
/** Each network's post text (what the feeds are searched for). */
const texts = new Map<SocialNetwork, string>();

const calendar = (month: string) => page.getByRole('table', { name: `Calendario de ${monthLabel(month)}` });
const cell = (date: string) => page.getByRole('cell', { name: longDateLabel(date), exact: true });
const panel = () => page.getByRole('region', { name: 'Plan propuesto' });
const chip = (network: SocialNetwork) => cell(due.date).getByRole('list', { name: 'Estado por red' }).locator(`li[data-network="${network}"]`);

interface FeedPost {
  network: SocialNetwork;
  id: string;
  target: { id: string };
  text: string;
  url: string | null;
}

async function feed(network: SocialNetwork): Promise<FeedPost[]> {
  const response = await fetch(`${twin.sandboxUrl}/__sandbox/posts?network=${network}`);
  return ((await response.json()) as { posts: FeedPost[] }).posts.filter((post) => post.text === texts.get(network));
}

/** Moves the calendar one month with `button` and waits for `month` to be shown and read. */
async function moveTo(month: string, button: 'Mes siguiente' | 'Mes anterior'): Promise<void> {
  if (!(await calendar(month).isVisible())) await page.getByRole('button', { name: button }).click();
  await calendar(month).waitFor();
  await expect.poll(() => page.getByRole('status').filter({ hasText: MSG.loading }).count(), { timeout: 15_000 }).toBe(0);
}

/** Every chip of `network` on the due day shows `state` (polls; the calendar re-reads itself while a post is due). */
async function chipsIn(network: SocialNetwork, state: string, timeoutMs: number): Promise<Locator> {
  await expect
    .poll(async () => {
      const states = await chip(network).evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
      return states.length > 0 && states.every((value) => value === state);
    }, { timeout: timeoutMs, interval: 2_000 })
    .toBe(true);
  return chip(network);
}

/** Opens the post of `network` on the due day (its dialog lists the publications). */
async function openPost(network: SocialNetwork): Promise<Locator> {
  await cell(due.date).getByRole('button').filter({ hasText: `Prueba ${SOCIAL_NETWORK_LABELS[network]}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'publica-e2e');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  for (const network of ['facebook', 'x', 'linkedin'] as const) await connectNetwork(twin, owner, network);
  await callOk(twin, 'conectarTelegram', { botToken: SANDBOX_BOT_TOKEN, channel: '@canal_pruebas' }, owner.accessToken);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(twin.url);
  await signInWithForm(page, owner);
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Plan de Contenidos' }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Plan de Contenidos', level: 1 }).waitFor({ timeout: 15_000 });
});

afterAll(async () => {
  await browser?.close();
});

describe('publishing in the browser', () => {
  it('approves a plan for four networks whose posts are due about a minute from now', async () => {
    await calendar(currentMonth()).waitFor({ timeout: 15_000 });
    await moveTo(PLAN_MONTH, 'Mes siguiente');
    await cell(`${PLAN_MONTH}-01`).getByRole('button', { name: PLAN_MSG.generatePlan }).click();
    const budget = page.getByRole('dialog', { name: PLAN_MSG.generatePlan });
    await budget.getByLabel(PLAN_MSG.budgetLabel).fill('200');
    await budget.getByRole('button', { name: 'Generar plan' }).click();
    await panel().waitFor({ timeout: 60_000 });

    // 20 to 80 s ahead in the brand's zone (whole minutes): the edits and approval below take a few seconds.
    due = localDateTime(new Date(Date.now() + 80_000), ZONE);
    const suffix = Date.now().toString(36);
    const posts = panel().locator('li[data-post-id]');
    expect(await posts.count()).toBeGreaterThanOrEqual(NETWORKS.length);
    for (let i = 0; i < NETWORKS.length; i += 1) {
      const network = NETWORKS[i] as SocialNetwork;
      const text = `Publicación de prueba en ${SOCIAL_NETWORK_LABELS[network]} ${suffix}`;
      texts.set(network, text);
      const post = posts.nth(i);
      await post.getByRole('button', { name: 'Editar' }).click();
      const form = post.getByRole('form');
      await form.getByLabel('Título').fill(`Prueba ${SOCIAL_NETWORK_LABELS[network]}`);
      await form.getByLabel('Contenido').fill(text);
      await form.getByLabel('Fecha').fill(due.date);
      await form.getByLabel('Hora').fill(due.time);
      await form.getByLabel('Red social').selectOption(network);
      await form.getByRole('button', { name: 'Guardar' }).click();
      await form.waitFor({ state: 'detached', timeout: 15_000 });
    }
    await panel().getByRole('button', { name: PLAN_MSG.approvePlan }).click();
    await page.getByRole('status').filter({ hasText: '¡Plan aprobado!' }).waitFor({ timeout: 30_000 });
    // LinkedIn no longer accepts the grant (the owner removed the app at LinkedIn).
    await sandboxHook(twin, 'revoke', { network: 'linkedin' });

    await moveTo(due.date.slice(0, 7), 'Mes anterior');
    for (const network of NETWORKS) expect(await chip(network).count()).toBeGreaterThan(0);
    expect(await chip('facebook').first().getAttribute('data-state')).toBe('programado');
  });

  it('publishes each post once at its time, and the calendar turns it to Publicado with a link', async () => {
    for (const network of ['facebook', 'x', 'telegram'] as const) await chipsIn(network, 'publicado', 240_000);
    const facebookPages = await chip('facebook').count();
    expect((await feed('facebook')).map((post) => post.target.id).sort()).toHaveLength(facebookPages);
    expect(new Set((await feed('facebook')).map((post) => post.target.id)).size).toBe(facebookPages);
    expect(await feed('x')).toHaveLength(1);
    expect(await feed('telegram')).toHaveLength(1);

    const dialog = await openPost('x');
    const row = dialog.locator('li[data-network="x"][data-state="publicado"]');
    const [tweet] = await feed('x');
    // The link X's answer gives (x.com/<user>/status/<id>); the sandbox lists the same tweet.
    expect(await row.getByRole('link', { name: PUBLICATION_MSG.viewPost }).getAttribute('href')).toMatch(new RegExp(`^https://x\\.com/[\\w/]+/status/${tweet?.id}$`));
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The sandbox's own feed page ("Red de pruebas") lists it once.
    const feedPage = await page.context().newPage();
    await feedPage.goto(`${twin.sandboxUrl}/telegram/feed`);
    expect(await feedPage.getByText('Red de pruebas').count()).toBeGreaterThan(0);
    expect(await feedPage.getByText(texts.get('telegram') ?? '-').count()).toBe(1);
    await feedPage.close();
  }, 360_000);

  it('shows the revoked network as Error with "Reconecta LinkedIn"; Reintentar after reconnecting publishes once', async () => {
    await chipsIn('linkedin', 'error', 120_000);
    expect(await feed('linkedin')).toHaveLength(0);
    let dialog = await openPost('linkedin');
    const failed = dialog.locator('li[data-network="linkedin"][data-state="error"]');
    expect(await failed.getByRole('link', { name: PUBLICATION_MSG.reconnect('linkedin') }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await connectNetwork(twin, owner, 'linkedin');
    dialog = await openPost('linkedin');
    await dialog.locator('li[data-network="linkedin"]').getByRole('button', { name: PUBLICATION_MSG.retry }).click();
    await dialog.locator('li[data-network="linkedin"][data-state="publicado"]').waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await feed('linkedin')).length, { timeout: 10_000 }).toBe(1);
    // Nothing more arrives later (a duplicate delivery, the sweep).
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await feed('linkedin')).toHaveLength(1);
  }, 240_000);
});
