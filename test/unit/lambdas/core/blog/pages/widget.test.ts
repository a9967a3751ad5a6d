/**
 * The public blog as a landing page (issue 15 item 4): the list and article pages embed the brand's
 * chat widget (the Widgets snippet's frame, 350x500, fixed bottom-right at 20px, by a class of the
 * hashed stylesheet: no inline style) with the request's `ref` and utm_* in its URL, escaped; the
 * CSP allows frames from the site's own origin only, and still no script; pages without a widget
 * allow no frame; the footer states how tracked links count clicks.
 */
import { describe, expect, it } from 'vitest';
import { LINK_MSG } from '@director-ia/shared';
import { articleNotFoundPage, articlePage, blogListPage, blogNotFoundPage, escapeHtml, layoutStyle, pageResponse, widgetFrameUrl, type PageBlog } from '../../../../../../lambdas/core/blog/pages';

const ORIGIN = 'https://blog.example.com';
const UID = '0b7c5a1e-1111-4c2d-9e3f-abcdefabcdef';
const blog: PageBlog = { slug: 'mi-blog', name: 'Café', topics: '', layout: 'Moderno', headerImageUrl: null, widgetUid: UID };
const article = { slug: 'el-tueste', title: 'El tueste', summary: 'Resumen', publishedAt: '2026-03-05T10:00:00.000Z', coverUrl: null, body: 'Texto' };

const frameSrc = (html: string) => /<iframe class="chat-widget" src="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const csp = (page: Parameters<typeof pageResponse>[0]) => pageResponse(page).headers['content-security-policy'] ?? '';

describe('the chat widget on the blog', () => {
  it("is embedded in the list and article pages with the request's ref and UTM", () => {
    const visit = { ref: 'Ab3dEf9h', utmSource: 'instagram', utmMedium: 'social', utmCampaign: 'otoño' };
    for (const page of [blogListPage(blog, [article], { origin: ORIGIN, visit }), articlePage(blog, article, { origin: ORIGIN, visit })]) {
      const url = new URL(frameSrc(page.html) ?? '');
      expect(url.origin + url.pathname).toBe(`${ORIGIN}/widget/${UID}`);
      expect(Object.fromEntries(url.searchParams)).toEqual({ ref: 'Ab3dEf9h', utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'otoño' });
      expect(page.html).toContain('title="Chat" width="350" height="500" loading="lazy"></iframe>');
      expect(page.html).not.toMatch(/<script|style="/i);
    }
  });

  it('loads the bare widget without a visit', () => {
    expect(frameSrc(blogListPage(blog, [], { origin: ORIGIN }).html)).toBe(`${ORIGIN}/widget/${UID}`);
    expect(widgetFrameUrl(ORIGIN, 'a/b"', undefined)).toBe(`${ORIGIN}/widget/a%2Fb%22`);
  });

  it('cannot be broken out of by what the visitor put in the query', () => {
    const visit = { utmSource: '"><script>alert(1)</script>', utmContent: "x' onload='y" };
    const html = blogListPage(blog, [], { origin: ORIGIN, visit }).html;
    expect(html).not.toMatch(/<script/i);
    expect(html.match(/<iframe /g)).toHaveLength(1);
    expect(new URL(frameSrc(html) ?? '').searchParams.get('utm_source')).toBe(visit.utmSource);
    expect(escapeHtml(widgetFrameUrl(ORIGIN, UID, visit))).not.toMatch(/["'<>]/);
  });

  it('is fixed bottom-right at 20px, 350x500, by the stylesheet', () => {
    expect(layoutStyle('Moderno').css).toContain('.chat-widget{position:fixed;bottom:20px;right:20px;width:350px;height:500px;');
  });

  it("is allowed by a frame-src of the site's own origin only, and never a script", () => {
    const policy = csp(blogListPage(blog, [], { origin: ORIGIN }));
    expect(policy).toContain(`frame-src ${ORIGIN};`);
    expect(policy).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
    expect(csp(articlePage(blog, article, { origin: 'http://localhost:5173' }))).toContain('frame-src http://localhost:5173;');
  });

  it('is absent, with no frame allowed, where the blog names no brand and on error pages', () => {
    const { widgetUid: _uid, ...bare } = blog;
    const page = blogListPage(bare, [], { origin: ORIGIN });
    expect(page.html).not.toContain('<iframe');
    expect(csp(page)).not.toContain('frame-src');
    expect(csp(blogNotFoundPage())).not.toContain('frame-src');
    expect(articleNotFoundPage(blog).html).not.toContain('<iframe');
    expect(csp(articleNotFoundPage(blog))).not.toContain('frame-src');
  });
});

describe('the privacy note', () => {
  it("says in the blog's footer how tracked links count clicks", () => {
    expect(LINK_MSG.privacyNote).toMatch(/sin guardar tu dirección IP/);
    expect(LINK_MSG.privacyNote).toMatch(/dos días/);
    expect(blogListPage(blog, [], { origin: ORIGIN }).html).toContain(`<p class="privacy">${escapeHtml(LINK_MSG.privacyNote)}</p>`);
  });
});
