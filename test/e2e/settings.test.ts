/**
 * End to end in Chromium against the twin (issue 3 items 1, 2, 3, 6): save the brand's AI
 * settings (with its time zone, issue 13 item 1: Europe/Madrid by default, Canarias chosen from the
 * list) and integrations and see them after a reload (secrets only masked), configure the
 * blog with a slug, the QR modal draws a real QR, and the widget snippet copies to the clipboard.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG, QR_SIZE_PX, SETTINGS_MSG } from '@director-ia/shared';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';

const twin = inject('twin');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: TestUser;

const GEMINI_KEY = 'AIzaSy-e2e-gemini-key-7781';
const GMAIL_PASSWORD = 'qwer tyui asdf ghjk';

const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
const nav = () => page.getByRole('navigation', { name: 'Secciones' });
const dialog = () => page.getByRole('dialog');

async function openPage(label: string, title: string): Promise<void> {
  await nav().getByRole('button', { name: label }).click();
  await page.getByRole('heading', { name: title }).waitFor();
}

async function reloadDashboard(): Promise<void> {
  await page.reload();
  await nav().waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'e2e-settings');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // The widget's copy button writes to the clipboard; the test reads it back.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: twin.url });
  page = await context.newPage();
  await page.goto(twin.url);
  await page.getByLabel('Correo electrónico').fill(owner.email);
  await page.getByLabel('Contraseña').fill(owner.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await nav().waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
});

describe('brand settings in the browser', () => {
  it('Constructor de IA: saves, says so, and the values come back after a reload', async () => {
    await openPage('Constructor IA', 'Constructor de IA');
    await page.getByLabel('Nombre de la marca').fill('Café Ñandú');
    await page.getByLabel('Personalidad de la marca').fill('Cercana, experta y con humor.');
    await page.getByLabel('Público objetivo').fill('Amantes del café de especialidad');
    await page.getByLabel('Palabras clave').fill('café, tostado artesanal');
    await page.getByLabel('Temas a evitar').fill('política');
    expect(await page.getByLabel('Zona horaria').inputValue()).toBe('Europe/Madrid');
    await page.getByLabel('Zona horaria').selectOption('Atlantic/Canary');
    await page.getByRole('button', { name: SETTINGS_MSG.saveAiSettings }).click();
    await toast(SETTINGS_MSG.aiSettingsSaved).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByText(/^Última actualización:/).count()).toBe(1);

    await reloadDashboard();
    await page.getByRole('heading', { name: 'Constructor de IA' }).waitFor();
    await expect.poll(() => page.getByLabel('Nombre de la marca').inputValue(), { timeout: 15_000 }).toBe('Café Ñandú');
    expect(await page.getByLabel('Personalidad de la marca').inputValue()).toBe('Cercana, experta y con humor.');
    expect(await page.getByLabel('Público objetivo').inputValue()).toBe('Amantes del café de especialidad');
    expect(await page.getByLabel('Palabras clave').inputValue()).toBe('café, tostado artesanal');
    expect(await page.getByLabel('Temas a evitar').inputValue()).toBe('política');
    expect(await page.getByLabel('Zona horaria').inputValue()).toBe('Atlantic/Canary');
    expect(await page.getByText('Hora de Canarias (Atlantic/Canary)').count()).toBe(1);
  });

  it("a save whose session is gone says 'Error: Usuario no autenticado.' and is not kept", async () => {
    await page.route('**/api/guardarAjustesIA', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' }));
    await page.getByLabel('Nombre de la marca').fill('No se guarda');
    await page.getByRole('button', { name: SETTINGS_MSG.saveAiSettings }).click();
    await toast(MSG.notAuthenticated).waitFor({ timeout: 15_000 });
    await page.unroute('**/api/guardarAjustesIA');
    const saved = await callOk<{ brandName: string }>(twin, 'obtenerAjustesIA', null, owner.accessToken);
    expect(saved.brandName).toBe('Café Ñandú');
  });

  it('Integraciones: saves provider, keys and Gmail; after a reload secrets show only masked', async () => {
    await openPage('Integraciones', 'Integraciones y Conexiones');
    await page.getByRole('radio', { name: /Google Gemini/ }).check({ force: true });
    await page.getByLabel('Clave de API de Gemini', { exact: true }).fill(GEMINI_KEY);
    await page.getByLabel('Correo de Gmail').fill('cafe.nandu@gmail.com');
    await page.getByLabel('Contraseña de aplicación').fill(GMAIL_PASSWORD);
    await page.getByRole('button', { name: SETTINGS_MSG.saveIntegrations }).click();
    await toast(SETTINGS_MSG.integrationsSaved).waitFor({ timeout: 15_000 });

    await reloadDashboard();
    await page.getByRole('heading', { name: 'Integraciones y Conexiones' }).waitFor();
    await expect.poll(() => page.getByTestId('int-geminiApiKey-status').textContent(), { timeout: 15_000 }).toContain('••••7781');
    expect(await page.getByTestId('int-gmailAppPassword-status').textContent()).toContain('••••ghjk');
    expect(await page.getByTestId('int-imagenApiKey-status').textContent()).toContain('Sin configurar');
    expect(await page.getByLabel('Clave de API de Gemini', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Correo de Gmail').inputValue()).toBe('cafe.nandu@gmail.com');
    expect(await page.getByRole('radio', { name: /Google Gemini/ }).isChecked()).toBe(true);
    const html = await page.content();
    expect(html).not.toContain(GEMINI_KEY);
    expect(html).not.toContain(GMAIL_PASSWORD.replace(/ /g, ''));
  });

  it('Integraciones: saving again without retyping keeps the secrets', async () => {
    await page.getByLabel('Correo de Gmail').fill('ventas.nandu@gmail.com');
    await page.getByRole('button', { name: SETTINGS_MSG.saveIntegrations }).click();
    await toast(SETTINGS_MSG.integrationsSaved).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('int-geminiApiKey-status').textContent()).toContain('••••7781');
    expect(await page.getByTestId('int-gmailAppPassword-status').textContent()).toContain('••••ghjk');
  });

  it('Creador de Blog: enable it with a slug (the spec rule as you type) and see it again', async () => {
    const suffix = owner.sub.slice(0, 6);
    await page.getByRole('button', { name: 'Creador de Blog' }).click();
    await dialog().getByLabel('Dirección del blog').waitFor();
    await dialog().getByText('Blog público activado').click();
    await dialog().getByLabel('Dirección del blog').fill(`Café  Ñandú ${suffix}!!`);
    const slug = `café-ñandú-${suffix}`;
    expect(await dialog().getByLabel('Dirección del blog').inputValue()).toBe(slug);
    expect(await dialog().getByText(`${twin.url}/blog/${slug}`).count()).toBe(1);
    await dialog().getByLabel('Tono').selectOption('Casual e Inspirador');
    await dialog().getByLabel('Frecuencia').selectOption('2 artículos al mes');
    await dialog().getByLabel('Temas').fill('Recetas y origen del café');
    await dialog().getByRole('radio', { name: 'Moderno' }).check({ force: true });
    await dialog().getByRole('button', { name: SETTINGS_MSG.saveBlogSettings }).click();
    await toast(SETTINGS_MSG.blogSettingsSaved).waitFor({ timeout: 15_000 });
    await dialog().getByRole('button', { name: 'Cerrar' }).click();

    await reloadDashboard();
    await page.getByRole('button', { name: 'Creador de Blog' }).click();
    await expect.poll(() => dialog().getByLabel('Dirección del blog').inputValue(), { timeout: 15_000 }).toBe(slug);
    expect(await dialog().getByRole('checkbox').isChecked()).toBe(true);
    expect(await dialog().getByLabel('Tono').inputValue()).toBe('Casual e Inspirador');
    expect(await dialog().getByLabel('Frecuencia').inputValue()).toBe('2 artículos al mes');
    expect(await dialog().getByLabel('Temas').inputValue()).toBe('Recetas y origen del café');
    expect(await dialog().getByRole('radio', { name: 'Moderno' }).isChecked()).toBe(true);
    await dialog().getByRole('button', { name: 'Cerrar' }).click();
  });

  it('Creador de Blog: the header image is uploaded to the files bucket and shown again', async () => {
    // A 1x1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await page.getByRole('button', { name: 'Creador de Blog' }).click();
    await dialog().getByLabel('Subir imagen de cabecera').setInputFiles({ name: 'cabecera.png', mimeType: 'image/png', buffer: png });
    await dialog().getByRole('img', { name: 'Imagen de cabecera del blog' }).waitFor({ timeout: 15_000 });
    await dialog().getByRole('button', { name: SETTINGS_MSG.saveBlogSettings }).click();
    await toast(SETTINGS_MSG.blogSettingsSaved).waitFor({ timeout: 15_000 });
    await dialog().getByRole('button', { name: 'Cerrar' }).click();

    await reloadDashboard();
    await page.getByRole('button', { name: 'Creador de Blog' }).click();
    const image = dialog().getByRole('img', { name: 'Imagen de cabecera del blog' });
    await image.waitFor({ timeout: 15_000 });
    // Served from the bucket through a short-lived URL, not inline data.
    expect(await image.getAttribute('src')).toMatch(/^http.*X-Amz-Expires=300/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(1);
    await dialog().getByRole('button', { name: 'Cerrar' }).click();
  });

  it('Creador de Blog: a slug another brand holds is refused with its message', async () => {
    const rival = await registerUser(twin, 'e2e-rival');
    const admin = await signInAdmin(twin);
    await callOk(twin, 'aprobarUsuario', { uid: rival.sub }, admin.accessToken);
    const taken = `ocupado-${rival.sub.slice(0, 6)}`;
    await callOk(twin, 'guardarAjustesBlog', { isEnabled: true, slug: taken }, rival.accessToken);

    await page.getByRole('button', { name: 'Creador de Blog' }).click();
    await dialog().getByLabel('Dirección del blog').fill(taken);
    await dialog().getByRole('button', { name: SETTINGS_MSG.saveBlogSettings }).click();
    await toast(MSG.errorPrefix + SETTINGS_MSG.slugTaken(taken)).waitFor({ timeout: 15_000 });
    await dialog().getByRole('button', { name: 'Cerrar' }).click();
  });

  it('Conectar Móvil draws a 250×250 QR in the page for {origin}/chat/{uid}', async () => {
    await page.getByRole('button', { name: 'Conectar Móvil' }).click();
    const qr = dialog().getByTestId('qr-code');
    await qr.waitFor();
    const box = await qr.boundingBox();
    expect(box?.width).toBe(QR_SIZE_PX);
    expect(box?.height).toBe(QR_SIZE_PX);
    // Drawn, not blank: both dark and light pixels.
    const shades = await qr.evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark += 1;
      return { dark, total: data.length / 4 };
    });
    expect(shades.dark).toBeGreaterThan(shades.total * 0.2);
    expect(shades.dark).toBeLessThan(shades.total * 0.8);
    const link = `${twin.url}/chat/${owner.sub}`;
    expect(await dialog().getByRole('link', { name: link }).getAttribute('href')).toBe(link);
    await dialog().getByRole('button', { name: 'Cerrar' }).click();
  });

  it('Widgets: the iframe snippet copies to the clipboard with the spec toast', async () => {
    await page.getByRole('button', { name: 'Widgets' }).click();
    const snippet = await dialog().getByLabel('Código para insertar').inputValue();
    expect(snippet).toContain(`src="${twin.url}/widget/${owner.sub}"`);
    expect(snippet).toMatch(/width="350" height="500"/);
    expect(snippet).toMatch(/position:fixed;bottom:20px;right:20px;width:350px;height:500px/);
    await dialog().getByRole('button', { name: 'Copiar código' }).click();
    await toast(SETTINGS_MSG.codeCopied).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  });

  it("Widgets: a failed copy says 'Error al copiar el código.'", async () => {
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await dialog().getByRole('button', { name: 'Copiar código' }).click();
    await toast(SETTINGS_MSG.copyFailed).waitFor({ timeout: 10_000 });
    await dialog().getByRole('button', { name: 'Cerrar' }).click();
  });
});
