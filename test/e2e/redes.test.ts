/**
 * End to end in Chromium against the twin and its "Red de pruebas": Redes Sociales (spec 2 'redes';
 * issue 12 "Done when", browser). The owner opens Redes Sociales on the dashboard's own origin (the
 * site URL the callback page answers to), and for each of the eight networks:
 * - OAuth networks: Conectar → the modal's 'Iniciar Conexión' → the network's consent page in a
 *   500x600 popup → Autorizar → the popup closes, the card shows the account and its targets, and
 *   the success message gives the number of pages found (Facebook: 2, whose chosen one is listed);
 * - Cancelar at the consent page gives 'Conexión cancelada o no autorizada.' and connects nothing;
 * - Telegram: a bot that is not administrator of the channel is refused in Spanish, then a channel
 *   where it is connects;
 * - Desconectar clears the card, and a reload shows the same state.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OAUTH_NETWORKS, SOCIAL_MSG, SOCIAL_NETWORK_LABELS, type OAuthNetwork, type SocialNetwork } from '@director-ia/shared';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';

const twin = inject('twin');
/** The dashboard as users reach it: the twin's site URL (SITE_URL), the origin the callback page posts to. */
const dashboard = twin.url.replace('//127.0.0.1:', '//localhost:');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: TestUser;

const label = (network: SocialNetwork) => SOCIAL_NETWORK_LABELS[network];
const card = (network: SocialNetwork) => page.getByRole('article', { name: label(network), exact: true });
const toast = (text: string) => page.getByRole('status').filter({ hasText: text });

async function openRedes(): Promise<void> {
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Redes Sociales', exact: true }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: 'Conectar Redes Sociales' }).waitFor({ timeout: 15_000 });
  await card('telegram').waitFor({ timeout: 15_000 });
}

/** Conectar → 'Iniciar Conexión' → the consent popup; returns the popup once the sandbox's page is shown. */
async function openConsent(network: OAuthNetwork): Promise<Page> {
  await page.getByRole('button', { name: `Conectar ${label(network)}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Conectar ${label(network)}` });
  await dialog.waitFor();
  const [popup] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Iniciar Conexión' }).click()]);
  await popup.getByRole('button', { name: 'Autorizar' }).waitFor({ timeout: 15_000 });
  return popup;
}

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'redes-e2e');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await page.goto(dashboard);
  await signInWithForm(page, owner);
  await openRedes();
});

afterAll(async () => {
  await browser?.close();
});

describe('Redes Sociales in the browser', () => {
  it('shows the eight cards, each labelled as the sandbox and ready to connect', async () => {
    const names = await page.getByRole('article').locator('h2').allTextContents();
    expect(names).toEqual(['Facebook', 'Instagram', 'X', 'LinkedIn', 'YouTube', 'TikTok', 'Pinterest', 'Telegram']);
    for (const network of ['facebook', 'telegram'] as const) {
      expect(await card(network).getByText(SOCIAL_MSG.sandbox).isVisible()).toBe(true);
      expect(await card(network).getAttribute('data-state')).toBe('desconectada');
    }
  });

  it('Cancelar at the consent page says the connection was cancelled and connects nothing', async () => {
    const popup = await openConsent('pinterest');
    expect(await popup.getByText('Red de pruebas').first().isVisible()).toBe(true);
    // The popup is the spec's 500x600.
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([500, 600]);
    await Promise.all([popup.waitForEvent('close', { timeout: 15_000 }), popup.getByRole('button', { name: 'Cancelar' }).click()]);
    await toast(SOCIAL_MSG.cancelled).waitFor({ timeout: 15_000 });
    expect(await card('pinterest').getAttribute('data-state')).toBe('desconectada');
  });

  it('connects Facebook: the page count, then the chosen page is listed on the card', async () => {
    const popup = await openConsent('facebook');
    await Promise.all([popup.waitForEvent('close', { timeout: 15_000 }), popup.getByRole('button', { name: 'Autorizar' }).click()]);
    await toast(SOCIAL_MSG.connected('facebook', 2)).waitFor({ timeout: 15_000 });
    const chooser = page.getByRole('dialog', { name: 'Destinos de Facebook' });
    await chooser.waitFor();
    expect(await chooser.getByRole('checkbox', { name: 'Página de pruebas', exact: true }).isChecked()).toBe(true);
    await chooser.getByRole('checkbox', { name: 'Segunda página de pruebas' }).uncheck();
    await chooser.getByRole('button', { name: 'Guardar' }).click();
    await toast(SOCIAL_MSG.targetsSaved).waitFor({ timeout: 15_000 });
    const facebook = card('facebook');
    await expect.poll(() => facebook.getAttribute('data-state')).toBe('conectada');
    expect(await facebook.getByText('Usuario de pruebas').isVisible()).toBe(true);
    expect(await facebook.getByText('Página de pruebas', { exact: true }).isVisible()).toBe(true);
    expect(await facebook.getByText('Segunda página de pruebas').count()).toBe(0);
    expect(await facebook.getByText(/^Conectada el /).isVisible()).toBe(true);
  });

  it.each(OAUTH_NETWORKS.filter((n) => n !== 'facebook'))('connects %s through its consent popup', async (network) => {
    const popup = await openConsent(network);
    await Promise.all([popup.waitForEvent('close', { timeout: 15_000 }), popup.getByRole('button', { name: 'Autorizar' }).click()]);
    await toast(`${label(network)} conectado`).first().waitFor({ timeout: 15_000 });
    const chooser = page.getByRole('dialog', { name: `Destinos de ${label(network)}` });
    await chooser.getByRole('button', { name: 'Guardar' }).click();
    await chooser.waitFor({ state: 'hidden' });
    await expect.poll(() => card(network).getAttribute('data-state')).toBe('conectada');
  });

  it('Telegram: a bot that cannot post in the channel is refused in Spanish; one that can connects', async () => {
    await page.getByRole('button', { name: 'Conectar Telegram', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Conectar Telegram' });
    await dialog.getByLabel('Token del bot', { exact: true }).fill(`7000000002:${'QwErTyUiOpAsDfGhJkLzXcVbNm0123456'}`);
    await dialog.getByLabel('Canal', { exact: true }).fill('@canal_sin_permiso');
    await dialog.getByRole('button', { name: 'Iniciar Conexión' }).click();
    await dialog.getByText(SOCIAL_MSG.telegramNotAdmin).waitFor({ timeout: 15_000 });
    await dialog.getByLabel('Canal', { exact: true }).fill('@canal_pruebas');
    await dialog.getByRole('button', { name: 'Iniciar Conexión' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await expect.poll(() => card('telegram').getAttribute('data-state')).toBe('conectada');
  });

  it('Desconectar clears the card, and a reload shows the same state', async () => {
    await page.getByRole('button', { name: 'Desconectar Facebook', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '¿Desconectar Facebook?' });
    await confirm.getByRole('button', { name: 'Desconectar' }).click();
    await toast(SOCIAL_MSG.disconnected('facebook')).waitFor({ timeout: 15_000 });
    await expect.poll(() => card('facebook').getAttribute('data-state')).toBe('desconectada');
    expect(await card('facebook').getByText('Usuario de pruebas').count()).toBe(0);

    await page.reload();
    await openRedes();
    await expect.poll(() => card('facebook').getAttribute('data-state')).toBe('desconectada');
    for (const network of ['instagram', 'x', 'linkedin', 'youtube', 'tiktok', 'pinterest', 'telegram'] as const) {
      expect(await card(network).getAttribute('data-state')).toBe('conectada');
    }
  });
});
