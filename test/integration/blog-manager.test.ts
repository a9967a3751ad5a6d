/**
 * Gestor del Blog against the twin (issue 5 item 3; spec 2 'blog', 3 'Blog article'):
 * - `generarArticulo` refuses a disabled blog with the Spanish 400 and stores nothing (no quota
 *   used); enabled, it drafts from the settings and knowledge (offline provider in the twin:
 *   labelled offline), with the newest gallery image as cover and a slug unique within the brand;
 * - `listarArticulos` lists newest first with the next scheduled draft; `guardarArticulo` edits
 *   (cover must be the owner's own image or avatar; the slug follows the title until published);
 *   `publicarArticulo` sets the publication date once and keeps it; `eliminarArticulo` removes the
 *   article and its slug claim; bad payloads are 400 and change nothing;
 * - tenant isolation: another owner can neither list, edit, publish nor delete the article;
 * - `guardarAjustesBlog` keeps one due-time item per enabled blog (on GSI1), moved only when the
 *   frequency changes, removed when the blog is disabled. The scheduled job that drafts from it
 *   (overlapping runs, disabled blogs) is unit-tested at test/unit/lambdas/events/blogDrafts.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTICLE_LIMITS, BLOG_MSG, type Article, type BlogSettings, type CallableOutput } from '@director-ia/shared';
import { articleSlugBase } from '../../lambdas/core/blog/slugs';
import { nextDueAfter } from '../../lambdas/core/blog/frequency';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { rawTable } from '../support/dynamo';

const twin = inject('twin');
const table = rawTable(twin);
type Listed = CallableOutput<'listarArticulos'>;

let admin: TestUser;

async function owner(prefix: string): Promise<TestUser> {
  const user = await registerUser(twin, prefix);
  await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
  return user;
}

const fresh = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
const enableBlog = (user: TestUser, settings: Record<string, unknown> = {}) =>
  callOk<BlogSettings>(twin, 'guardarAjustesBlog', { isEnabled: true, slug: fresh('blog'), topics: 'masa madre, desayunos', frequency: '1 artículo por semana', ...settings }, user.accessToken);
const list = (user: TestUser) => callOk<Listed>(twin, 'listarArticulos', null, user.accessToken);
const generate = (user: TestUser, data: unknown = null) => call(twin, 'generarArticulo', data, user.accessToken);
const generateOk = (user: TestUser, data: unknown = null) => callOk<Article>(twin, 'generarArticulo', data, user.accessToken);
const edit = (user: TestUser, article: Pick<Article, 'id' | 'title' | 'summary' | 'body' | 'coverAssetId'>, changes: Record<string, unknown> = {}) =>
  call(twin, 'guardarArticulo', { id: article.id, title: article.title, summary: article.summary, body: article.body, coverAssetId: article.coverAssetId, ...changes }, user.accessToken);
const publish = (user: TestUser, id: string, published: boolean) => call(twin, 'publicarArticulo', { id, published }, user.accessToken);
const today = () => new Date().toISOString().slice(0, 10);
const quotaUsed = async (user: TestUser) => ((await table.get(`user#${user.sub}`, `quota#generation#${today()}`))?.count as number | undefined) ?? 0;
const slugClaim = (user: TestUser, slug: string) => table.get(`user#${user.sub}`, `articleSlug#${slug}`);
const scheduleItem = (user: TestUser) => table.get(`user#${user.sub}`, 'blog#schedule');

beforeAll(async () => {
  admin = await signInAdmin(twin);
});

describe('generarArticulo', () => {
  let ana: TestUser;
  beforeAll(async () => {
    ana = await owner('blog-ana');
  });

  it('refuses while the blog is disabled: Spanish 400, nothing stored, no quota used', async () => {
    expect(await list(ana)).toEqual({ articles: [], nextScheduledAt: null });
    const { status, body } = await generate(ana, { topic: 'Masa madre' });
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 'INVALID_ARGUMENT', message: BLOG_MSG.blogDisabled });
    expect(body.error?.message).toBe('El blog está desactivado. Actívalo en el Creador de Blog para pedir artículos.');
    expect((await list(ana)).articles).toEqual([]);
    expect(await quotaUsed(ana)).toBe(0);
  });

  it('once enabled, drafts an article labelled offline, with a slug from its title, under the quota', async () => {
    const saved = await enableBlog(ana, { tone: 'Casual e Inspirador' });
    const article = await generateOk(ana, { topic: 'masa madre' });
    expect(article).toMatchObject({
      id: expect.stringMatching(/^[a-z0-9]{20}$/),
      title: 'Masa madre: apuntes de nuestra marca',
      status: 'draft',
      origin: 'owner',
      offline: true,
      model: 'offline-article-v1',
      coverAssetId: null,
      coverUrl: null,
      publishedAt: null,
    });
    expect(article.slug).toBe(articleSlugBase(article.title));
    expect(article.summary).toMatch(/sin un modelo de IA/);
    expect(article.body).toContain('Tono elegido para el blog: Casual e Inspirador.');
    expect(await quotaUsed(ana)).toBe(1);
    expect(await slugClaim(ana, article.slug)).toMatchObject({ articleId: article.id });
    const listed = await list(ana);
    expect(listed.articles).toEqual([article]);
    expect(listed.nextScheduledAt).toBe(nextDueAfter('1 artículo por semana', new Date(saved.lastUpdated ?? '')).toISOString());
  });

  it('uses the knowledge base and respects the topics to avoid', async () => {
    await callOk(twin, 'guardarAjustesIA', { brandName: 'Panadería Sol', topicsToAvoid: 'política' }, ana.accessToken);
    const { status, body } = await generate(ana, { topic: 'La política del barrio' });
    expect(status).toBe(400);
    expect(body.error?.message).toBe(BLOG_MSG.topicToAvoid('política'));
    expect(await quotaUsed(ana)).toBe(1);
  });

  it('takes the newest gallery image as cover and keeps slugs unique within the brand', async () => {
    const image = await callOk<{ assetId: string }>(twin, 'generarImagen', { prompt: 'Pan de masa madre en una mesa', imageBase64: null }, ana.accessToken);
    const first = await generateOk(ana, { topic: 'desayunos' });
    const second = await generateOk(ana, { topic: 'desayunos' });
    expect(first.title).toBe('Desayunos: apuntes de Panadería Sol');
    expect(second.title).toBe(first.title);
    expect(first.slug).toBe('desayunos-apuntes-de-panadería-sol');
    expect(second.slug).toBe(`${first.slug}-2`);
    expect(first.coverAssetId).toBe(image.assetId);
    const cover = await fetch(first.coverUrl ?? '');
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    const ids = (await list(ana)).articles.map((a) => a.id);
    expect(ids.slice(0, 2)).toEqual([second.id, first.id]);
  });

  it('rejects bad payloads with 400', async () => {
    for (const data of [{ topic: '' }, { topic: 'x'.repeat(ARTICLE_LIMITS.topic + 1) }, { topic: 'a', uid: 'otro' }, { tema: 'a' }]) {
      expect((await generate(ana, data)).status).toBe(400);
    }
  });
});

describe('editing, publishing and deleting', () => {
  let bea: TestUser;
  let carlos: TestUser;
  let article: Article;
  let carlosImage: string;

  beforeAll(async () => {
    [bea, carlos] = await Promise.all([owner('blog-bea'), owner('blog-carlos')]);
    await Promise.all([enableBlog(bea), enableBlog(carlos)]);
    article = await generateOk(bea, null);
    carlosImage = (await callOk<{ assetId: string }>(twin, 'generarImagen', { prompt: 'Una taza de café', imageBase64: null }, carlos.accessToken)).assetId;
  });

  it('drafts from the blog topics when no topic is given', () => {
    expect(article.title).toBe('Masa madre: apuntes de nuestra marca');
  });

  it('saves an edit; while a draft, the slug follows the title and the old claim is released', async () => {
    const { status, body } = await edit(bea, article, { title: 'Nuestra masa madre', summary: 'Cómo la cuidamos.', body: '## Cada día\n\nLa alimentamos con harina y agua.' });
    expect(status).toBe(200);
    const saved = body.result as Article;
    expect(saved).toMatchObject({ id: article.id, title: 'Nuestra masa madre', summary: 'Cómo la cuidamos.', body: '## Cada día\n\nLa alimentamos con harina y agua.', slug: 'nuestra-masa-madre', status: 'draft' });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(article.updatedAt));
    expect(await slugClaim(bea, 'nuestra-masa-madre')).toMatchObject({ articleId: article.id });
    expect(await slugClaim(bea, article.slug)).toBeUndefined();
    expect((await list(bea)).articles[0]).toEqual(saved);
    article = saved;
  });

  it('accepts only its own gallery image or avatar as cover', async () => {
    const own = await callOk<{ assetId: string }>(twin, 'generarImagen', { prompt: 'Hogaza recién horneada', imageBase64: null }, bea.accessToken);
    for (const coverAssetId of [carlosImage, 'zzzzzzzzzzzzzzzzzzzz', 'no-es-un-id']) {
      const { status, body } = await edit(bea, article, { coverAssetId });
      expect(status).toBe(400);
      expect(body.error?.message).toBe(BLOG_MSG.coverInvalid);
    }
    const withCover = (await edit(bea, article, { coverAssetId: own.assetId })).body.result as Article;
    expect(withCover.coverAssetId).toBe(own.assetId);
    expect((await fetch(withCover.coverUrl ?? '')).status).toBe(200);
    const without = (await edit(bea, withCover, { coverAssetId: null })).body.result as Article;
    expect(without).toMatchObject({ coverAssetId: null, coverUrl: null });
    article = without;
  });

  it('refuses bad edits with 400 and changes nothing', async () => {
    for (const changes of [{ title: '   ' }, { summary: '' }, { body: 'x'.repeat(ARTICLE_LIMITS.body + 1) }, { title: 'y'.repeat(ARTICLE_LIMITS.title + 1) }, { status: 'published' }]) {
      expect((await edit(bea, article, changes)).status).toBe(400);
    }
    expect((await list(bea)).articles[0]).toEqual(article);
  });

  it('publishes with a date set once and kept when withdrawn and republished; the slug then stays', async () => {
    const published = (await publish(bea, article.id, true)).body.result as Article;
    expect(published.status).toBe('published');
    expect(Math.abs(Date.parse(published.publishedAt ?? '') - Date.now())).toBeLessThan(60_000);
    const withdrawn = (await publish(bea, article.id, false)).body.result as Article;
    expect(withdrawn).toMatchObject({ status: 'draft', publishedAt: published.publishedAt });
    const again = (await publish(bea, article.id, true)).body.result as Article;
    expect(again).toMatchObject({ status: 'published', publishedAt: published.publishedAt });
    const renamed = (await edit(bea, again, { title: 'Un título nuevo' })).body.result as Article;
    expect(renamed).toMatchObject({ title: 'Un título nuevo', slug: article.slug, status: 'published', publishedAt: published.publishedAt });
    article = renamed;
  });

  it("keeps another owner away: they cannot list, edit, publish or delete it, and nothing changes", async () => {
    expect((await list(carlos)).articles).toEqual([]);
    const attempts = [
      await edit(carlos, article, { title: 'Robado' }),
      await publish(carlos, article.id, false),
      await call(twin, 'eliminarArticulo', { id: article.id }, carlos.accessToken),
    ];
    for (const { status, body } of attempts) expect([status, body.error]).toEqual([404, { status: 'NOT_FOUND', message: BLOG_MSG.articleNotFound }]);
    expect((await list(bea)).articles[0]).toEqual(article);
  });

  it('deletes the article and its slug claim; a second delete is 404', async () => {
    expect(await callOk(twin, 'eliminarArticulo', { id: article.id }, bea.accessToken)).toEqual({ id: article.id });
    expect((await list(bea)).articles.map((a) => a.id)).not.toContain(article.id);
    expect(await slugClaim(bea, article.slug)).toBeUndefined();
    expect((await call(twin, 'eliminarArticulo', { id: article.id }, bea.accessToken)).status).toBe(404);
    expect((await publish(bea, article.id, true)).status).toBe(404);
  });
});

describe('the schedule of drafts', () => {
  it('keeps a due-time item per enabled blog, on GSI1, moved only when the frequency changes, removed when disabled', async () => {
    const dora = await owner('blog-dora');
    expect(await scheduleItem(dora)).toBeUndefined();
    const saved = await enableBlog(dora, { frequency: '2 artículos al mes' });
    const due = nextDueAfter('2 artículos al mes', new Date(saved.lastUpdated ?? '')).toISOString();
    expect(await scheduleItem(dora)).toMatchObject({ frequency: '2 artículos al mes', nextDueAt: due, gsi1pk: 'blogSchedule', gsi1sk: `${due}#${dora.sub}` });
    await callOk(twin, 'guardarAjustesBlog', { tone: 'Noticias y Actualidad', topics: 'otros temas' }, dora.accessToken);
    expect((await scheduleItem(dora))?.nextDueAt).toBe(due);
    const monthly = await callOk<BlogSettings>(twin, 'guardarAjustesBlog', { frequency: '1 artículo al mes' }, dora.accessToken);
    expect(await scheduleItem(dora)).toMatchObject({ frequency: '1 artículo al mes', nextDueAt: nextDueAfter('1 artículo al mes', new Date(monthly.lastUpdated ?? '')).toISOString() });
    await callOk(twin, 'guardarAjustesBlog', { isEnabled: false }, dora.accessToken);
    expect(await scheduleItem(dora)).toBeUndefined();
    expect((await list(dora)).nextScheduledAt).toBeNull();
  });
});
