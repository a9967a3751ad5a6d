/**
 * End to end in Chromium against the twin: the Gestor del Blog (spec 2 'blog'; issue 5 item 3). An
 * approved owner opens Blog: 'Pedir Nuevo Artículo a la IA' is disabled with a hint while the blog
 * is disabled; the blog is enabled from the page through the Creador de Blog modal and the public
 * link appears with the next automatic draft; an article is requested (progress shown while the AI
 * writes, the new draft labelled offline); it is edited in the modal with a safe Markdown preview
 * (a <script> in the body stays text); published (status Publicado and today's date, kept after a
 * reload), withdrawn (date kept); another one is requested and deleted after confirming; the
 * published article is then read signed out at /blog/<slug> in each layout (issue 5 item 4).
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BLOG_LAYOUTS, BLOG_MSG, MSG, SETTINGS_MSG } from '@director-ia/shared';
import { LAYOUT_CLASS } from '../../lambdas/core/blog/pages';
import { callOk } from '../support/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInWithForm } from '../support/browser';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';

const twin = inject('twin');

let browser: Browser;
let page: Page;
let owner: TestUser;
const slug = `e2e-blog-${randomUUID().slice(0, 8)}`;
const FIRST_TITLE = 'Masa madre: apuntes de nuestra marca';
const EDITED_TITLE = 'Nuestra masa madre';

const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
const requestButton = () => page.getByRole('button', { name: BLOG_MSG.requestArticle });
const table = () => page.getByRole('table', { name: 'Artículos del blog' });
const row = (title: string) => table().getByRole('row').filter({ has: page.getByText(title, { exact: true }) });
const cells = async (title: string) => (await row(title).getByRole('cell').allInnerTexts()).map((text) => text.trim());

async function dismissToasts(): Promise<void> {
  for (const button of await page.getByRole('button', { name: `${MSG.close} notificación` }).all()) await button.click({ timeout: 1000 }).catch(() => undefined);
  await expect.poll(() => page.getByRole('button', { name: `${MSG.close} notificación` }).count(), { timeout: 6000 }).toBe(0);
}

async function openBlog(): Promise<void> {
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('button', { name: 'Blog', exact: true }).click({ timeout: 30_000 });
  await page.getByRole('heading', { name: BLOG_MSG.pageTitle }).waitFor({ timeout: 15_000 });
}

/** Today as the page formats publication dates. */
const todayInPage = () => page.evaluate(() => new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium' }).format(new Date()));

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'blog-e2e');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(twin.url);
  await signInWithForm(page, owner);
  await openBlog();
});

afterAll(async () => {
  await browser?.close();
});

describe('Gestor del Blog in the browser', () => {
  it('disables the request while the blog is disabled, with a hint, and shows the empty list', async () => {
    await page.getByText(BLOG_MSG.noArticles).waitFor();
    // The blog's settings may arrive after the (empty) list: the button is disabled once they do.
    await page.getByText(BLOG_MSG.blogDisabledHint).waitFor();
    await expect.poll(() => requestButton().isDisabled()).toBe(true);
    expect(await page.getByText('Tu blog público:').count()).toBe(0);
  });

  it('enables the blog through the Creador de Blog modal; the public link and the next draft appear', async () => {
    await page.getByRole('button', { name: 'Abrir Creador de Blog' }).click();
    const dialog = page.getByRole('dialog', { name: MSG.blogCreator });
    await dialog.getByLabel('Blog público activado').check();
    await dialog.getByLabel('Dirección del blog', { exact: true }).fill(slug);
    await dialog.getByLabel('Temas', { exact: true }).fill('masa madre, desayunos');
    await dialog.getByRole('button', { name: SETTINGS_MSG.saveBlogSettings }).click();
    await toast(SETTINGS_MSG.blogSettingsSaved).waitFor();
    await dialog.getByRole('button', { name: MSG.close }).click();
    await dialog.waitFor({ state: 'detached' });

    const publicUrl = `${new URL(page.url()).origin}/blog/${slug}`;
    const link = page.getByRole('link', { name: publicUrl });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(publicUrl);
    await page.getByText(/Próximo borrador automático \(1 artículo por semana\)/).waitFor();
    expect(await requestButton().isDisabled()).toBe(false);
    expect(await page.getByText(BLOG_MSG.blogDisabledHint).count()).toBe(0);
  });

  it('requests an article: progress while the AI writes, then the new draft labelled offline and in the table', async () => {
    await dismissToasts();
    await page.route('**/api/generarArticulo', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByLabel('Tema del artículo (opcional)').fill('masa madre');
    await requestButton().click();
    await page.getByRole('status').filter({ hasText: BLOG_MSG.generating }).waitFor();
    expect(await requestButton().isDisabled()).toBe(true);
    await toast(BLOG_MSG.articleGenerated).waitFor({ timeout: 30_000 });
    await page.unroute('**/api/generarArticulo');

    const draft = page.getByRole('region', { name: 'Nuevo borrador' });
    await draft.getByRole('heading', { name: FIRST_TITLE }).waitFor();
    expect(await draft.getByText(BLOG_MSG.offlineResult).isVisible()).toBe(true);
    const [title, status, date] = await cells(FIRST_TITLE);
    expect(title).toContain('Sin conexión');
    expect([status, date]).toEqual(['Borrador', '—']);
  });

  it('edits it in the modal with a safe Markdown preview', async () => {
    await dismissToasts();
    await row(FIRST_TITLE).getByRole('button', { name: `Ver y editar «${FIRST_TITLE}»` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ver y editar artículo' });
    const preview = dialog.getByRole('region', { name: 'Vista previa' });
    await preview.waitFor();
    expect(await dialog.getByText(BLOG_MSG.offlineResult).isVisible()).toBe(true);
    await dialog.getByLabel('Título', { exact: true }).fill(EDITED_TITLE);
    await dialog.getByLabel('Contenido (Markdown)').fill('## Cómo la cuidamos\n\nCon **cariño** cada mañana.\n\n<script>window.__hacked = true</script>\n\n[web](javascript:alert(1))');
    await preview.getByRole('heading', { name: 'Cómo la cuidamos' }).waitFor();
    expect(await preview.locator('strong').innerText()).toBe('cariño');
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.getByText('<script>window.__hacked = true</script>').isVisible()).toBe(true);
    // Issue 16 item 3: a javascript: link is only its text.
    expect(await preview.getByText('web', { exact: true }).isVisible()).toBe(true);
    expect(await preview.getByRole('link').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();
    expect(await preview.getByRole('heading', { name: EDITED_TITLE }).isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await toast(BLOG_MSG.articleSaved).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row(EDITED_TITLE).waitFor();
    expect(await row(FIRST_TITLE).count()).toBe(0);
  });

  it('publishes it: Publicado with today as publication date, also after a reload; withdrawing keeps the date', async () => {
    await dismissToasts();
    await row(EDITED_TITLE).getByRole('button', { name: `Publicar «${EDITED_TITLE}»` }).click();
    await toast(BLOG_MSG.articlePublished).waitFor();
    const today = await todayInPage();
    expect((await cells(EDITED_TITLE)).slice(1, 3)).toEqual(['Publicado', today]);

    await page.reload();
    await openBlog();
    await row(EDITED_TITLE).waitFor();
    expect((await cells(EDITED_TITLE)).slice(1, 3)).toEqual(['Publicado', today]);

    await row(EDITED_TITLE).getByRole('button', { name: `Despublicar «${EDITED_TITLE}»` }).click();
    await toast(BLOG_MSG.articleUnpublished).waitFor();
    expect((await cells(EDITED_TITLE)).slice(1, 3)).toEqual(['Borrador', today]);
    await row(EDITED_TITLE).getByRole('button', { name: `Publicar «${EDITED_TITLE}»` }).click();
    await toast(BLOG_MSG.articlePublished).waitFor();
  });

  it('requests another article and deletes it after confirming', async () => {
    await dismissToasts();
    await requestButton().click();
    await toast(BLOG_MSG.articleGenerated).waitFor({ timeout: 30_000 });
    await expect.poll(() => table().getByRole('row').count()).toBe(3);
    const other = 'Desayunos: apuntes de nuestra marca';
    await row(other).waitFor();

    await row(other).getByRole('button', { name: `Eliminar «${other}»` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar artículo' });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    expect(await row(other).count()).toBe(1);
    await row(other).getByRole('button', { name: `Eliminar «${other}»` }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await toast(BLOG_MSG.articleDeleted).waitFor();
    await expect.poll(() => row(other).count()).toBe(0);

    await page.reload();
    await openBlog();
    await row(EDITED_TITLE).waitFor();
    expect(await row(other).count()).toBe(0);
    expect(await table().getByRole('row').count()).toBe(2);
  });

  it.each(BLOG_LAYOUTS)('the published article reads on the public blog, signed out, in the %s layout', async (layout) => {
    await callOk(twin, 'guardarAjustesBlog', { layout }, owner.accessToken);
    // A fresh context: signed out, and no cached copy of the page in the previous layout.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const reader = await context.newPage();
      expect((await reader.goto(`${twin.url}/blog/${slug}`))?.status()).toBe(200);
      expect(await reader.locator('body').getAttribute('class')).toBe(LAYOUT_CLASS[layout]);
      await reader.getByRole('link', { name: EDITED_TITLE }).first().click();
      await reader.getByRole('heading', { level: 1, name: EDITED_TITLE }).waitFor();
      await reader.getByRole('heading', { name: 'Cómo la cuidamos' }).waitFor();
      expect(await reader.locator('strong').first().innerText()).toBe('cariño');
      expect(await reader.locator('script').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
