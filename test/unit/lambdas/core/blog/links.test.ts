/**
 * Articles' tracked links against DynamoDB Local (issue 15 item 4): an article's first publication
 * (with a public blog) makes one link to its public page — UTM blog / referral / organico / article
 * id — stored on the article and returned as the view's `link`; publishing again (after withdrawing
 * it) keeps that link; a brand without a public blog gets none (made on a later publication once it
 * has one); a link that cannot be made never fails the publication. The blog's home URL names the
 * site's origin and the slug.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uniqueSub, useDomainEnv } from '../../../../support/domain-env';
import { seedEnabledBlog } from '../../../../support/public-blog';
import { rawTableAt } from '../../../../support/raw-table';

const SITE = 'https://marca.example.test';
const db = await useDomainEnv({ SITE_URL: `${SITE}/` });
const { createArticle, publishArticle } = await import('../../../../../lambdas/core/blog/articles');
const { publicBlogHome } = await import('../../../../../lambdas/core/blog/links');
const table = rawTableAt(db.endpoint, db.table);

afterEach(() => vi.unstubAllEnvs());

const { blogSettings } = await import('../../../../../lambdas/platform/db/entities/blogSettings');

/** An enabled blog of `sub` under a slug of its own (test/support/public-blog.ts), switched off when asked; its slug. */
async function publicBlog(sub: string, isEnabled = true): Promise<string> {
  const slug = `café-${sub.slice(0, 8)}`;
  await seedEnabledBlog(sub, slug);
  if (!isEnabled) await blogSettings().patch({ uid: sub }).set({ isEnabled }).go();
  return slug;
}

const draft = (sub: string) => createArticle(sub, { title: 'El tueste perfecto', summary: 'Resumen', body: 'Texto', origin: 'owner', offline: true, model: 'offline' });

describe('publicBlogHome', () => {
  it("is the site's blog URL of the brand's slug, or null without a public blog", async () => {
    const sub = uniqueSub();
    expect(await publicBlogHome(sub)).toBeNull();
    await publicBlog(sub, false);
    expect(await publicBlogHome(sub)).toBeNull();
    const slug = await publicBlog(sub);
    expect(await publicBlogHome(sub)).toBe(`${SITE}/blog/caf%C3%A9-${sub.slice(0, 8)}`);
    expect(slug.startsWith('café-')).toBe(true);
  });
});

describe('an article link', () => {
  it('is made once, on the first publication, to the public page, and shown in the view', async () => {
    const sub = uniqueSub();
    const slug = await publicBlog(sub);
    const article = await draft(sub);
    const published = await publishArticle(sub, article.id, true);
    const code = published.link?.code ?? '';
    expect(code).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(published.link?.url).toBe(`${SITE}/r/${code}`);
    expect(await table.get(`user#${sub}`, `link#${code}`)).toMatchObject({
      targetUrl: `${SITE}/blog/${encodeURIComponent(slug)}/${article.slug}`,
      source: { kind: 'article', id: article.id },
      utm: { source: 'blog', medium: 'referral', campaign: 'organico', content: article.id },
    });
    expect(await table.get(`user#${sub}`, `article#${article.id}`)).toMatchObject({ linkCode: code, linkUrl: `${SITE}/r/${code}` });

    const withdrawn = await publishArticle(sub, article.id, false);
    expect(withdrawn.link).toEqual(published.link);
    const again = await publishArticle(sub, article.id, true);
    expect(again.link).toEqual(published.link);
    expect(await table.query(`user#${sub}`, 'link#')).toHaveLength(1);
  });

  it('is not made without a public blog, then made on a publication once there is one', async () => {
    const sub = uniqueSub();
    const article = await draft(sub);
    const first = await publishArticle(sub, article.id, true);
    expect(first.status).toBe('published');
    expect(first).not.toHaveProperty('link');
    await publicBlog(sub);
    expect((await publishArticle(sub, article.id, true)).link?.url).toMatch(new RegExp(`^${SITE}/r/[0-9A-Za-z]{8}$`));
  });

  it('never fails the publication when it cannot be made', async () => {
    const sub = uniqueSub();
    await publicBlog(sub);
    const article = await draft(sub);
    vi.stubEnv('SITE_URL', '');
    const published = await publishArticle(sub, article.id, true);
    expect(published.status).toBe('published');
    expect(published).not.toHaveProperty('link');
  });
});
