/**
 * The public blog (issue 5 item 4; spec 2 'blog', 3 'Blog settings'): `GET /blog/<slug>` lists a
 * brand's published articles, `GET /blog/<slug>/<articleSlug>` shows one. No sign-in.
 *
 * What is served, and nothing else:
 * - the slug names a brand through its BlogSlug claim (GetItem, no Scan), and that brand's blog
 *   settings are enabled and still name this slug, and the brand's profile is active;
 * - only articles with `status: 'published'` of that brand (the article is found through the
 *   brand's ArticleSlug claim, so another brand's article slug never resolves under this blog).
 * Anything else is the same Spanish 404 page: an unknown slug, a disabled blog, a pending owner, a
 * draft, another brand's article, a malformed path. Whether a draft exists is never observable.
 *
 * Images (header image: the blog settings' uploads key; covers: the owner's gallery image or avatar)
 * are short-lived presigned GET URLs. They are signed with a signing time rounded down to a
 * 10-minute window, so a URL stays the same within the window (browsers reuse the image) and
 * stays valid at least 10 minutes after the page that carries it was made (pages are cached for a
 * minute, pages.ts).
 *
 * Round trips: the slug claim, then the blog's checks (settings, profile, brand name) together with
 * the articles (a Query for the list; the article's slug claim then the article for a page), then
 * the covers (BatchGet). The articles read alongside are dropped when the blog does not open.
 *
 * In: the request path, the site origin and the request's visit (`ref`, UTM: passed on to the
 * embedded chat widget, pages.ts). Out: a `PageResponse` (status, headers, HTML).
 */
import { ASSET_KEY_SEGMENT, canonicalSlug, SLUG_MAX_LENGTH } from '@director-ia/shared';
import { aiSettings } from '../../platform/db/entities/aiSettings';
import { articles, type ArticleItem } from '../../platform/db/entities/article';
import { articleSlugs } from '../../platform/db/entities/articleSlug';
import { assets } from '../../platform/db/entities/asset';
import { blogSettings } from '../../platform/db/entities/blogSettings';
import { blogSlugs } from '../../platform/db/entities/blogSlug';
import { profiles } from '../../platform/db/entities/profile';
import { presignGet } from '../../platform/storage/presign';
import { parseUploadKey } from '../uploads/keys';
import {
  articleNotFoundPage,
  articlePage,
  blogListPage,
  blogNotFoundPage,
  pageResponse,
  type Page,
  type PageArticle,
  type PageBlog,
  type PageContext,
  type PageResponse,
} from './pages';

/** Newest published articles listed on the blog's home. */
export const MAX_LISTED_ARTICLES = 60;
/** Window of the image URLs' signing time, seconds (see the header). */
export const IMAGE_URL_WINDOW_SECONDS = 600;
/** Asset types that may be a cover (gallery images and avatars). */
const COVER_TYPES: ReadonlySet<string> = new Set(['image', 'avatar']);

export type BlogRoute = { kind: 'list'; slug: string } | { kind: 'article'; slug: string; articleSlug: string } | { kind: 'none' };

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * What a path asks for: `/blog/<slug>` (optional trailing slash) is the list, `/blog/<slug>/<article>`
 * an article, anything else nothing. Segments are percent-decoded and put in canonical slug form.
 */
export function routeOf(rawPath: string): BlogRoute {
  const match = /^\/blog\/([^/]+)(?:\/([^/]+))?\/?$/.exec(rawPath);
  if (!match) return { kind: 'none' };
  const slug = canonicalSlug(decodeSegment(match[1] ?? '') ?? '');
  if (!slug || slug.length > SLUG_MAX_LENGTH) return { kind: 'none' };
  if (match[2] === undefined) return { kind: 'list', slug };
  const articleSlug = canonicalSlug(decodeSegment(match[2]) ?? '');
  if (!articleSlug || articleSlug.length > SLUG_MAX_LENGTH) return { kind: 'none' };
  return { kind: 'article', slug, articleSlug };
}

/** A presigned GET URL of an uploads-bucket object, stable within its signing window. */
export async function signedImageUrl(key: string, now: Date): Promise<string> {
  const windowMs = IMAGE_URL_WINDOW_SECONDS * 1000;
  const signingDate = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return presignGet(key, 2 * IMAGE_URL_WINDOW_SECONDS, { cacheControl: `private, max-age=${IMAGE_URL_WINDOW_SECONDS}`, signingDate });
}

/** A readable name from a slug when the brand has none: 'mi-blog-de-café' → 'Mi blog de café'. */
export function nameFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Blog';
}

/** The brand that claimed `slug`, or null (GetItem on the claim, no Scan). */
export async function blogOwner(slug: string): Promise<string | null> {
  const { data: claim } = await blogSlugs().get({ slug }).go();
  return claim?.ownerSub ?? null;
}

/** The owner's blog as its pages show it, if it may be shown under `slug` (see the header), else null. */
export async function openBlog(owner: string, slug: string, now: Date): Promise<PageBlog | null> {
  const [{ data: settings }, { data: profile }, { data: ai }] = await Promise.all([
    blogSettings().get({ uid: owner }).go(),
    profiles().get({ uid: owner }).go({ attributes: ['status'] }),
    aiSettings().get({ uid: owner }).go({ attributes: ['brandName'] }),
  ]);
  // The settings must agree with the claim: a stale claim never opens anybody's blog.
  if (!settings?.isEnabled || settings.slug !== slug || profile?.status !== 'active') return null;
  const headerKey = settings.headerImageKey;
  const header = headerKey && isOwnedKey(owner, headerKey, 'header') ? await signedImageUrl(headerKey, now) : null;
  return {
    slug,
    name: ai?.brandName?.trim() || nameFromSlug(slug),
    topics: settings.topics,
    layout: settings.layout,
    headerImageUrl: header,
    // Issue 15 item 4: the brand's chat widget on its blog (the owner is active: checked above).
    widgetUid: owner,
  };
}

/** Whether `key` is the owner's own blog header upload or generated asset. */
function isOwnedKey(owner: string, key: string, kind: 'header' | 'asset'): boolean {
  if (kind === 'asset') return key.startsWith(`users/${owner}/${ASSET_KEY_SEGMENT}/`) && !key.includes('..');
  const parsed = parseUploadKey(key);
  return parsed?.sub === owner && parsed.kind === 'blogHeader';
}

/** Presigned cover URLs by asset id, for the owner's image or avatar assets that exist. */
async function coverUrls(owner: string, ids: readonly string[], now: Date): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const urls = new Map<string, string>();
  if (unique.length === 0) return urls;
  const { data } = await assets()
    .get(unique.map((id) => ({ uid: owner, id })))
    .go({ attributes: ['uid', 'id', 'type', 'key', 'mediaType'] });
  await Promise.all(
    data.map(async (asset) => {
      if (asset.uid !== owner || !COVER_TYPES.has(asset.type) || !asset.mediaType.startsWith('image/') || !isOwnedKey(owner, asset.key, 'asset')) return;
      urls.set(asset.id, await signedImageUrl(asset.key, now));
    }),
  );
  return urls;
}

function publicationDate(article: Pick<ArticleItem, 'publishedAt' | 'updatedAt'>): string {
  return article.publishedAt ?? article.updatedAt;
}

/** The brand's published articles, newest publication first, at most MAX_LISTED_ARTICLES. */
async function publishedArticles(owner: string, now: Date): Promise<PageArticle[]> {
  const { data } = await articles()
    .query.byUser({ uid: owner })
    .where(({ status }, { eq }) => eq(status, 'published'))
    .go({ pages: 'all', attributes: ['uid', 'id', 'slug', 'title', 'summary', 'status', 'coverAssetId', 'publishedAt', 'updatedAt'] });
  const listed = data
    .filter((article) => article.uid === owner && article.status === 'published')
    .sort((a, b) => publicationDate(b).localeCompare(publicationDate(a)))
    .slice(0, MAX_LISTED_ARTICLES);
  const covers = await coverUrls(owner, listed.flatMap((article) => (article.coverAssetId ? [article.coverAssetId] : [])), now);
  return listed.map((article) => ({
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    publishedAt: publicationDate(article),
    coverUrl: article.coverAssetId ? (covers.get(article.coverAssetId) ?? null) : null,
  }));
}

/** The brand's published article with this slug, or null (drafts are null too). */
async function publishedArticle(owner: string, articleSlug: string, now: Date): Promise<(PageArticle & { body: string }) | null> {
  const { data: claim } = await articleSlugs().get({ uid: owner, slug: articleSlug }).go();
  if (!claim?.articleId) return null;
  const { data: article } = await articles().get({ uid: owner, id: claim.articleId }).go();
  if (!article || article.uid !== owner || article.status !== 'published' || article.slug !== articleSlug) return null;
  const covers = article.coverAssetId ? await coverUrls(owner, [article.coverAssetId], now) : new Map<string, string>();
  return {
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    body: article.body,
    publishedAt: publicationDate(article),
    coverUrl: article.coverAssetId ? (covers.get(article.coverAssetId) ?? null) : null,
  };
}

/** The page for `rawPath` (see the header for what is found and what is a 404). */
export async function publicBlogPage(rawPath: string, context: PageContext, now = new Date()): Promise<Page> {
  const route = routeOf(rawPath);
  if (route.kind === 'none') return blogNotFoundPage();
  const owner = await blogOwner(route.slug);
  if (!owner) return blogNotFoundPage();
  // The articles are read alongside the blog's checks (fewer round trips) and dropped unless it opens.
  if (route.kind === 'list') {
    const [blog, list] = await Promise.all([openBlog(owner, route.slug, now), publishedArticles(owner, now)]);
    return blog ? blogListPage(blog, list, context, now) : blogNotFoundPage();
  }
  const [blog, article] = await Promise.all([openBlog(owner, route.slug, now), publishedArticle(owner, route.articleSlug, now)]);
  if (!blog) return blogNotFoundPage();
  return article ? articlePage(blog, article, context, now) : articleNotFoundPage(blog, now);
}

/** The HTTP response for `GET rawPath` on the public blog. */
export async function servePublicBlog(rawPath: string, context: PageContext, now = new Date()): Promise<PageResponse> {
  return pageResponse(await publicBlogPage(rawPath, context, now));
}
