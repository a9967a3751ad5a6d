/**
 * Custom-token sign-in in Chromium on the twin (issue 17 item 3; spec 4 "If the environment
 * provides an initial custom auth token and nobody is signed in, the app signs in with it; failure
 * is only logged"). A host page on another site opens the app with its token in the fragment
 * (`#custom_token=`); a host serving the app itself sets `__initial_auth_token` before the app's
 * script. A token of the stack's trusted key signs in without the form; a forged one (another key)
 * leaves the login screen, with no error shown and a console line that does not hold the token.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@director-ia/shared';
import { ensureCustomTokenKey, generateCustomTokenKey, signCustomToken } from '../../infra/local/custom-token';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveOtherSite } from '../support/browser';

const twin = inject('twin');
const trusted = ensureCustomTokenKey();
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh browser profile's page that records its console lines. */
async function newPage(): Promise<{ page: Page; consoleLines: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  return { page, consoleLines };
}

/** Opens the app from a host page on another site whose link carries `token`. */
async function openFromHostPage(page: Page, token: string): Promise<void> {
  const host = await serveOtherSite(`<!doctype html><title>Portal</title><a id="open" href="${twin.url}/#custom_token=${token}">Abrir Director IA</a>`);
  try {
    await page.goto(host.url);
    await page.click('#open');
    await page.waitForURL((url) => url.origin === new URL(twin.url).origin);
  } finally {
    await host.close();
  }
}

const signedInNav = (page: Page) => page.getByRole('navigation', { name: 'Secciones' });
const signInButton = (page: Page) => page.getByRole('button', { name: MSG.signIn });

describe('custom-token sign-in', () => {
  it('a host page passing a token of the trusted key opens the dashboard signed in, without the form', async () => {
    const { page, consoleLines } = await newPage();
    const token = signCustomToken(trusted, twin.adminEmail);
    await openFromHostPage(page, token);
    await signedInNav(page).waitFor({ timeout: 30_000 });
    expect(await signInButton(page).count()).toBe(0);
    // The token left the address bar and was never logged.
    expect(page.url()).not.toContain(token);
    expect(page.url()).not.toContain('custom_token');
    expect(consoleLines.join('\n')).not.toContain(token);
    await page.context().close();
  });

  it('a host page passing a forged token (another key) stays on the login screen: logged, no error shown', async () => {
    const { page, consoleLines } = await newPage();
    const forged = signCustomToken(generateCustomTokenKey(trusted.kid), twin.adminEmail);
    await openFromHostPage(page, forged);
    await signInButton(page).waitFor({ timeout: 30_000 });
    await expect.poll(() => consoleLines.some((line) => line.startsWith('[auth] custom-token sign-in failed'))).toBe(true);
    expect(consoleLines.join('\n')).not.toContain(forged);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await signedInNav(page).count()).toBe(0);
    expect(page.url()).not.toContain('custom_token');
    // The usual form still works afterwards.
    await page.getByLabel(MSG.emailLabel, { exact: true }).fill(twin.adminEmail);
    await page.getByLabel(MSG.passwordLabel, { exact: true }).fill(twin.adminPassword);
    await signInButton(page).click();
    await signedInNav(page).waitFor({ timeout: 30_000 });
    await page.context().close();
  });

  it('the global a host sets before the app loads signs in too', async () => {
    const { page } = await newPage();
    const token = signCustomToken(trusted, twin.adminEmail);
    await page.addInitScript((value) => {
      (window as unknown as Record<string, unknown>).__initial_auth_token = value;
    }, token);
    await page.goto(twin.url);
    await signedInNav(page).waitFor({ timeout: 30_000 });
    expect(await signInButton(page).count()).toBe(0);
    await page.context().close();
  });
});
