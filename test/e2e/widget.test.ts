/**
 * End to end in Chromium: the website chat widget (issue 6 item 1, "Done when"). A test page on
 * another origin (a node:http server on a free port) embeds the Widgets snippet the dashboard
 * hands out (`<iframe src="{twin}/widget/{uid}">`, 350x500, fixed bottom-right at 20px). The
 * visitor sees the brand, asks about something in the uploaded PDF and gets an answer drawn from
 * it (labelled offline: the twin has no model), shows interest, gets the contact form, cannot send
 * it before ticking the consent line that names the brand, leaves a name and an email, and sees
 * the confirmation; the owner then has the lead, with the transcript, and in the dashboard moves
 * it to Contactado, reads the transcript and exports it as CSV. Also: the "no disponible"
 * page, the length counter, a 429 shown in Spanish, and no bearer token on widget requests even
 * when the owner is signed in on the same origin.
 */
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LEADS_MSG, MSG, WIDGET_FRAME, WIDGET_LIMITS, WIDGET_MSG, widgetConsentText, type CallableOutput, type Lead } from '@director-ia/shared';
import { widgetSnippet } from '../../web/src/features/tools/links';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveOtherSite, signInWithForm } from '../support/browser';
import { signInAdmin, type TestUser } from '../support/cognito';
import { makePdf, SPANISH_DOCS } from '../support/knowledge-fixtures';
import { approvedBrand, uploadKnowledge } from '../support/widget';

const twin = inject('twin');
const BRAND = 'Panadería Ñandú';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let site: Awaited<ReturnType<typeof serveOtherSite>>;
let siteUrl: string;
let owner: TestUser;
let widget: FrameLocator;
/** Authorization headers seen on widget function requests. */
const widgetAuthHeaders: (string | undefined)[] = [];

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await approvedBrand(twin, admin, 'w-e2e', { brandName: BRAND, brandPersonality: 'Cercana y familiar' });
  await uploadKnowledge(twin, owner, { name: SPANISH_DOCS.panaderia.name, type: 'application/pdf', bytes: await makePdf([[...SPANISH_DOCS.panaderia.paragraphs]]) });

  // The owner's website: another origin that embeds the snippet of the Widgets modal.
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Panadería Ñandú</title></head>
<body><h1>Bienvenidos a la Panadería Ñandú</h1><p>Pan de masa madre cada mañana.</p>${widgetSnippet(twin.url, owner.sub)}</body></html>`;
  site = await serveOtherSite(html);
  siteUrl = site.url;

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.on('request', (request) => {
    if (/\/api\/(obtenerWidget|enviarMensajeWidget|registrarLeadWidget)$/.test(request.url())) widgetAuthHeaders.push(request.headers().authorization);
  });
  page = await context.newPage();
  widget = page.frameLocator('iframe[title="Chat"]');
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the widget embedded in another site', () => {
  it('loads in a 350x500 frame fixed bottom-right at 20px, with the brand and its greeting', async () => {
    await page.goto(siteUrl);
    expect(new URL(siteUrl).origin).not.toBe(new URL(twin.url).origin);
    await widget.getByRole('heading', { name: BRAND }).waitFor({ timeout: 30_000 });
    await widget.getByText(WIDGET_MSG.greeting(BRAND)).waitFor();
    const box = await page.locator('iframe[title="Chat"]').boundingBox();
    expect(box).toMatchObject({ width: WIDGET_FRAME.width, height: WIDGET_FRAME.height });
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBe(1280 - WIDGET_FRAME.offsetPx);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(800 - WIDGET_FRAME.offsetPx);
  });

  it('counts characters as the visitor types', async () => {
    const input = widget.getByLabel(WIDGET_MSG.inputLabel);
    await widget.getByText(`0/${WIDGET_LIMITS.maxMessageLength}`).waitFor();
    await input.fill('¿Hacéis tartas de cumpleaños?');
    await widget.getByText(`29/${WIDGET_LIMITS.maxMessageLength}`).waitFor();
    expect(await input.getAttribute('maxlength')).toBe(String(WIDGET_LIMITS.maxMessageLength));
  });

  it('answers from the uploaded document, showing the typing state, labelled offline', async () => {
    const frame = page.frames().find((f) => f.url().includes('/widget/'));
    await frame?.evaluate(() => {
      const w = window as unknown as { sawTyping: boolean };
      w.sawTyping = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Escribiendo')) w.sawTyping = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await widget.getByRole('button', { name: WIDGET_MSG.send }).click();
    const log = widget.getByRole('log', { name: 'Conversación' });
    await log.getByText('¿Hacéis tartas de cumpleaños?').waitFor();
    await log.getByText(/tartas de cumpleaños por encargo/).waitFor({ timeout: 30_000 });
    await log.getByText(WIDGET_MSG.offlineLabel).waitFor();
    expect(await frame?.evaluate(() => (window as unknown as { sawTyping: boolean }).sawTyping)).toBe(true);
    expect(await widget.getByLabel(WIDGET_MSG.inputLabel).inputValue()).toBe('');
  });

  it('on interest it offers the contact form; sending needs the consent line that names the brand', async () => {
    const input = widget.getByLabel(WIDGET_MSG.inputLabel);
    await input.fill('Quiero encargar una tarta de cumpleaños, ¿cuánto cuesta?');
    await input.press('Enter');
    await widget.getByRole('heading', { name: WIDGET_MSG.contactTitle }).waitFor({ timeout: 30_000 });
    const submit = widget.getByRole('button', { name: WIDGET_MSG.submitContact });
    expect(await submit.isDisabled()).toBe(true);
    await widget.getByLabel(WIDGET_MSG.nameLabel, { exact: true }).fill('Lucía Pérez');
    await widget.getByLabel(WIDGET_MSG.contactLabel, { exact: true }).fill('lucia.perez@example.com');
    expect(await submit.isDisabled()).toBe(true);
    const consent = widget.getByRole('checkbox', { name: widgetConsentText(BRAND) });
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await widget.getByText(WIDGET_MSG.leadSaved(BRAND)).waitFor({ timeout: 30_000 });
    expect(await widget.getByRole('heading', { name: WIDGET_MSG.contactTitle }).count()).toBe(0);
  });

  it('the owner has the lead, with the consent sentence and the transcript', async () => {
    const { leads } = await callOk<{ leads: Lead[] }>(twin, 'listarLeads', null, owner.accessToken);
    expect(leads).toHaveLength(1);
    const [lead] = leads as [Lead];
    expect(lead).toMatchObject({ name: 'Lucía Pérez', contact: 'lucia.perez@example.com', contactType: 'email', source: 'widget', status: 'Nuevo', consentText: widgetConsentText(BRAND) });
    const transcript = await callOk<CallableOutput<'obtenerConversacion'>>(twin, 'obtenerConversacion', { leadId: lead.id }, owner.accessToken);
    expect(transcript.messages.map((m) => m.role)).toEqual(['visitor', 'assistant', 'visitor', 'assistant']);
    expect(transcript.messages[0]?.text).toBe('¿Hacéis tartas de cumpleaños?');
    expect(transcript.messages[1]?.text).toMatch(/tartas de cumpleaños por encargo/);
  });

  it('the owner handles it in Gestión de Leads: Contactado, transcript, CSV', async () => {
    const dashboard = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    try {
      const ownerPage = await dashboard.newPage();
      await ownerPage.goto(twin.url);
      await signInWithForm(ownerPage, owner);
      await ownerPage.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Leads', exact: true }).click({ timeout: 30_000 });
      const row = ownerPage.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: 'Lucía Pérez' });
      await row.waitFor({ timeout: 15_000 });
      expect(await row.getByText('Widget web').isVisible()).toBe(true);

      await ownerPage.getByLabel('Estado de Lucía Pérez').selectOption('Contactado');
      await ownerPage.getByRole('status').filter({ hasText: LEADS_MSG.statusSaved('Lucía Pérez', 'Contactado') }).waitFor({ timeout: 15_000 });

      await ownerPage.getByRole('button', { name: 'Ver conversación de Lucía Pérez' }).click();
      const dialog = ownerPage.getByRole('dialog', { name: 'Conversación con Lucía Pérez' });
      const lines = dialog.getByRole('list', { name: 'Transcripción' }).getByRole('listitem');
      await lines.first().waitFor({ timeout: 15_000 });
      expect(await lines.first().locator('p').textContent()).toBe('¿Hacéis tartas de cumpleaños?');
      await dialog.getByRole('button', { name: MSG.close }).first().click();

      const [download] = await Promise.all([ownerPage.waitForEvent('download'), ownerPage.getByRole('button', { name: 'Exportar CSV' }).click()]);
      const csv = (await readFile(await download.path())).toString('utf8');
      expect(csv).toContain('Lucía Pérez');
      expect(csv).toContain('lucia.perez@example.com');
      expect(csv).toContain('Contactado');
    } finally {
      await dashboard.close();
    }
  });

  it('sent no bearer token', () => {
    expect(widgetAuthHeaders.length).toBeGreaterThanOrEqual(4);
    expect(widgetAuthHeaders.filter(Boolean)).toEqual([]);
  });
});

describe('the widget page itself', () => {
  it('shows the polite "no disponible" page for an unknown brand or a missing uid', async () => {
    for (const path of ['/widget/00000000-0000-4000-8000-00000000dead', '/widget/', '/widget/user%23x']) {
      await page.goto(`${twin.url}${path}`);
      await page.getByRole('heading', { name: WIDGET_MSG.notAvailableTitle }).waitFor({ timeout: 30_000 });
      await page.getByText(WIDGET_MSG.notAvailable).waitFor();
    }
  });

  it('sends no token even with the owner signed in on the same origin, and shows a 429 in Spanish', async () => {
    await page.goto(twin.url);
    await signInWithForm(page, owner);
    await page.getByRole('navigation', { name: 'Secciones' }).waitFor({ timeout: 30_000 });
    widgetAuthHeaders.length = 0;

    await page.goto(`${twin.url}/widget/${owner.sub}`);
    await page.getByRole('heading', { name: BRAND }).waitFor({ timeout: 30_000 });
    await page.route('**/api/enviarMensajeWidget', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: { status: 'RESOURCE_EXHAUSTED', message: WIDGET_MSG.ipRateLimited } }) }),
    );
    await page.getByLabel(WIDGET_MSG.inputLabel).fill('¿Abrís los domingos?');
    await page.getByRole('button', { name: WIDGET_MSG.send }).click();
    await page.getByRole('alert').filter({ hasText: WIDGET_MSG.ipRateLimited }).waitFor({ timeout: 15_000 });
    // A limit suggests leaving contact details: the form opens.
    await page.getByRole('heading', { name: WIDGET_MSG.contactTitle }).waitFor();
    await page.unroute('**/api/enviarMensajeWidget');
    expect(widgetAuthHeaders.length).toBeGreaterThanOrEqual(2);
    expect(widgetAuthHeaders.filter(Boolean)).toEqual([]);
  });
});
