/**
 * End to end in Chromium (issue 16 finding 4): the dashboard's answer carries the strict CSP of
 * infra/web-headers.ts, a page on another origin cannot frame it (the browser refuses the frame),
 * and the same page can frame the widget, which loads.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serveOtherSite } from '../support/browser';

const twin = inject('twin');

let browser: Browser;
let site: Awaited<ReturnType<typeof serveOtherSite>>;

beforeAll(async () => {
  // Another origin (another port) that frames the dashboard and the widget.
  const html = `<!doctype html><html><body>
<iframe id="dashboard" src="${twin.url}/" title="dashboard"></iframe>
<iframe id="widget" src="${twin.url}/widget/nadie" title="widget"></iframe></body></html>`;
  site = await serveOtherSite(html);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('browser hardening headers', () => {
  it('sends the dashboard with a strict CSP that forbids framing', async () => {
    const response = await fetch(`${twin.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|; )script-src 'self'( 'nonce-[^']+')?;/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('a page on another origin cannot frame the dashboard, but frames the widget', async () => {
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) refused.push(message.text());
    });
    try {
      await page.goto(site.url);
      const widget = page.frameLocator('#widget');
      // The widget's app renders into #root (an unknown brand: the "no disponible" page).
      await widget.locator('#root > *').first().waitFor({ timeout: 20_000 });
      const dashboard = page.frames().find((frame) => frame.name() === '' && frame !== page.mainFrame() && !frame.url().includes('/widget/'));
      // Chromium replaces a refused frame by its error page: nothing of the dashboard runs there.
      expect(dashboard?.url()).not.toBe(`${twin.url}/`);
      expect(await page.frameLocator('#dashboard').locator('#root').count()).toBe(0);
      expect(refused.join('\n')).toMatch(/frame-ancestors/);
    } finally {
      await page.close();
    }
  });
});
