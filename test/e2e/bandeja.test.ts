/**
 * End to end in Chromium against the twin and its "Red de pruebas": Bandeja (issue 14 "Done when",
 * browser). The owner's brand has a knowledge document with its opening hours and Instagram
 * connected (through the API: test/e2e/redes.test.ts connects in the browser). A customer writes
 * from the sandbox's own "as a customer" page (`/instagram/inbox`), which delivers Meta's signed
 * webhook to the stack:
 * - asking the opening hours gets an automatic answer quoting the document, shown in the sandbox
 *   thread and in Bandeja (marked IA, labelled offline: the twin has no model);
 * - "me interesa, soy Ana, ana@example.com" creates a lead with source Instagram;
 * - after the owner switches Instagram to "Sugerir" in the rules dialog, a reply waits in Bandeja
 *   as a suggestion and reaches the customer once, when approved.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INBOX_MSG } from '@director-ia/shared';
import { META_PAGES } from '../../infra/local/social-sandbox/accounts';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { signInAdmin, type TestUser } from '../support/cognito';
import { makePdf, SPANISH_DOCS } from '../support/knowledge-fixtures';
import { connectNetwork } from '../support/social';
import { approvedBrand, uploadKnowledge } from '../support/widget';

const twin = inject('twin');
const IG_ID = META_PAGES[0]?.instagram?.id ?? '';

let browser: Browser;
let page: Page;
let customerPage: Page;
let owner: TestUser;

interface SandboxThread {
  customer: { name: string };
  messages: { from: 'customer' | 'brand'; text: string }[];
}

async function brandReplies(customer: string): Promise<string[]> {
  const response = await fetch(`${twin.sandboxUrl}/__sandbox/threads?network=instagram`);
  const { threads } = (await response.json()) as { threads: SandboxThread[] };
  return threads.filter((thread) => thread.customer.name === customer).flatMap((thread) => thread.messages.filter((m) => m.from === 'brand').map((m) => m.text));
}

/** Writes to the brand's Instagram account from the sandbox's "as a customer" page. */
async function writeAsCustomer(name: string, text: string): Promise<void> {
  await customerPage.goto(`${twin.sandboxUrl}/instagram/inbox`);
  await customerPage.getByLabel('Cuenta').selectOption(IG_ID);
  await customerPage.getByLabel('Tu nombre (cliente)').fill(name);
  await customerPage.getByLabel('Mensaje', { exact: true }).fill(text);
  await customerPage.getByRole('button', { name: 'Enviar' }).click();
  await customerPage.waitForLoadState('load');
}

const conversationList = () => page.getByRole('list', { name: 'Conversaciones' });
const conversationRow = (name: string) => conversationList().getByRole('button').filter({ hasText: name });

async function openPage(label: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: label, exact: true }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 15_000 });
}

/** Opens `name`'s conversation in Bandeja once it is listed (the list re-reads itself every 10 s). */
async function openConversation(name: string) {
  await conversationRow(name).first().waitFor({ timeout: 30_000 });
  await conversationRow(name).first().click();
  const thread = page.getByRole('region', { name: `Conversación con ${name}` });
  await thread.waitFor({ timeout: 15_000 });
  return thread;
}

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await approvedBrand(twin, admin, 'bandeja-e2e', { brandName: 'Panadería Ñandú' });
  await uploadKnowledge(twin, owner, { name: SPANISH_DOCS.panaderia.name, type: 'application/pdf', bytes: await makePdf([[...SPANISH_DOCS.panaderia.paragraphs]]) });
  await connectNetwork(twin, owner, 'instagram');
  const { rules } = await callOk<{ rules: { modes: Record<string, string> } }>(twin, 'obtenerReglasBandeja', null, owner.accessToken);
  await callOk(twin, 'guardarReglasBandeja', { rules: { ...rules, modes: { ...rules.modes, instagram: 'automatic' } } }, owner.accessToken);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  // The customer writes from their own browser.
  customerPage = await (await browser.newContext({ viewport: { width: 900, height: 900 } })).newPage();
  await page.goto(twin.url);
  await signInWithForm(page, owner);
  await openPage('Bandeja', INBOX_MSG.title);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('Bandeja in the browser', () => {
  it('a DM asking the opening hours gets an automatic answer from the knowledge document', async () => {
    await writeAsCustomer('Lucía Cliente', '¿Cuál es vuestro horario de atención?');
    await expect.poll(() => brandReplies('Lucía Cliente'), { timeout: 30_000 }).toHaveLength(1);
    expect((await brandReplies('Lucía Cliente'))[0]).toContain('de lunes a sábado de 7:00 a 14:00');
    // The customer's thread on the sandbox page shows the reply too.
    await customerPage.reload();
    expect(await customerPage.getByText('de lunes a sábado de 7:00 a 14:00').count()).toBeGreaterThan(0);

    const thread = await openConversation('Lucía Cliente');
    const ai = thread.locator('li[data-author="ai"][data-state="enviada"]');
    await ai.waitFor({ timeout: 15_000 });
    expect(await ai.textContent()).toContain('de lunes a sábado de 7:00 a 14:00');
    expect(await ai.getByText(INBOX_MSG.offlineLabel).count()).toBe(1);
    expect(await conversationRow('Lucía Cliente').getByText('Instagram').count()).toBeGreaterThan(0);
  });

  it('"me interesa, soy Ana, ana@example.com" creates a lead with source Instagram', async () => {
    await writeAsCustomer('ana_cliente', 'Me interesa, soy Ana, ana@example.com');
    await expect.poll(() => brandReplies('ana_cliente'), { timeout: 30_000 }).toHaveLength(1);
    await openPage('Leads', 'Gestión de Leads');
    const row = page.getByRole('table', { name: 'Leads' }).locator('tbody tr').filter({ hasText: 'ana@example.com' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('td').first().textContent()).toContain('Ana');
    expect(await row.getByText('Instagram').count()).toBe(1);
    await row.getByRole('button', { name: /Ver en Bandeja/ }).click();
    await page.getByRole('region', { name: /Conversación con / }).waitFor({ timeout: 15_000 });
  });

  it('in suggest mode, the reply waits in Bandeja and reaches the customer once, when approved', async () => {
    await page.getByRole('button', { name: 'Reglas de respuesta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reglas de respuesta' });
    await dialog.getByLabel('Modo de Instagram').selectOption('suggest');
    await dialog.getByRole('button', { name: 'Guardar reglas' }).click();
    await page.getByRole('status').filter({ hasText: INBOX_MSG.rulesSaved }).waitFor({ timeout: 15_000 });

    await writeAsCustomer('Pablo Sugerencia', '¿Cuál es vuestro horario de atención?');
    const thread = await openConversation('Pablo Sugerencia');
    const suggestion = thread.locator('li[data-author="ai"][data-state="sugerida"]');
    await suggestion.waitFor({ timeout: 30_000 });
    expect(await brandReplies('Pablo Sugerencia')).toHaveLength(0);
    await suggestion.getByLabel('Respuesta sugerida').fill('¡Hola Pablo! Abrimos de lunes a sábado de 7:00 a 14:00.');
    await suggestion.getByRole('button', { name: 'Aprobar y enviar' }).click();
    await thread.locator('li[data-author="ai"][data-state="enviada"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => brandReplies('Pablo Sugerencia'), { timeout: 15_000 }).toEqual(['¡Hola Pablo! Abrimos de lunes a sábado de 7:00 a 14:00.']);
    // Nothing more goes out later (a second click, a duplicate event, the sweep).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await brandReplies('Pablo Sugerencia')).toHaveLength(1);
  });
});
