/**
 * End to end in Chromium against the twin: the Base de Aprendizaje (spec 2 'aprendizaje', issue 3
 * item 4). An approved owner uploads a real PDF and a DOCX through the page's file input (presigned
 * POST straight to s3rver, with the progress bar), watches each go from 'procesando' to 'listo',
 * sees name and size in KB with one decimal, gets a clear message for a file of the wrong type or
 * too large (refused before any upload URL is requested), drops files on the upload area (only
 * the first is taken), and deletes a document with confirmation.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatKb, MSG, UPLOAD_MSG } from '@director-ia/shared';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { withFileOnDisk } from '../support/temp-file';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { makeDocx, makePdf, SPANISH_DOCS } from '../support/knowledge-fixtures';

const twin = inject('twin');
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let browser: Browser;
let page: Page;
let owner: TestUser;
let pdf: Buffer;
let docx: Buffer;
/** solicitarSubida calls the page made. */
let uploadRequests = 0;

const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
const list = () => page.getByRole('list', { name: 'Documentos de la base de conocimiento' });
const row = (name: string) => list().getByRole('listitem').filter({ hasText: name });
const fileInput = () => page.locator('input[type="file"]');

/** Closes every open toast (spec 2: toasts close on their close button). */
async function dismissToasts(): Promise<void> {
  // A toast may leave on its own (4000 ms) between finding and clicking it.
  for (const button of await page.getByRole('button', { name: `${MSG.close} notificación` }).all()) await button.click({ timeout: 1000 }).catch(() => undefined);
  await expect.poll(() => page.getByRole('button', { name: `${MSG.close} notificación` }).count(), { timeout: 6000 }).toBe(0);
}

/** Every status each document row has shown (and whether the progress bar showed), recorded in the page as it renders. */
async function watchStatuses(): Promise<void> {
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {};
    const w = window as unknown as { seenStatuses: typeof seen; sawProgressBar: boolean };
    w.seenStatuses = seen;
    w.sawProgressBar = false;
    const record = () => {
      if (document.querySelector('[role="progressbar"]')) w.sawProgressBar = true;
      for (const item of document.querySelectorAll<HTMLElement>('li[data-doc-id]')) {
        const name = item.querySelector('span[class*="name"]')?.textContent ?? '';
        const status = item.dataset.status ?? '';
        const statuses = (seen[name] ??= []);
        if (statuses.at(-1) !== status) statuses.push(status);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });
}

const seenStatuses = (name: string) => page.evaluate((n) => (window as unknown as { seenStatuses: Record<string, string[]> }).seenStatuses[n] ?? [], name);

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'kb-e2e');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  pdf = Buffer.from(await makePdf([SPANISH_DOCS.panaderia.paragraphs.slice(0, 2), SPANISH_DOCS.panaderia.paragraphs.slice(2)]));
  docx = Buffer.from(await makeDocx([...SPANISH_DOCS.taller.paragraphs]));

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  page.on('request', (request) => {
    if (request.url().endsWith('/api/solicitarSubida')) uploadRequests++;
  });
  await page.goto(twin.url);
  await signInWithForm(page, owner);
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Base de Aprendizaje' }).click({ timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
});

describe('Base de Aprendizaje in the browser', () => {
  it('shows the title, the upload area with its hint and the empty message', async () => {
    await page.getByRole('heading', { name: 'Base de Aprendizaje de la IA' }).waitFor();
    await page.getByText(UPLOAD_MSG.noDocuments, { exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.getByText(/PDF, TXT, DOCX/).isVisible()).toBe(true);
    expect(await page.getByText('Subir documento').isVisible()).toBe(true);
  });

  it('refuses a file of the wrong type before asking for an upload URL', async () => {
    await fileInput().setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
    await toast(UPLOAD_MSG.wrongType('PDF, TXT, DOCX')).waitFor();
    expect(uploadRequests).toBe(0);
    expect(await page.getByText(UPLOAD_MSG.noDocuments, { exact: true }).isVisible()).toBe(true);
  });

  it('refuses a file over 10 MB before asking for an upload URL', async () => {
    await withFileOnDisk('enorme.pdf', Buffer.alloc(10 * 1024 * 1024 + 1, 0x20), async (file) => {
      await fileInput().setInputFiles(file);
      await toast(UPLOAD_MSG.tooLarge(10)).waitFor();
    });
    expect(uploadRequests).toBe(0);
  });

  it.each([
    ['PDF', SPANISH_DOCS.panaderia.name, 'application/pdf', () => pdf],
    ['DOCX', SPANISH_DOCS.taller.name, DOCX_TYPE, () => docx],
  ])('uploads a %s through the file input and watches it go from procesando to listo', async (_label, name, mimeType, bytes) => {
    await dismissToasts();
    await watchStatuses();
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/uploads') && r.status() < 300, { timeout: 15_000 });
    await fileInput().setInputFiles({ name, mimeType, buffer: bytes() });
    await posted;
    await toast(UPLOAD_MSG.documentUploaded).waitFor({ timeout: 15_000 });
    const item = row(name);
    await item.getByText('Listo', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await seenStatuses(name)).toEqual(['procesando', 'listo']);
    expect(await page.evaluate(() => (window as unknown as { sawProgressBar: boolean }).sawProgressBar)).toBe(true);
    expect(await item.getByText(formatKb(bytes().byteLength), { exact: false }).isVisible()).toBe(true);
    expect(await item.getByText(/\d+ fragmentos?/).isVisible()).toBe(true);
  });

  it('takes only the first of several files dropped on the upload area', async () => {
    await dismissToasts();
    const before = uploadRequests;
    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['Notas de la tienda: envíos en 24 horas a toda España.'], 'notas-envíos.txt', { type: 'text/plain' }));
      dt.items.add(new File(['Segundo archivo que no se sube.'], 'segundo.txt', { type: 'text/plain' }));
      return dt;
    });
    await page.getByText('Subir documento').dispatchEvent('drop', { dataTransfer });
    await toast(UPLOAD_MSG.documentUploaded).waitFor({ timeout: 15_000 });
    await row('notas-envíos.txt').getByText('Listo', { exact: true }).waitFor({ timeout: 30_000 });
    expect(uploadRequests - before).toBe(1);
    expect(await row('segundo.txt').count()).toBe(0);
    await row('notas-envíos.txt').getByRole('button', { name: 'Eliminar notas-envíos.txt' }).click();
    await page.getByRole('dialog', { name: 'Eliminar documento' }).getByRole('button', { name: 'Eliminar', exact: true }).click();
    await expect.poll(() => row('notas-envíos.txt').count(), { timeout: 15_000 }).toBe(0);
  });

  it('lists the newest first and keeps them across a reload', async () => {
    await page.reload();
    await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Base de Aprendizaje' }).click({ timeout: 30_000 });
    await row(SPANISH_DOCS.taller.name).waitFor({ timeout: 15_000 });
    const names = await list().getByRole('listitem').evaluateAll((items) => items.map((li) => li.querySelector('span[class*="name"]')?.textContent));
    expect(names).toEqual([SPANISH_DOCS.taller.name, SPANISH_DOCS.panaderia.name]);
  });

  it('deletes a document after confirming, and it stays gone', async () => {
    const name = SPANISH_DOCS.panaderia.name;
    await row(name).getByRole('button', { name: `Eliminar ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar documento' });
    await dialog.waitFor();
    // Cancel first: nothing happens.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await row(name).count()).toBe(1);

    await row(name).getByRole('button', { name: `Eliminar ${name}` }).click();
    await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await toast(UPLOAD_MSG.documentDeleted).waitFor({ timeout: 15_000 });
    await expect.poll(() => row(name).count(), { timeout: 15_000 }).toBe(0);
    expect(await row(SPANISH_DOCS.taller.name).count()).toBe(1);

    const { documents } = await callOk<{ documents: { name: string }[] }>(twin, 'listarDocumentos', null, owner.accessToken);
    expect(documents.map((d) => d.name)).toEqual([SPANISH_DOCS.taller.name]);
  });
});
