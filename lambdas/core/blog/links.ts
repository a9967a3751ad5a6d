/**
 * Tracked links that land on the brand's public blog (issue 15 item 4; links: core/links/links.ts).
 *
 * - `publicBlogHome(sub)` → the absolute URL of the brand's public blog home
 *   (`<site origin>/blog/<slug>`, as the blog's pages name themselves), or null when the brand has
 *   no public blog (switched off or without a slug). Non-campaign posts' links target it
 *   (core/publishing/links.ts); it is also the natural default landing page of a campaign.
 * - `ensureArticleLink(sub, article, now)`: the tracked link of a published article, made on its
 *   first publication that has a public page, to that page (`<site origin>/blog/<slug>/<article>`),
 *   stored on the Article item (`linkCode`, `linkUrl`) by a write conditional on the article
 *   having none, so it is made once; returns the item with its link. Never throws: an article
 *   whose link could not be made is still published (logged), and the next publication tries again.
 *
 * UTM of an article's link (ARTICLE_LINK_UTM): utm_source=blog, utm_medium=referral (the owner
 * shares it wherever they like: the link, not a network, is the referrer), utm_campaign=organico
 * (as posts outside a campaign), utm_content=<article id>.
 */
import { articles, type ArticleItem } from '../../platform/db/entities/article';
import { blogSettings } from '../../platform/db/entities/blogSettings';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { logger } from '../../platform/logger';
import { createTrackedLink } from '../links/links';
import { siteOrigin } from '../social/site';
import { articlePath, blogPath } from './pages';

/** utm_campaign of every link made outside a campaign (posts and articles). */
export const ORGANIC_CAMPAIGN = 'organico';
/** UTM source and medium of an article's link (see the module header). */
export const ARTICLE_LINK_UTM = { source: 'blog', medium: 'referral', campaign: ORGANIC_CAMPAIGN } as const;

/** The brand's public blog slug, or null when its blog is not public. */
async function publicBlogSlug(sub: string): Promise<string | null> {
  const { data } = await blogSettings().get({ uid: sub }).go({ attributes: ['isEnabled', 'slug'] });
  return data?.isEnabled && data.slug ? data.slug : null;
}

/** The brand's public blog home URL, or null (see the module header). */
export async function publicBlogHome(sub: string): Promise<string | null> {
  const slug = await publicBlogSlug(sub);
  return slug ? `${siteOrigin()}${blogPath(slug)}` : null;
}

/** The article with its tracked link, made when it has none yet (see the module header). */
export async function ensureArticleLink(sub: string, article: ArticleItem, now = new Date()): Promise<ArticleItem> {
  if (article.linkCode || article.status !== 'published') return article;
  try {
    const slug = await publicBlogSlug(sub);
    if (!slug) return article;
    const targetUrl = `${siteOrigin()}${articlePath(slug, article.slug)}`;
    const { code, url } = await createTrackedLink(sub, { targetUrl, source: { kind: 'article', id: article.id }, utm: { ...ARTICLE_LINK_UTM, content: article.id } }, now);
    try {
      await articles()
        .patch({ uid: sub, id: article.id })
        .set({ linkCode: code, linkUrl: url })
        .where((attr, op) => op.notExists(attr.linkCode))
        .go();
      return { ...article, linkCode: code, linkUrl: url };
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
      // Another publication of the same article stored its link first (or the article is gone): keep that one.
      logger.warn('Article link made twice: the first one stays', { articleId: article.id, unused: code });
      const { data } = await articles().get({ uid: sub, id: article.id }).go({ consistent: true });
      return data ?? article;
    }
  } catch (error) {
    logger.error('Article link not made', { articleId: article.id, error: error as Error });
    return article;
  }
}
