/**
 * Test helpers for the public blog (issue 5 item 4): point this process's entities at the twin's
 * DynamoDB, seed articles (with their ArticleSlug claim, as the Gestor del Blog writes them) and
 * raw blog records without going through the callables, upload a blog header image the way the
 * browser does, and fetch a blog page with its timing.
 */
import type { ArticleStatus } from '@director-ia/shared';
import { callOk } from './api';
import type { TestUser } from './cognito';
import type { TwinInfo } from './twin-global-setup';


export interface SeedArticle {
  slug: string;
  title: string;
  status: ArticleStatus;
  summary?: string;
  body?: string;
  coverAssetId?: string;
  publishedAt?: string;
}

let sequence = 0;

/**
 * Writes an enabled blog under `slug` for `uid` with its slug claim, straight to the table (call
 * useTwinDomainEnv first): what a since-suspended brand would have left, which no callable can
 * write (a pending owner cannot save settings).
 */
export async function seedEnabledBlog(uid: string, slug: string): Promise<void> {
  const { blogSettings } = await import('../../lambdas/platform/db/entities/blogSettings');
  const now = new Date().toISOString();
  await blogSettings()
    .put({ uid, isEnabled: true, slug, tone: 'Profesional y Técnico', topics: '', frequency: '1 artículo al mes', layout: 'Minimalista', headerImageKey: '', revision: 1, lastUpdated: now })
    .go();
  await seedSlugClaim(uid, slug);
}

/** Claims blog `slug` for `uid` without touching its settings (call useTwinDomainEnv first): alone, a stale claim. */
export async function seedSlugClaim(uid: string, slug: string): Promise<void> {
  const { blogSlugs } = await import('../../lambdas/platform/db/entities/blogSlug');
  await blogSlugs().put({ slug, ownerSub: uid, claimedAt: new Date().toISOString() }).go();
}

/** Writes an article and its slug claim under `uid` (call useTwinDomainEnv first); returns its id. */
export async function seedArticle(uid: string, article: SeedArticle): Promise<string> {
  const [{ articles }, { articleSlugs }, { newObjectId }] = await Promise.all([
    import('../../lambdas/platform/db/entities/article'),
    import('../../lambdas/platform/db/entities/articleSlug'),
    import('../../lambdas/core/uploads/keys'),
  ]);
  sequence += 1;
  const id = newObjectId(Date.now() + sequence);
  const now = new Date().toISOString();
  await articles()
    .put({
      uid,
      id,
      title: article.title,
      slug: article.slug,
      summary: article.summary ?? `Resumen de ${article.title}`,
      body: article.body ?? `Texto de **${article.title}**.`,
      status: article.status,
      origin: 'owner',
      offline: true,
      model: 'test',
      createdAt: now,
      updatedAt: now,
      ...(article.coverAssetId ? { coverAssetId: article.coverAssetId } : {}),
      ...(article.status === 'published' || article.publishedAt ? { publishedAt: article.publishedAt ?? now } : {}),
    })
    .go();
  await articleSlugs().put({ uid, slug: article.slug, articleId: id }).go();
  return id;
}

/** Uploads `png` as the owner's blog header through solicitarSubida + presigned POST; returns its key. */
export async function uploadHeader(twin: TwinInfo, owner: TestUser, png: Uint8Array, name = 'cabecera.png'): Promise<string> {
  const signed = await callOk<{ url: string; fields: Record<string, string>; key: string }>(
    twin,
    'solicitarSubida',
    { kind: 'blogHeader', fileName: name, contentType: 'image/png', size: png.byteLength },
    owner.accessToken,
  );
  const form = new FormData();
  for (const [field, value] of Object.entries(signed.fields)) form.append(field, value);
  form.append('file', new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), name);
  const response = await fetch(signed.url, { method: 'POST', body: form });
  if (response.status >= 300) throw new Error(`header upload failed: ${response.status}`);
  return signed.key;
}

export interface FetchedPage {
  status: number;
  headers: Headers;
  html: string;
  /** Wall-clock milliseconds until the whole body arrived. */
  millis: number;
}

/** GET `path` of the twin (a blog page), timed. */
export async function fetchPage(twin: TwinInfo, path: string, init: RequestInit = {}): Promise<FetchedPage> {
  const started = performance.now();
  const response = await fetch(`${twin.url}${path}`, { redirect: 'manual', ...init });
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, millis: performance.now() - started };
}
