/**
 * End to end in Chromium against the twin: the Taller IA image tab and gallery (spec 2 'taller',
 * 4 busy flags, 5, 7, 8; issue 4 items 1, 5, 6). An approved owner sees the tabs; 'Generar Imagen'
 * is disabled with the spec's message while the prompt is empty and while a generation runs; an
 * image is generated without and then with an inspiration image (picked, previewed, removed and
 * picked again; the payload carries the data URL's part after the comma), and shows in the result
 * panel marked as offline; a non-image is refused before anything is sent; both images are in the
 * gallery after a reload, with type, prompt, date and a download link; one is deleted after
 * confirming; once the daily quota (the test twin's DAILY_GENERATION_QUOTA) is used up, the error
 * reads 'Error de la IA: ...' with our own error image in the result panel.
 */
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG, TALLER_MSG, type Asset } from '@director-ia/shared';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { solidPng, TEST_DAILY_GENERATION_QUOTA } from '../support/generation';

const twin = inject('twin');

const PROMPT_PLAIN = 'Un escaparate de panadería con pan dorado y flores rojas';
const PROMPT_INSPIRED = 'La misma panadería en tonos azules, estilo acuarela';
const inspiration = solidPng([30, 90, 220], 48);

let browser: Browser;
let page: Page;
let owner: TestUser;
/** generarImagen requests the page made. */
const generateRequests: Request[] = [];

const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const imagePanel = () => page.getByRole('tabpanel', { name: 'Edición de Imagen' });
const galleryPanel = () => page.getByRole('tabpanel', { name: 'Galería' });
const promptField = () => imagePanel().getByLabel('Instrucción', { exact: true });
const generateButton = () => imagePanel().getByRole('button', { name: 'Generar Imagen' });
const inspirationInput = () => imagePanel().locator('input[type="file"]');
const result = () => imagePanel().getByRole('region', { name: 'Resultado' });
const cards = () => galleryPanel().getByRole('list', { name: 'Recursos generados' }).getByRole('listitem');

async function dismissToasts(): Promise<void> {
  for (const button of await page.getByRole('button', { name: `${MSG.close} notificación` }).all()) await button.click({ timeout: 1000 }).catch(() => undefined);
  await expect.poll(() => page.getByRole('button', { name: `${MSG.close} notificación` }).count(), { timeout: 6000 }).toBe(0);
}

/** Whether an <img> finished loading a real picture. */
const loaded = (selector: ReturnType<Page['locator']>) => selector.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

async function openTaller(): Promise<void> {
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Taller IA' }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Taller / Laboratorio IA' }).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'taller-e2e');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('request', (request) => {
    if (request.url().endsWith('/api/generarImagen')) generateRequests.push(request);
  });
  await page.goto(twin.url);
  await signInWithForm(page, owner);
  await openTaller();
});

afterAll(async () => {
  await browser?.close();
});

describe('Taller IA in the browser', () => {
  it('has the five tabs; the identity lab shows its cards', async () => {
    const names = await page.getByRole('tablist', { name: 'Secciones del taller' }).getByRole('tab').allTextContents();
    expect(names).toEqual(['Edición de Imagen', 'Laboratorio de Identidad', 'Estudio en Directo', 'Vídeo', 'Galería']);
    expect(await tab('Edición de Imagen').getAttribute('aria-selected')).toBe('true');
    await tab('Laboratorio de Identidad').click();
    await page.getByRole('tabpanel', { name: 'Laboratorio de Identidad' }).getByRole('form', { name: 'Avatar por descripción' }).waitFor();
    await tab('Edición de Imagen').click();
    await promptField().waitFor();
  });

  it('keeps Generar Imagen disabled with the spec message while the prompt is empty', async () => {
    expect(await generateButton().isDisabled()).toBe(true);
    expect(await imagePanel().getByText(TALLER_MSG.promptRequired, { exact: true }).isVisible()).toBe(true);
    await promptField().fill('   ');
    expect(await generateButton().isDisabled()).toBe(true);
    await promptField().fill('x');
    expect(await generateButton().isDisabled()).toBe(false);
    expect(await imagePanel().getByText(TALLER_MSG.promptRequired, { exact: true }).count()).toBe(0);
    await promptField().fill('');
    expect(await generateButton().isDisabled()).toBe(true);
    expect(generateRequests).toHaveLength(0);
  });

  it('generates without an inspiration image, disabled while busy, and shows it in the result panel as offline', async () => {
    // Hold the request a moment so the busy state is observable.
    await page.route('**/api/generarImagen', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await promptField().fill(PROMPT_PLAIN);
    await generateButton().click();
    const busyButton = imagePanel().getByRole('button', { name: MSG.processing });
    await busyButton.waitFor();
    expect(await busyButton.isDisabled()).toBe(true);
    await toast(TALLER_MSG.imageGenerated).waitFor({ timeout: 20_000 });
    await page.unroute('**/api/generarImagen');

    const image = result().getByRole('img', { name: `Imagen generada: ${PROMPT_PLAIN}` });
    await image.waitFor();
    await expect.poll(() => loaded(image), { timeout: 10_000 }).toBe(true);
    expect(await result().getByText(TALLER_MSG.offlineResult).isVisible()).toBe(true);
    expect(JSON.parse(generateRequests[0]?.postData() ?? '{}')).toEqual({ data: { prompt: PROMPT_PLAIN, imageBase64: null } });
  });

  it('refuses a file that is not an image before sending anything', async () => {
    await dismissToasts();
    const before = generateRequests.length;
    await inspirationInput().setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('Esto no es una imagen, aunque se llame foto.png') });
    await toast(TALLER_MSG.inspirationNotImage).waitFor();
    expect(await imagePanel().getByRole('img', { name: 'Imagen de inspiración' }).count()).toBe(0);
    expect(generateRequests.length).toBe(before);
  });

  it('generates with an inspiration image: preview, remove, pick again, and the base64 after the comma is sent', async () => {
    await dismissToasts();
    const file = { name: 'inspiracion.png', mimeType: 'image/png', buffer: inspiration };
    await inspirationInput().setInputFiles(file);
    const preview = imagePanel().getByRole('img', { name: 'Imagen de inspiración' });
    await preview.waitFor();
    expect(await loaded(preview)).toBe(true);
    await imagePanel().getByRole('button', { name: 'Quitar imagen de inspiración' }).click();
    expect(await preview.count()).toBe(0);
    await inspirationInput().setInputFiles(file);
    await preview.waitFor();

    await promptField().fill(PROMPT_INSPIRED);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/generarImagen'));
    await generateButton().click();
    expect(JSON.parse((await sent).postData() ?? '{}')).toEqual({ data: { prompt: PROMPT_INSPIRED, imageBase64: inspiration.toString('base64') } });
    await toast(TALLER_MSG.imageGenerated).waitFor({ timeout: 20_000 });
    const image = result().getByRole('img', { name: `Imagen generada: ${PROMPT_INSPIRED}` });
    await image.waitFor();
    await expect.poll(() => loaded(image), { timeout: 10_000 }).toBe(true);
  });

  it('lists both in the gallery after a reload, newest first, with type, prompt, date and download', async () => {
    await page.reload();
    await openTaller();
    await tab('Galería').click();
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(2);
    const prompts = await cards().evaluateAll((items) => items.map((li) => li.querySelector('p[title]')?.getAttribute('title')));
    expect(prompts).toEqual([PROMPT_INSPIRED, PROMPT_PLAIN]);
    for (const card of await cards().all()) {
      expect(await card.getByText('Imagen', { exact: true }).isVisible()).toBe(true);
      expect(await card.getByTitle(TALLER_MSG.offlineResult).textContent()).toBe('Sin conexión');
      expect(await card.locator('time').textContent()).toMatch(/\d{4}/);
      const image = card.getByRole('img');
      await expect.poll(() => loaded(image), { timeout: 10_000 }).toBe(true);
      const href = await card.getByRole('link', { name: /^Descargar imagen/ }).getAttribute('href');
      const download = await fetch(href ?? '');
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="imagen-[a-z0-9]{20}\.png"$/);
    }
    expect(await cards().first().getByText('Con imagen de inspiración').isVisible()).toBe(true);
  });

  it('deletes one after confirming (cancel first changes nothing), and it stays gone', async () => {
    const target = cards().filter({ hasText: PROMPT_PLAIN });
    await target.getByRole('button', { name: `Eliminar imagen: ${PROMPT_PLAIN}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar recurso' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await cards().count()).toBe(2);

    await target.getByRole('button', { name: `Eliminar imagen: ${PROMPT_PLAIN}` }).click();
    await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await toast(TALLER_MSG.assetDeleted).waitFor({ timeout: 15_000 });
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(1);
    const { assets } = await callOk<{ assets: Asset[] }>(twin, 'listarRecursos', null, owner.accessToken);
    expect(assets.map((a) => a.prompt)).toEqual([PROMPT_INSPIRED]);
  });

  it('a new image reaches the open gallery without a reload', async () => {
    await tab('Edición de Imagen').click();
    await promptField().fill('Una taza de café humeante');
    await generateButton().click();
    await toast(TALLER_MSG.imageGenerated).waitFor({ timeout: 20_000 });
    await tab('Galería').click();
    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(2);
    expect(await cards().first().textContent()).toContain('Una taza de café humeante');
  });

  it('shows the quota error once the daily quota is used up, with our own error image', async () => {
    await dismissToasts();
    // Three images so far from the page; use up the rest of the quota through the API.
    for (let i = 3; i < TEST_DAILY_GENERATION_QUOTA; i += 1) await callOk(twin, 'generarImagen', { prompt: `Relleno ${i}`, imageBase64: null }, owner.accessToken);
    await tab('Edición de Imagen').click();
    await promptField().fill('Una imagen más de las permitidas');
    await generateButton().click();
    const message = TALLER_MSG.aiErrorPrefix + TALLER_MSG.quotaExceeded(TEST_DAILY_GENERATION_QUOTA);
    await toast(message).waitFor({ timeout: 20_000 });
    expect(await result().getByRole('alert').textContent()).toBe(message);
    const errorImage = result().getByRole('img', { name: 'No se pudo generar la imagen' });
    expect(new URL((await errorImage.getAttribute('src')) ?? '', twin.url).href).toBe(`${twin.url}/error-image.svg`);
    await expect.poll(() => loaded(errorImage), { timeout: 10_000 }).toBe(true);
    const served = await fetch(`${twin.url}/error-image.svg`);
    expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    // The button is usable again (the busy flag cleared) and nothing new was stored.
    expect(await generateButton().isDisabled()).toBe(false);
    const { assets } = await callOk<{ assets: Asset[] }>(twin, 'listarRecursos', null, owner.accessToken);
    expect(assets).toHaveLength(TEST_DAILY_GENERATION_QUOTA - 1);
  });
});
