import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { MSG } from '@director-ia/shared';

/** Debian's Chromium, launched the way this machine and CI allow (no sandbox, no background net). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * How every test launches Chromium. `--force-prefers-reduced-motion`: the app then skips its
 * animations (global.css), so a modal is measured at its size, not mid-'rise' (scale 0.98).
 */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--force-prefers-reduced-motion'];

/** Signs `user` in through the login form already shown on `page` (email, password, 'Iniciar Sesión'). */
export async function signInWithForm(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel(MSG.emailLabel, { exact: true }).fill(user.email);
  await page.getByLabel(MSG.passwordLabel, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: MSG.signIn }).click();
}

/**
 * Serves `html` as another site would: on 127.0.0.1 at a free port, addressed as `localhost` (an
 * origin other than the twin's). Resolves with its URL and a `close`.
 */
export async function serveOtherSite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(site.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => site.close(() => resolve())) };
}
