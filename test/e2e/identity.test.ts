/**
 * End to end in Chromium against the twin: the identity lab (spec 2, 4, 7, 8; issue 4 items 2, 3).
 * The twin's provider is offline, with its offline speech engine (eSpeak NG): an avatar made from
 * a description shows in its card (marked offline) and in the gallery; a voice sample is spoken
 * in Spanish, plays in the card (marked offline) and is listed in the gallery; the video-avatar
 * card and the video panel say plainly what is unavailable before anything is tried; starting a
 * video reads 'Error al generar vídeo: ...'. (Without an engine the voice card's refusal is covered
 * by the unit tests of speech.ts and the identity core.)
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CAPABILITY_MSG } from '../../lambdas/platform/ai/capabilities';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';

const twin = inject('twin');

let browser: Browser;
let page: Page;
let owner: TestUser;

const panel = () => page.getByRole('tabpanel', { name: 'Laboratorio de Identidad' });
const card = (name: string) => panel().getByRole('form', { name });

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'identity-e2e');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(twin.url);
  await signInWithForm(page, owner);
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Taller IA' }).click({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Laboratorio de Identidad', exact: true }).click({ timeout: 15_000 });
  await card('Avatar por descripción').waitFor({ timeout: 15_000 });
});

afterAll(async () => {
  await browser?.close();
});

describe('identity lab in the browser', () => {
  it('states plainly what is unavailable before trying', async () => {
    await card('Avatar por vídeo').getByText(CAPABILITY_MSG.avatarFromVideo).waitFor({ timeout: 10_000 });
    await card('Vídeo').getByText(CAPABILITY_MSG.videoOffline).waitFor();
    expect(await card('Avatar por descripción').getByRole('note').count()).toBe(0);
    expect(await card('Clonador de voz').getByText(CAPABILITY_MSG.speechUnavailable).count()).toBe(0);
  });

  it('produces an avatar from a description, shown in the card and in the gallery', async () => {
    const avatar = card('Avatar por descripción');
    const button = avatar.getByRole('button', { name: 'Generar Avatar' });
    expect(await button.isDisabled()).toBe(true);
    await avatar.getByLabel('Descripción del avatar').fill('Una panadera sonriente con delantal turquesa');
    await button.click();
    const image = avatar.getByRole('img', { name: /Avatar generado/ });
    await image.waitFor({ timeout: 20_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    await avatar.getByText('Generado sin conexión: sin modelo de IA').waitFor();
    await page.getByRole('tab', { name: 'Galería', exact: true }).click();
    const gallery = page.getByRole('tabpanel', { name: 'Galería' });
    await gallery.getByText('Una panadera sonriente con delantal turquesa').first().waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Laboratorio de Identidad', exact: true }).click();
  });

  it('produces a Spanish voice sample that plays in the card and is listed in the gallery', async () => {
    const voice = card('Clonador de voz');
    const text = 'Hola, bienvenidos a nuestra panadería.';
    await voice.getByLabel('Texto a locutar').fill(text);
    await voice.getByRole('combobox', { name: 'Voz', exact: true }).selectOption('Sergio');
    await voice.getByRole('button', { name: 'Generar Voz' }).click();
    const audio = voice.getByLabel('Voz generada');
    await audio.waitFor({ timeout: 20_000 });
    // The browser decoded the WAV: it knows its length, so the owner can play it.
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState >= 1 && el.duration > 0.5), { timeout: 10_000 }).toBe(true);
    await voice.getByText('Generada sin conexión: sin modelo de IA').waitFor();
    await page.getByRole('tab', { name: 'Galería', exact: true }).click();
    const gallery = page.getByRole('tabpanel', { name: 'Galería' });
    await gallery.getByText(text).first().waitFor({ timeout: 15_000 });
    expect(await gallery.locator('audio').count()).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Laboratorio de Identidad', exact: true }).click();
  });

  it('starting a video reads the spec error with the capability sentence', async () => {
    const video = card('Vídeo');
    await video.getByLabel('Descripción del vídeo').fill('Olas al atardecer');
    await video.getByRole('button', { name: 'Generar Vídeo' }).click();
    await video.getByRole('alert').filter({ hasText: `Error al generar vídeo: ${CAPABILITY_MSG.videoOffline}` }).waitFor({ timeout: 15_000 });
  });
});
