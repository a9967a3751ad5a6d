/**
 * End to end in Chromium against the twin: the account lifecycle through the real UI with the
 * spec's Spanish strings (sections 2, 4, 5, 8) — register, pending screen, admin approval reaching
 * the open page without a reload, the dashboard shell, theme memory, sign-out and errors.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG, PAGES, THEMES, TOAST_DURATION_MS } from '@director-ia/shared';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser';
import { uniqueEmail } from '../support/cognito';
import { CAMPAIGN_UI } from '../../web/src/features/campaigns/labels';

const twin = inject('twin');
const owner = { email: uniqueEmail('e2e'), password: 'Passw0rd!e2e' };

let browser: Browser;
let ownerContext: BrowserContext;
let ownerPage: Page;

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  ownerContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  ownerPage = await ownerContext.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('account lifecycle in the browser', () => {
  it('shows the login screen with the spec strings', async () => {
    await ownerPage.goto(twin.url);
    await expect.poll(() => ownerPage.getByRole('button', { name: 'Iniciar Sesión' }).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await ownerPage.getByText(MSG.signInSubtitle).isVisible()).toBe(true);
  });

  it('registers: success toast, signed out, back in login mode', async () => {
    await ownerPage.getByRole('button', { name: /Regístrate/ }).click();
    expect(await ownerPage.getByText(MSG.registerSubtitle).isVisible()).toBe(true);
    await ownerPage.getByLabel('Correo electrónico').fill(owner.email);
    await ownerPage.getByLabel('Contraseña').fill(owner.password);
    await ownerPage.getByRole('button', { name: 'Registrarse' }).click();
    const registered = toast(ownerPage, MSG.registered);
    await registered.waitFor({ timeout: 15_000 });
    await ownerPage.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    // Toasts leave on their own after TOAST_DURATION_MS (4000 ms).
    await registered.waitFor({ state: 'detached', timeout: TOAST_DURATION_MS + 2000 });
  });

  it('shows "Error: " and a Spanish message for a wrong password', async () => {
    await signIn(ownerPage, owner.email, 'wrong-password-1A!');
    await expect.poll(() => ownerPage.getByText(/^Error: /).first().textContent(), { timeout: 15_000 }).toMatch(/^Error: .+/);
  });

  it('a pending user sees the pending screen', async () => {
    await signIn(ownerPage, owner.email, owner.password);
    await ownerPage.getByRole('heading', { name: MSG.pendingTitle }).waitFor({ timeout: 15_000 });
    expect(await ownerPage.getByRole('button', { name: MSG.signOut }).isVisible()).toBe(true);
  });

  it('the admin approves the user and the open pending page turns into the dashboard', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const adminPage = await adminContext.newPage();
    await adminPage.goto(twin.url);
    await signIn(adminPage, twin.adminEmail, twin.adminPassword);
    const nav = adminPage.getByRole('navigation', { name: 'Secciones' });
    await nav.getByRole('button', { name: 'Admin' }).click();
    await adminPage.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
    // The list is paginated (issue 17): find the owner by e-mail.
    await adminPage.getByLabel('Buscar usuarios').fill(owner.email);
    const row = adminPage.getByRole('row').filter({ hasText: owner.email });
    await row.getByRole('button', { name: 'Aprobar' }).click();
    await toast(adminPage, MSG.userApproved).waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByRole('button', { name: 'Aprobar' }).count()).toBe(0);
    await adminContext.close();

    // No reload on the owner's page: the profile refetch brings the dashboard in.
    await ownerPage.getByRole('navigation', { name: 'Secciones' }).waitFor({ timeout: 20_000 });
  });

  it('the dashboard has the ten owner pages (no Admin) and the welcome page', async () => {
    const nav = ownerPage.getByRole('navigation', { name: 'Secciones' });
    const labels = (await nav.getByRole('button').allTextContents()).map((t) => t.trim());
    expect(labels).toEqual(PAGES.filter((p) => p.key !== 'admin').map((p) => p.label));
    expect(await nav.getByRole('button', { name: 'Conóceme' }).getAttribute('aria-current')).toBe('page');
    for (const tool of ['Conectar Móvil', 'Creador de Blog', 'Widgets', MSG.signOut]) {
      expect(await ownerPage.getByRole('button', { name: tool }).isVisible()).toBe(true);
    }
  });

  it('Campañas, the spec’s last placeholder, is a real page now (issue 15): a new owner gets its empty state, no \'Próximamente\'', async () => {
    await ownerPage.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Campañas' }).click();
    await ownerPage.getByRole('heading', { name: 'Campañas', level: 1 }).waitFor();
    await ownerPage.getByText(CAMPAIGN_UI.empty).waitFor({ timeout: 15_000 });
    expect(await ownerPage.getByRole('button', { name: CAMPAIGN_UI.createFirst }).isVisible()).toBe(true);
    expect(await ownerPage.getByText(MSG.comingSoon).count()).toBe(0);
  });

  it('the generic modal opens from a tool button and closes with its X', async () => {
    await ownerPage.getByRole('button', { name: 'Widgets' }).click();
    const dialog = ownerPage.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('remembers the chosen theme across a reload', async () => {
    const sea = THEMES.find((t) => t.id === 'sea')?.name ?? '';
    const saved = ownerPage.waitForResponse((r) => r.url().endsWith('/api/guardarTema') && r.ok(), { timeout: 10_000 });
    await ownerPage.getByLabel(sea).check();
    await expect.poll(() => ownerPage.evaluate(() => document.documentElement.dataset.theme)).toBe('sea');
    await saved;
    await ownerPage.reload();
    await ownerPage.getByRole('navigation', { name: 'Secciones' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => ownerPage.evaluate(() => document.documentElement.dataset.theme)).toBe('sea');
    expect(await ownerPage.getByLabel(sea).isChecked()).toBe(true);
  });

  it('signs out with "Cerrar Sesión"', async () => {
    await ownerPage.getByRole('button', { name: MSG.signOut }).click();
    await ownerPage.getByRole('button', { name: 'Iniciar Sesión' }).waitFor({ timeout: 15_000 });
    await ownerPage.reload();
    await ownerPage.getByRole('button', { name: 'Iniciar Sesión' }).waitFor({ timeout: 30_000 });
  });
});
