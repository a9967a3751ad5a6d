/**
 * The optional token sync of spec section 7 "Auth": when config.json names a same-origin URL, the
 * web POSTs the bearer token there after sign-in and DELETEs it on sign-out. The config is served
 * by the twin; this test adds the URL to it and records what reaches that URL.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@director-ia/shared';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser';

const twin = inject('twin');
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});

describe('token sync', () => {
  it('POSTs the bearer token after sign-in and DELETEs it on sign-out', async () => {
    const page = await browser.newPage();
    const calls: { method: string; authorization?: string }[] = [];
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), tokenSyncUrl: '/sesion/sync' } });
    });
    await page.route('**/sesion/sync', async (route) => {
      calls.push({ method: route.request().method(), authorization: route.request().headers().authorization });
      await route.fulfill({ status: 204 });
    });

    await page.goto(twin.url);
    await page.getByLabel('Correo electrónico').fill(twin.adminEmail);
    await page.getByLabel('Contraseña').fill(twin.adminPassword);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByRole('navigation', { name: 'Secciones' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => calls.filter((c) => c.method === 'POST').length).toBeGreaterThan(0);
    expect(calls[0]?.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);

    await page.getByRole('button', { name: MSG.signOut }).click();
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => calls.some((c) => c.method === 'DELETE')).toBe(true);
    const deleted = calls.find((c) => c.method === 'DELETE');
    expect(deleted?.authorization).toBe(calls[0]?.authorization);
    await page.close();
  });
});
