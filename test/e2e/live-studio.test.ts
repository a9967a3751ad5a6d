/**
 * End to end in Chromium against the twin: the live studio tab of Taller IA (spec 2 'Live
 * studio', 4 'Live stream', 5 and 8; issue 4 item 4). An approved owner opens the tab, gets the
 * spec's message when starting without files, picks loop images (thumbnails; one removed, its
 * object URL revoked) and a music file, starts the live preview and watches it really play: the
 * frame's image changes on its own and the `<audio>` element plays in a loop; 'Detener Directo'
 * stops both. The files never leave the browser (no upload request), and the platform broadcast
 * is labelled as a simulation. The PNGs and the WAV are generated here, valid and tiny.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@director-ia/shared';
import { encodePng } from '../../lambdas/platform/ai/offline/png';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';

const twin = inject('twin');

/** Spec 5/8, verbatim. */
const NEED_FILES = 'Debes subir al menos una imagen y un archivo de música.';
const SIMULATION = 'Simulación: la emisión a plataformas aún no está conectada.';

let browser: Browser;
let page: Page;
let owner: TestUser;
/** Requests that would carry a file off the browser (an upload URL, or a post to the bucket). */
const uploadRequests: string[] = [];

/** A solid-colour PNG with a diagonal stripe, `width`×`height`. */
function solidPng(rgb: [number, number, number], width = 64, height = 36): Buffer {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const stripe = Math.abs(x - y * 2) < 4;
      pixels.set(stripe ? [255, 255, 255] : rgb, (y * width + x) * 3);
    }
  }
  return Buffer.from(encodePng(width, height, pixels));
}

/** A valid 16-bit mono PCM WAV: `seconds` of a 440 Hz tone at 8 kHz. */
function toneWav(seconds = 1, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
const imagesInput = () => page.getByLabel('Imágenes del bucle', { exact: true });
const musicInput = () => page.getByLabel('Música de fondo', { exact: true });
const thumbs = () => page.getByRole('list', { name: 'Imágenes del bucle elegidas' }).getByRole('listitem');
const frame = () => page.locator('img[data-live-frame]');
const audioState = () =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-live-audio]');
    return audio ? { paused: audio.paused, loop: audio.loop, time: audio.currentTime } : null;
  });

async function dismissToasts(): Promise<void> {
  for (const button of await page.getByRole('button', { name: `${MSG.close} notificación` }).all()) await button.click({ timeout: 1000 }).catch(() => undefined);
  await expect.poll(() => page.getByRole('button', { name: `${MSG.close} notificación` }).count(), { timeout: 6000 }).toBe(0);
}

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'live-e2e');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);

  // The start click is a user gesture anyway; the flag keeps headless playback independent of it.
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(twin.url);
  await signInWithForm(page, owner);
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Taller IA' }).click({ timeout: 30_000 });
  await page.getByRole('tab', { name: /directo/i }).click({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Iniciar Directo' }).waitFor({ timeout: 15_000 });
  // From here on, any request asking for an upload URL or posting to another origin (the bucket).
  page.on('request', (request) => {
    const url = request.url();
    const otherOrigin = !url.startsWith(twin.url) && !url.startsWith(twin.cognitoEndpoint) && !url.startsWith('blob:') && !url.startsWith('data:');
    if (url.includes('/api/solicitarSubida') || (request.method() !== 'GET' && otherOrigin)) uploadRequests.push(`${request.method()} ${url}`);
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('Live studio in the browser', () => {
  it('labels the platform broadcast as a simulation', async () => {
    expect(await page.getByRole('note').filter({ hasText: SIMULATION }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Detener Directo' }).isDisabled()).toBe(true);
  });

  it('refuses to start without files, with the spec message as a toast and inline', async () => {
    await page.getByRole('button', { name: 'Iniciar Directo' }).click();
    await toast(NEED_FILES).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: NEED_FILES }).isVisible()).toBe(true);
    expect(await frame().count()).toBe(0);
  });

  it('shows thumbnails of the picked images and removes one, revoking its object URL', async () => {
    await imagesInput().setInputFiles([
      { name: 'rojo.png', mimeType: 'image/png', buffer: solidPng([220, 30, 60]) },
      { name: 'verde.png', mimeType: 'image/png', buffer: solidPng([30, 180, 90]) },
      { name: 'azul.png', mimeType: 'image/png', buffer: solidPng([40, 80, 230]) },
    ]);
    await expect.poll(() => thumbs().count()).toBe(3);
    // Every thumbnail really decoded its image.
    await expect.poll(() => thumbs().locator('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth))).toEqual([64, 64, 64]);

    const removedUrl = await page.getByRole('img', { name: /verde\.png/ }).getAttribute('src');
    expect(removedUrl).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Quitar verde.png' }).click();
    await expect.poll(() => thumbs().count()).toBe(2);
    expect(await page.getByRole('img', { name: /verde\.png/ }).count()).toBe(0);
    const stillReadable = await page.evaluate((url) => fetch(url as string).then(() => true, () => false), removedUrl);
    expect(stillReadable).toBe(false);
  });

  it('still refuses to start with images but no music', async () => {
    await dismissToasts();
    await page.getByRole('button', { name: 'Iniciar Directo' }).click();
    await toast(NEED_FILES).waitFor();
    expect(await frame().count()).toBe(0);
  });

  it('refuses a non-audio file as music', async () => {
    await musicInput().setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no soy música') });
    await toast('«notas.txt» no es un archivo de audio').waitFor();
    expect(await page.locator('audio[data-live-audio]').count()).toBe(0);
  });

  it('plays the loop: the image changes over time and the music plays until Detener Directo', async () => {
    await dismissToasts();
    await musicInput().setInputFiles({ name: 'fondo.wav', mimeType: 'audio/wav', buffer: toneWav() });
    await page.getByText('fondo.wav', { exact: true }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: NEED_FILES }).count()).toBe(0);

    await page.getByRole('button', { name: 'Iniciar Directo' }).click();
    await frame().waitFor();
    expect(await page.getByText(/En directo · \d\d:\d\d/).isVisible()).toBe(true);
    const first = await frame().getAttribute('src');
    expect(first).toMatch(/^blob:/);
    await expect.poll(() => frame().evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);

    // The music plays, in a loop, and its clock advances.
    await expect.poll(async () => (await audioState())?.paused, { timeout: 10_000 }).toBe(false);
    const playing = await audioState();
    expect(playing?.loop).toBe(true);
    await expect.poll(async () => (await audioState())?.time ?? 0, { timeout: 10_000 }).toBeGreaterThan(playing?.time ?? 0);

    // The loop turns to the other image by itself (4 s per image), then back.
    await expect.poll(() => frame().getAttribute('src'), { timeout: 12_000, interval: 250 }).not.toBe(first);
    const second = await frame().getAttribute('src');
    expect(second).toMatch(/^blob:/);
    await expect.poll(() => frame().getAttribute('src'), { timeout: 12_000, interval: 250 }).toBe(first);
    expect((await audioState())?.paused).toBe(false);

    await page.getByRole('button', { name: 'Detener Directo' }).click();
    await expect.poll(() => frame().count()).toBe(0);
    expect((await audioState())?.paused).toBe(true);
    expect(await page.getByText('Detenido', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Iniciar Directo' }).isEnabled()).toBe(true);
  });

  it('never sent a file to the server', () => {
    expect(uploadRequests).toEqual([]);
  });
});
