/**
 * The brand's blog articles (issue 5 item 3; spec 3 'Blog article'): the Gestor del Blog's reads
 * and edits. The tenant is always the verified `sub`; an id that is not one of its articles is
 * NOT_FOUND, so another owner can never read, edit, publish or delete it.
 *
 * - `createArticle(sub, fields, now)` → the stored draft: a time-ordered id and a slug from the
 *   title, unique within the brand (`uniqueSlug`: the title's slug, else `-2`, `-3`...; 'articulo'
 *   when the title has none), written in one transaction with its ArticleSlug claim.
 * - `listArticles(sub)` → every article, newest first (one Query), with cover URLs.
 * - `saveArticle(sub, edit, now)`: title, summary, Markdown body and cover (one of the owner's
 *   gallery images or avatars, or null; else 400). While the article has never been published its
 *   slug follows the title (claim swapped in the same transaction); once published the slug, and so
 *   its public URL, stays. Concurrent edits are serialised on `updatedAt` (retried, then 409).
 * - `publishArticle(sub, id, published, now)`: 'published' sets `publishedAt` the first time and
 *   keeps it afterwards; 'draft' withdraws it and keeps the date. Issue 15 item 4: a published
 *   article gets its tracked link to its public page once (./links.ts `ensureArticleLink`), shown
 *   as the view's `link`.
 * - `deleteArticle(sub, id)`: the article and its slug claim, in one transaction.
 * IAM: table read/write; `s3:GetObject` on assets to presign cover URLs; SITE_URL for the links.
 */
import { ASSET_ID_PATTERN, type Article, BLOG_MSG, SLUG_MAX_LENGTH, type ArticleOrigin } from '@director-ia/shared';
import { articles, type ArticleItem } from '../../platform/db/entities/article';
import { articleSlugs } from '../../platform/db/entities/articleSlug';
import type { AssetItem } from '../../platform/db/entities/asset';
import { isConditionalCheckFailure, TransactionCancelled } from '../../platform/db/errors';
import { transactWrite, type DirectorEntities } from '../../platform/db/service';
import { ConflictError, InvalidInputError, NotFoundError } from '../../platform/errors';
import { assetUrl, getAsset, getAssets } from '../assets/assets';
import { newObjectId } from '../uploads/keys';
import { ensureArticleLink } from './links';
import { articleSlugBase, firstFreeSlug } from './slugs';

export type { ArticleItem } from '../../platform/db/entities/article';
export { articleSlugBase, firstFreeSlug, FALLBACK_SLUG } from './slugs';

/** Attempts of a write that meets a concurrent one (slug taken meanwhile, edit raced) before 409. */
const MAX_ATTEMPTS = 5;
/** Asset types that may be a cover. */
const COVER_TYPES: readonly string[] = ['image', 'avatar'];
/** A slug for `title` no other article of `sub` holds (`own` is the article's current slug, which it may keep). */
async function uniqueSlug(sub: string, title: string, own?: string): Promise<string> {
  const base = articleSlugBase(title);
  const { data } = await articleSlugs()
    .query.byUser({ uid: sub })
    .begins({ slug: base.slice(0, SLUG_MAX_LENGTH - 4) })
    .go({ pages: 'all', attributes: ['slug'] });
  const taken = new Set(data.map((claim) => claim.slug).filter((slug) => slug !== own));
  return firstFreeSlug(base, taken);
}

type ArticleSlugs = DirectorEntities['articleSlug'];

function claimOp(articleSlug: ArticleSlugs, sub: string, slug: string, articleId: string) {
  return articleSlug
    .put({ uid: sub, slug, articleId })
    .where(({ articleId: holder }, { notExists, eq }) => `(${notExists(holder)} OR ${eq(holder, articleId)})`)
    .commit();
}

function releaseOp(articleSlug: ArticleSlugs, sub: string, slug: string, articleId: string) {
  return articleSlug
    .delete({ uid: sub, slug })
    .where(({ articleId: holder }, { notExists, eq }) => `(${notExists(holder)} OR ${eq(holder, articleId)})`)
    .commit();
}

const isCancelled = (error: unknown) => error instanceof TransactionCancelled;

export interface NewArticle {
  title: string;
  summary: string;
  body: string;
  coverAssetId?: string | undefined;
  origin: ArticleOrigin;
  offline: boolean;
  model: string;
}

/** Stores a new draft of `sub` with a unique slug (see the module header). */
export async function createArticle(sub: string, fields: NewArticle, now = new Date()): Promise<ArticleItem> {
  const id = newObjectId(now.getTime());
  const at = now.toISOString();
  for (let attempt = 1; ; attempt += 1) {
    const slug = await uniqueSlug(sub, fields.title);
    const item = {
      uid: sub,
      id,
      slug,
      title: fields.title,
      summary: fields.summary,
      body: fields.body,
      status: 'draft' as const,
      ...(fields.coverAssetId ? { coverAssetId: fields.coverAssetId } : {}),
      origin: fields.origin,
      offline: fields.offline,
      model: fields.model,
      createdAt: at,
      updatedAt: at,
    };
    try {
      await transactWrite(({ article, articleSlug }) => [article.create(item).commit(), claimOp(articleSlug, sub, slug, id)]);
      return item as ArticleItem;
    } catch (error) {
      // The slug was claimed meanwhile by another new article: pick the next free one.
      if (!isCancelled(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** Article `id` of `sub`, or null (an id the server could not have made is not looked up). */
export async function getArticle(sub: string, id: string): Promise<ArticleItem | null> {
  if (!ASSET_ID_PATTERN.test(id)) return null;
  const { data } = await articles().get({ uid: sub, id }).go({ consistent: true });
  return data ?? null;
}

async function requireArticle(sub: string, id: string): Promise<ArticleItem> {
  const item = await getArticle(sub, id);
  if (!item) throw new NotFoundError(BLOG_MSG.articleNotFound);
  return item;
}

/** The browser's view of an article; `cover` is its cover asset when it still exists. */
export async function articleView(item: ArticleItem, cover?: Pick<AssetItem, 'key'> | null): Promise<Article> {
  return {
    id: item.id,
    title: item.title,
    slug: item.slug,
    summary: item.summary,
    body: item.body,
    status: item.status,
    coverAssetId: item.coverAssetId ?? null,
    coverUrl: cover ? await assetUrl(cover) : null,
    origin: item.origin,
    offline: item.offline,
    model: item.model,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    publishedAt: item.publishedAt ?? null,
    ...(item.linkCode && item.linkUrl ? { link: { code: item.linkCode, url: item.linkUrl } } : {}),
  };
}

/** The cover assets of `items` that still exist, by id (one BatchGet). */
async function coversOf(sub: string, items: ArticleItem[]): Promise<Map<string, AssetItem>> {
  return getAssets(
    sub,
    items.flatMap((item) => (item.coverAssetId ? [item.coverAssetId] : [])),
  );
}

/** One article's view with its cover. */
export async function viewOf(sub: string, item: ArticleItem): Promise<Article> {
  const covers = await coversOf(sub, [item]);
  return articleView(item, item.coverAssetId ? covers.get(item.coverAssetId) : null);
}

/** Every article of `sub`, newest first (ids are time ordered; one Query). */
export async function listArticles(sub: string): Promise<Article[]> {
  const { data } = await articles().query.byUser({ uid: sub }).go({ pages: 'all', order: 'desc' });
  const covers = await coversOf(sub, data);
  return Promise.all(data.map((item) => articleView(item, item.coverAssetId ? covers.get(item.coverAssetId) : null)));
}

/** The cover must be one of the owner's gallery images or avatars. */
async function checkCover(sub: string, coverAssetId: string): Promise<void> {
  const asset = await getAsset(sub, coverAssetId);
  if (!asset || !COVER_TYPES.includes(asset.type)) throw new InvalidInputError(BLOG_MSG.coverInvalid);
}

export interface ArticleEdit {
  id: string;
  title: string;
  summary: string;
  body: string;
  coverAssetId: string | null;
}

/** Saves the owner's edit of article `edit.id` (see the module header). */
export async function saveArticle(sub: string, edit: ArticleEdit, now = new Date()): Promise<Article> {
  if (edit.coverAssetId !== null) await checkCover(sub, edit.coverAssetId);
  for (let attempt = 1; ; attempt += 1) {
    const current = await requireArticle(sub, edit.id);
    const slug = current.publishedAt || articleSlugBase(edit.title) === articleSlugBase(current.title) ? current.slug : await uniqueSlug(sub, edit.title, current.slug);
    try {
      await transactWrite(({ article, articleSlug }) => {
        const fields = article.patch({ uid: sub, id: edit.id }).set({ title: edit.title, summary: edit.summary, body: edit.body, slug, updatedAt: now.toISOString() });
        const update = edit.coverAssetId === null ? fields.remove(['coverAssetId']) : fields.set({ coverAssetId: edit.coverAssetId });
        return [
          update.where((attr, op) => op.eq(attr.updatedAt, current.updatedAt)).commit(),
          ...(slug !== current.slug ? [claimOp(articleSlug, sub, slug, edit.id), releaseOp(articleSlug, sub, current.slug, edit.id)] : []),
        ];
      });
    } catch (error) {
      if (!isCancelled(error)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new ConflictError(BLOG_MSG.editConflict);
      continue;
    }
    const { coverAssetId: _old, ...rest } = current;
    const saved: ArticleItem = { ...rest, title: edit.title, summary: edit.summary, body: edit.body, slug, updatedAt: now.toISOString(), ...(edit.coverAssetId ? { coverAssetId: edit.coverAssetId } : {}) };
    return viewOf(sub, saved);
  }
}

/** Publishes (`published`) or withdraws article `id` of `sub` (see the module header). */
export async function publishArticle(sub: string, id: string, published: boolean, now = new Date()): Promise<Article> {
  const current = await requireArticle(sub, id);
  const publishedAt = current.publishedAt ?? (published ? now.toISOString() : undefined);
  const changes = { status: published ? ('published' as const) : ('draft' as const), updatedAt: now.toISOString(), ...(publishedAt ? { publishedAt } : {}) };
  try {
    await articles().patch({ uid: sub, id }).set(changes).go();
  } catch (error) {
    // Deleted meanwhile.
    if (isConditionalCheckFailure(error)) {
      throw new NotFoundError(BLOG_MSG.articleNotFound);
    }
    throw error;
  }
  const stored: ArticleItem = { ...current, ...changes };
  return viewOf(sub, published ? await ensureArticleLink(sub, stored, now) : stored);
}

/** Deletes article `id` of `sub` and its slug claim; NOT_FOUND when there is none. */
export async function deleteArticle(sub: string, id: string): Promise<{ id: string }> {
  const current = await requireArticle(sub, id);
  try {
    await transactWrite(({ article, articleSlug }) => [
      article.delete({ uid: sub, id }).where((attr, op) => op.exists(attr.id)).commit(),
      releaseOp(articleSlug, sub, current.slug, id),
    ]);
  } catch (error) {
    if (isCancelled(error)) throw new NotFoundError(BLOG_MSG.articleNotFound);
    throw error;
  }
  return { id };
}
