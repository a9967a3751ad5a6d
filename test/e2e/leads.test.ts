/**
 * End to end in Chromium against the twin: Gestión de Leads (spec 2 'leads'; issue 6 item 2).
 * With leads seeded as the widget stores them, the owner opens 'Leads' and sees the real table
 * (Nombre, Contacto, Fuente, Origen, Estado, Acciones) and the count of Nuevo leads; moves a lead to
 * Contactado (kept after a reload); reads a transcript in the modal; searches (accents ignored)
 * and filters by status; exports CSV (the downloaded file: BOM, header, the rows shown); sees a
 * lead captured meanwhile as soon as the window regains focus; deletes a lead after confirming.
 */
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LEADS_MSG, MSG } from '@director-ia/shared';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { leadSeeder } from '../support/leads';

const twin = inject('twin');

let browser: Browser;
let page: Page;
let owner: TestUser;
let seedLead: Awaited<ReturnType<typeof leadSeeder>>;

const table = () => page.getByRole('table', { name: 'Leads' });
const rows = () => table().locator('tbody tr');
const rowNames = () => rows().locator('td:first-child > span').allTextContents();
const searchBox = () => page.getByRole('searchbox', { name: 'Buscar leads' });
const statusFilter = () => page.getByRole('combobox', { name: 'Filtrar por estado' });
const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

async function openLeads(): Promise<void> {
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Leads', exact: true }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Gestión de Leads' }).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  seedLead = await leadSeeder(twin);
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'leads-e2e');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  await seedLead(owner.sub, { name: 'Marta Ibáñez', contact: 'marta@correo.es', status: 'Interesado', ago: 50_000, messages: [['visitor', '¿Tenéis tartas sin gluten?'], ['assistant', 'Sí, por encargo.']] });
  await seedLead(owner.sub, { name: 'Lucía Martín', contact: '+34 600 123 456', contactType: 'phone', ago: 30_000, messages: [['visitor', 'Quiero un presupuesto']] });
  await seedLead(owner.sub, {
    name: 'José Pérez',
    contact: 'jose.perez@correo.es',
    ago: 20_000,
    messages: [
      ['visitor', 'Hola, ¿hacéis envíos a Sevilla?'],
      ['assistant', 'Sí, enviamos a toda España en 48 h.'],
      ['visitor', 'Me llamo José, escribidme a jose.perez@correo.es'],
    ],
  });

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto(twin.url);
  await signInWithForm(page, owner);
  await openLeads();
});

afterAll(async () => {
  await browser?.close();
});

describe('Gestión de Leads in the browser', () => {
  it('shows the real table with the spec columns, newest first, and the Nuevo count', async () => {
    await rows().first().waitFor({ timeout: 15_000 });
    expect(await table().locator('thead th').allTextContents()).toEqual(['Nombre', 'Contacto', 'Fuente', 'Origen', 'Estado', 'Acciones']);
    expect(await rowNames()).toEqual(['José Pérez', 'Lucía Martín', 'Marta Ibáñez']);
    const jose = rows().filter({ hasText: 'José Pérez' });
    expect(await jose.getByRole('link', { name: 'jose.perez@correo.es' }).getAttribute('href')).toBe('mailto:jose.perez@correo.es');
    expect(await jose.getByText('Widget web').isVisible()).toBe(true);
    expect(await page.getByLabel('Estado de José Pérez').inputValue()).toBe('Nuevo');
    expect(await page.getByTestId('new-leads').textContent()).toBe('2 leads nuevos');
  });

  it('moves a lead to Contactado, and it stays so after a reload', async () => {
    await page.getByLabel('Estado de Lucía Martín').selectOption('Contactado');
    await toast(LEADS_MSG.statusSaved('Lucía Martín', 'Contactado')).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('new-leads').textContent()).toBe('1 lead nuevo');
    await page.reload();
    await page.getByRole('heading', { name: 'Gestión de Leads' }).waitFor({ timeout: 30_000 });
    await rows().first().waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Estado de Lucía Martín').inputValue()).toBe('Contactado');
    expect(await page.getByTestId('new-leads').textContent()).toBe('1 lead nuevo');
  });

  it('reads the transcript of a lead in a modal', async () => {
    await page.getByRole('button', { name: 'Ver conversación de José Pérez' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conversación con José Pérez' });
    const lines = dialog.getByRole('list', { name: 'Transcripción' }).getByRole('listitem');
    await lines.first().waitFor({ timeout: 15_000 });
    const texts = await lines.locator('p').allTextContents();
    expect(texts).toEqual(['Hola, ¿hacéis envíos a Sevilla?', 'Sí, enviamos a toda España en 48 h.', 'Me llamo José, escribidme a jose.perez@correo.es']);
    expect(await lines.first().textContent()).toContain('Visitante');
    expect(await lines.nth(1).textContent()).toContain('Asistente');
    expect(await dialog.getByText('Acepto que Marca de prueba guarde mi nombre', { exact: false }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: MSG.close }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('searches by name (accents ignored) and contact, and filters by status', async () => {
    await searchBox().fill('jose perez');
    await expect.poll(rowNames).toEqual(['José Pérez']);
    await searchBox().fill('600 123');
    await expect.poll(rowNames).toEqual(['Lucía Martín']);
    await searchBox().fill('nadie');
    await page.getByText(LEADS_MSG.noMatches).waitFor();
    await searchBox().fill('');
    await statusFilter().selectOption('Interesado');
    await expect.poll(rowNames).toEqual(['Marta Ibáñez']);
    await statusFilter().selectOption('');
    await expect.poll(rowNames).toEqual(['José Pérez', 'Lucía Martín', 'Marta Ibáñez']);
  });

  it('exports the rows shown as a UTF-8 CSV with BOM, and says which rows it exports', async () => {
    expect(await page.getByText('Exporta todos los leads (3)').isVisible()).toBe(true);
    await statusFilter().selectOption('Nuevo');
    await expect.poll(rowNames).toEqual(['José Pérez']);
    expect(await page.getByText('Exporta el lead mostrado (búsqueda y filtro aplicados)').isVisible()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('Nombre,Contacto,Fuente,Origen,Estado,Fecha');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^José Pérez,jose\.perez@correo\.es,Widget web,,Nuevo,\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await toast(LEADS_MSG.csvExported(1)).waitFor();
    await statusFilter().selectOption('');
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    const allLines = (await readFile(await all.path())).toString('utf8').slice(1).trim().split('\r\n');
    expect(allLines.slice(1).map((line) => line.split(',')[0])).toEqual(['José Pérez', 'Lucía Martín', 'Marta Ibáñez']);
    expect(allLines[2]).toContain(`"'+34 600 123 456",Widget web,,Contactado`);
  });

  it('shows a lead captured meanwhile as soon as the window regains focus', async () => {
    await seedLead(owner.sub, { name: 'Nuevo Visitante', contact: 'nuevo@correo.es', ago: 0, messages: [['visitor', 'Hola']] });
    // What the browser fires when the owner comes back to the tab (it bubbles from document to window).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect.poll(rowNames, { timeout: 5_000 }).toEqual(['Nuevo Visitante', 'José Pérez', 'Lucía Martín', 'Marta Ibáñez']);
    expect(await page.getByTestId('new-leads').textContent()).toBe('2 leads nuevos');
  });

  it('deletes a lead after confirming, with its conversation', async () => {
    await page.getByRole('button', { name: 'Eliminar lead Marta Ibáñez' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar lead' });
    await dialog.getByText('También se borrarán sus conversaciones y mensajes', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await toast(LEADS_MSG.leadDeleted).waitFor({ timeout: 15_000 });
    await expect.poll(rowNames).toEqual(['Nuevo Visitante', 'José Pérez', 'Lucía Martín']);
    await page.reload();
    await rows().first().waitFor({ timeout: 30_000 });
    expect(await rowNames()).toEqual(['Nuevo Visitante', 'José Pérez', 'Lucía Martín']);
  });
});
