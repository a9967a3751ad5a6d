/**
 * The public blog in Chromium, signed out (issue 5 item 4; "Done when": open `/blog/<slug>` signed
 * out and read it in each layout): for Minimalista, Moderno and Clásico the list shows the
 * published article (never the draft) with the header image loaded and the layout's look, and the
 * article page opens from its link at its own URL with the cover loaded. The article's Markdown
 * carries a `<script>`, an `<img onerror>` and a `javascript:` link: none of them runs (no script
 * element at all, the link goes nowhere), and even a script injected into the page afterwards is
 * blocked by the page's Content-Security-Policy. An unknown slug shows the Spanish not-found page
 * with HTTP 404. First paint is measured from the browser's paint timing and reported.
 */
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_BLOG_TEXT } from '../../lambdas/core/blog/pages';
import { BLOG_LAYOUTS, type BlogLayout, type BlogSettings } from '@director-ia/shared';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { solidPng } from '../support/generation';
import { seedArticle, uploadHeader } from '../support/public-blog';
import { useTwinDomainEnv } from '../support/twin-env';

const twin = inject('twin');

const BRAND = 'Panadería Lucía';
const ARTICLE_TITLE = 'Masa madre en casa';
const DRAFT_TITLE = 'Borrador que nadie debe ver';
const BODY = [
  'La **masa madre** necesita paciencia.',
  '',
  '<script>window.__pwned = "script"</script>',
  '',
  '<img src="/nada.png" onerror="window.__pwned = \'onerror\'">',
  '',
  '[Pulsa aquí](javascript:window.__pwned=%22link%22) o visita [nuestra tienda](https://example.com/tienda).',
].join('\n');

/** Body font family and the first list item's display of each layout: their look, roughly. */
const LOOK: Record<BlogLayout, { font: RegExp; bodyClass: string }> = {
  Minimalista: { font: /system-ui/, bodyClass: 'l-minimalista' },
  Moderno: { font: /Inter/, bodyClass: 'l-moderno' },
  Clásico: { font: /Georgia/, bodyClass: 'l-clasico' },
};

let browser: Browser;
let owner: TestUser;
let slug: string;
const consoleErrors: string[] = [];
const paints: Record<string, number> = {};

/** Whether an <img> finished loading a real picture. */
const loaded = (page: Page, selector: string) => page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

beforeAll(async () => {
  useTwinDomainEnv(twin);
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'blog-e2e');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  await callOk(twin, 'guardarAjustesIA', { brandName: BRAND }, owner.accessToken);
  const headerKey = await uploadHeader(twin, owner, solidPng([230, 150, 60], 96));
  const saved = await callOk<BlogSettings>(
    twin,
    'guardarAjustesBlog',
    { isEnabled: true, slug: `pan-${randomUUID().slice(0, 6)}`, topics: 'Pan artesano y repostería', headerImageKey: headerKey },
    owner.accessToken,
  );
  slug = saved.slug;
  const { assetId } = await callOk<{ assetId: string }>(twin, 'generarImagen', { prompt: 'Hogaza de pan de masa madre' }, owner.accessToken);
  await seedArticle(owner.sub, { slug: 'masa-madre', title: ARTICLE_TITLE, status: 'published', summary: 'Todo lo que necesitas para empezar.', body: BODY, coverAssetId: assetId });
  await seedArticle(owner.sub, { slug: 'borrador', title: DRAFT_TITLE, status: 'draft' });

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});

/**
 * A page of a fresh browser context: never signed in, and an empty HTTP cache (pages may be kept
 * for PAGE_MAX_AGE_SECONDS, so a reader who just saw the blog may see the old layout that long).
 */
async function newPage(): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'es-ES' });
  context.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return context.newPage();
}

const closePage = (page: Page) => page.context().close();

afterAll(async () => {
  if (Object.keys(paints).length) console.info('[public blog first contentful paint, ms]', JSON.stringify(paints));
  await browser?.close();
});

async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
}

describe('public blog in Chromium, signed out', () => {
  it.each(BLOG_LAYOUTS)('reads the blog and its article in the %s layout', async (layout) => {
    await callOk(twin, 'guardarAjustesBlog', { layout }, owner.accessToken);
    const page = await newPage();
    try {
      const response = await page.goto(`${twin.url}/blog/${encodeURIComponent(slug)}`);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe(`${BRAND} · Blog`);
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      expect(await page.locator('body').getAttribute('class')).toBe(LOOK[layout].bodyClass);
      expect(await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily)).toMatch(LOOK[layout].font);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(`${BRAND} · Blog`);
      await expect.poll(() => loaded(page, 'img.banner'), { timeout: 10_000 }).toBe(true);
      await page.getByRole('link', { name: BRAND }).waitFor();
      await page.getByText('Pan artesano y repostería').waitFor();

      const list = page.getByRole('list', { name: 'Artículos' });
      expect(await list.getByRole('listitem').count()).toBe(1);
      expect(await page.getByText(DRAFT_TITLE).count()).toBe(0);
      if (layout !== 'Minimalista') await expect.poll(() => loaded(page, 'li img.cover'), { timeout: 10_000 }).toBe(true);
      else expect(await page.locator('li img.cover').count()).toBe(0);
      paints[`${layout} list`] = Math.round(await firstContentfulPaint(page));

      await list.getByRole('link', { name: ARTICLE_TITLE }).click();
      await page.waitForURL(`**/blog/${encodeURIComponent(slug)}/masa-madre`);
      await page.getByRole('heading', { level: 1, name: ARTICLE_TITLE }).waitFor();
      expect(await page.title()).toBe(`${ARTICLE_TITLE} · ${BRAND}`);
      expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
      expect(await page.locator('body').getAttribute('class')).toBe(LOOK[layout].bodyClass);
      await expect.poll(() => loaded(page, 'figure.hero img'), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => loaded(page, 'img.banner'), { timeout: 10_000 }).toBe(true);
      await page.getByText('La masa madre necesita paciencia.').waitFor();
      paints[`${layout} article`] = Math.round(await firstContentfulPaint(page));

      // The injections are inert text: no script element, no handler ran. Issue 16 item 3: neither
      // the javascript: link nor the link to another site is a link, only its words.
      await page.getByText('<script>window.__pwned = "script"</script>').waitFor();
      expect(await page.evaluate(() => document.scripts.length)).toBe(0);
      expect(await page.locator('[onerror], [onload], [onclick]').count()).toBe(0);
      await page.getByText('Pulsa aquí', { exact: false }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Pulsa aquí' }).count()).toBe(0);
      await page.getByText('nuestra tienda', { exact: false }).first().waitFor();
      expect(await page.getByRole('link', { name: 'nuestra tienda' }).count()).toBe(0);
      expect(await page.locator('.prose a[href^="http"]:not([href*="/blog/"])').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    } finally {
      await closePage(page);
    }
  });

  it('blocks even a script injected into the page later (Content-Security-Policy)', async () => {
    const page = await newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    try {
      await page.goto(`${twin.url}/blog/${encodeURIComponent(slug)}/masa-madre`);
      const ran = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.body.append(script);
        const image = document.createElement('img');
        image.setAttribute('onerror', 'window.__injected = true');
        image.src = '/nada.png';
        document.body.append(image);
        return new Promise((resolve) => setTimeout(() => resolve((window as { __injected?: boolean }).__injected ?? false), 500));
      });
      expect(ran).toBe(false);
      await expect.poll(() => violations.length).toBeGreaterThan(0);
    } finally {
      await closePage(page);
    }
  });

  it('an unknown blog is the Spanish not-found page with HTTP 404', async () => {
    const page = await newPage();
    try {
      const response = await page.goto(`${twin.url}/blog/no-existe-${randomUUID().slice(0, 6)}`);
      expect(response?.status()).toBe(404);
      expect(await page.title()).toBe(PUBLIC_BLOG_TEXT.blogNotFoundTitle);
      await page.getByRole('heading', { level: 1, name: 'Blog no encontrado' }).waitFor();
      await page.getByText(PUBLIC_BLOG_TEXT.blogNotFound).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
    } finally {
      await closePage(page);
    }
  });

  it('a draft is not there either: the article not-found page, 404', async () => {
    const page = await newPage();
    try {
      const response = await page.goto(`${twin.url}/blog/${encodeURIComponent(slug)}/borrador`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Artículo no encontrado' }).waitFor();
      expect(await page.getByText(DRAFT_TITLE).count()).toBe(0);
      await page.getByRole('link', { name: 'Volver al blog' }).click();
      await page.waitForURL(`**/blog/${encodeURIComponent(slug)}`);
      await page.getByRole('link', { name: ARTICLE_TITLE }).waitFor();
    } finally {
      await closePage(page);
    }
  });

  it('logged no errors but the 404s of the images the injected Markdown pointed at', () => {
    expect(consoleErrors.filter((text) => !/404|Content Security Policy|nada\.png/.test(text))).toEqual([]);
  });
});
