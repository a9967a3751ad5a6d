/**
 * End to end in Chromium on a phone-sized screen (390×844, mobile, touch) against the twin: the
 * owner's mobile command chat `/chat/{uid}` as an installable PWA (issue 6 item 3).
 * - The owner opens /chat/<uid>, signs in with the product's login, and gets the chat.
 * - Install-ready: the page links the manifest, which is served as application/manifest+json with
 *   name, short_name, start_url /chat/, scope /chat/, display standalone, colours and 192/512 icons
 *   (one maskable) that load as real PNGs of their sizes; apple-touch-icon and theme-color are set;
 *   the service worker /chat/sw.js registers with scope /chat/ and keeps no /api/ response.
 * - Asking for an image proposes it; 'Confirmar' generates it and it shows in the chat (labelled
 *   offline); a photo picked from the device is sent and shown; a voice note recorded in the
 *   browser (Chromium's fake microphone) is kept with the plain message about transcription.
 * - Reopening /chat/ (the manifest's start_url) returns to the owner's chat with its history.
 * - Another owner opening the URL sees the Spanish refusal and a sign-out button, nothing of the
 *   chat; a pending owner sees the pending screen.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHAT_MSG, MSG } from '@director-ia/shared';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { pngSize, solidPng } from '../support/generation';

const twin = inject('twin');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: TestUser;
let other: TestUser;
let pending: TestUser;

const log = () => page.getByRole('log', { name: CHAT_MSG.historyLabel });
const assistantMessages = () => log().getByRole('listitem', { name: CHAT_MSG.assistantLabel });
const ownerMessages = () => log().getByRole('listitem', { name: CHAT_MSG.youLabel });
/** Whether an <img> finished loading a real picture. */
const loaded = (img: ReturnType<Page['locator']>) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

/**
 * Signs in on the login screen. The dev server may reload a page once while it first prepares a
 * lazily loaded chunk's modules, so wait for the page to settle first, and sign in again if a
 * reload brought the login form back.
 */
async function signIn(target: Page, user: TestUser): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await target.getByRole('button', { name: MSG.signIn }).waitFor({ timeout: 30_000 });
    await target.waitForLoadState('networkidle');
    await signInWithForm(target, user);
    const gone = await target
      .getByLabel(MSG.passwordLabel, { exact: true })
      .waitFor({ state: 'detached', timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    if (gone) return;
  }
  throw new Error('sign-in did not complete');
}

async function sendText(text: string): Promise<void> {
  await page.getByLabel(CHAT_MSG.messageLabel, { exact: true }).fill(text);
  await page.getByRole('button', { name: CHAT_MSG.send, exact: true }).click();
}

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  [owner, other, pending] = await Promise.all([registerUser(twin, 'chat-e2e'), registerUser(twin, 'chat-e2e-other'), registerUser(twin, 'chat-e2e-pending')]);
  for (const user of [owner, other]) await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
  // Chromium's fake microphone, granted without a prompt, so a voice note can be recorded.
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });
  context = await browser.newContext(PHONE);
  page = await context.newPage();
  await page.goto(`${twin.url}/chat/${owner.sub}`);
  await signIn(page, owner);
  await log().waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
});

describe('mobile chat PWA on a phone', () => {
  it('shows the chat to its owner, with the empty-history hint, fitted to the phone', async () => {
    await page.getByRole('heading', { name: CHAT_MSG.title }).waitFor();
    expect(await log().getByText(CHAT_MSG.empty).isVisible()).toBe(true);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('links an install-ready manifest whose icons load', async () => {
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/chat/manifest.webmanifest');
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/chat/icons/apple-touch-icon.png');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0f1115');

    const response = await page.request.get(`${twin.url}/chat/manifest.webmanifest`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: expect.any(String), short_name: 'Director IA', start_url: '/chat/', scope: '/chat/', display: 'standalone', lang: 'es' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of [...manifest.icons, { src: '/chat/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      const image = await page.request.get(`${twin.url}${icon.src}`);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await image.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  it('registers the service worker with scope /chat/, served as JavaScript', async () => {
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { script: ready.active?.scriptURL ?? '', scope: ready.scope };
    });
    expect(registration.script).toBe(`${twin.url}/chat/sw.js`);
    expect(registration.scope).toBe(`${twin.url}/chat/`);
    const script = await page.request.get(`${twin.url}/chat/sw.js`);
    expect(script.headers()['content-type']).toMatch(/javascript/);
  });

  it('asks for an image, proposes it, and shows it in the chat after Confirmar', async () => {
    await sendText('Genera una imagen de un escaparate con flores azules');
    const proposal = assistantMessages().filter({ has: page.getByRole('button', { name: CHAT_MSG.confirm }) });
    await proposal.waitFor({ timeout: 20_000 });
    expect(await proposal.getByText('¿Genero una imagen').isVisible()).toBe(true);
    expect(await proposal.getByText(CHAT_MSG.offlineLabel).isVisible()).toBe(true);
    expect(await ownerMessages().getByText('Genera una imagen de un escaparate con flores azules').isVisible()).toBe(true);

    await proposal.getByRole('button', { name: CHAT_MSG.confirm }).click();
    const image = log().getByRole('img', { name: CHAT_MSG.generatedAlt });
    await image.waitFor({ timeout: 20_000 });
    await expect.poll(() => loaded(image), { timeout: 10_000 }).toBe(true);
    expect(await log().getByText(CHAT_MSG.actionStatusLabels.done).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: CHAT_MSG.confirm }).count()).toBe(0);
    // In view at the bottom of the conversation.
    expect(await image.isVisible()).toBe(true);
  });

  it('sends a photo picked on the device and shows it', async () => {
    await page.getByLabel(CHAT_MSG.attachPhoto, { exact: true }).setInputFiles({ name: 'escaparate.png', mimeType: 'image/png', buffer: solidPng([30, 90, 220], 64) });
    await page.getByRole('img', { name: CHAT_MSG.photoPreviewAlt }).waitFor();
    await sendText('¿Qué te parece esta foto?');
    const photo = ownerMessages().getByRole('img', { name: CHAT_MSG.photoAlt });
    await photo.waitFor({ timeout: 20_000 });
    await expect.poll(() => loaded(photo), { timeout: 10_000 }).toBe(true);
    await assistantMessages().getByText(/No puedo ver imágenes sin un modelo de IA/).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('img', { name: CHAT_MSG.photoPreviewAlt }).count()).toBe(0);
  });

  it('records a voice note in the browser and keeps it with the plain transcription message', async () => {
    await page.getByRole('button', { name: CHAT_MSG.recordVoice }).click();
    await page.getByText(CHAT_MSG.recording).waitFor();
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: CHAT_MSG.stopRecording }).click();
    await assistantMessages().getByText(CHAT_MSG.transcriptionUnavailable).waitFor({ timeout: 20_000 });
    const audio = ownerMessages().locator('audio');
    expect(await audio.count()).toBe(1);
    expect(await audio.getAttribute('src')).toMatch(/chat-voice/);
  });

  it('never keeps an /api/ response in the service worker cache', async () => {
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/chat/');
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
  });

  it('reopens the owner\'s chat from the start URL /chat/, with the history newest at the bottom', async () => {
    await page.goto(`${twin.url}/chat/`);
    await log().waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/chat/${owner.sub}`);
    const texts = await log().getByRole('listitem').allTextContents();
    expect(texts[0]).toContain('Genera una imagen de un escaparate con flores azules');
    expect(texts.at(-1)).toContain(CHAT_MSG.transcriptionUnavailable);
  });
});

describe('the chat serves only its owner', () => {
  let otherContext: BrowserContext;
  let otherPage: Page;

  beforeAll(async () => {
    otherContext = await browser.newContext(PHONE);
    otherPage = await otherContext.newPage();
  });
  afterAll(async () => {
    await otherContext?.close();
  });

  it('another owner opening the URL sees the Spanish refusal and a sign-out button, nothing of the chat', async () => {
    await otherPage.goto(`${twin.url}/chat/${owner.sub}`);
    await signIn(otherPage, other);
    await otherPage.getByRole('heading', { name: CHAT_MSG.wrongOwnerTitle }).waitFor({ timeout: 30_000 });
    expect(await otherPage.getByText(CHAT_MSG.wrongOwnerText).isVisible()).toBe(true);
    expect(await otherPage.getByRole('log').count()).toBe(0);
    expect(await otherPage.getByLabel(CHAT_MSG.messageLabel).count()).toBe(0);
    expect(await otherPage.getByText('escaparate').count()).toBe(0);
    await otherPage.getByRole('button', { name: MSG.signOut }).click();
    await otherPage.getByRole('button', { name: MSG.signIn }).waitFor();
  });

  it('a pending owner gets the pending screen', async () => {
    await otherPage.goto(`${twin.url}/chat/${pending.sub}`);
    await signIn(otherPage, pending);
    await otherPage.getByRole('heading', { name: MSG.pendingTitle }).waitFor({ timeout: 30_000 });
    expect(await otherPage.getByRole('log').count()).toBe(0);
  });
});
