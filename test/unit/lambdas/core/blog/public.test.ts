/**
 * Public blog request parsing and image URLs (issue 5 item 4): which paths are a list, an article
 * or nothing (percent-decoding, the slug rule, trailing slash, extra segments); the name derived
 * from a slug; presigned image URLs that stay the same within their 10-minute signing window and
 * outlive any cached page; the site origin of the handler (configuration, else the request).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_URL_WINDOW_SECONDS, nameFromSlug, routeOf, signedImageUrl } from '../../../../../lambdas/core/blog/public';
import { PAGE_MAX_AGE_SECONDS } from '../../../../../lambdas/core/blog/pages';
import { SITE_ORIGIN_ENV, siteOrigin } from '../../../../../lambdas/http/blogPublico';

describe('routeOf', () => {
  it.each([
    ['/blog/mi-blog', { kind: 'list', slug: 'mi-blog' }],
    ['/blog/mi-blog/', { kind: 'list', slug: 'mi-blog' }],
    ['/blog/Mi-Blog', { kind: 'list', slug: 'mi-blog' }],
    ['/blog/caf%C3%A9-%C3%B1and%C3%BA', { kind: 'list', slug: 'café-ñandú' }],
    ['/blog/mi%20blog', { kind: 'list', slug: 'mi-blog' }],
    ['/blog/mi-blog/el-tueste', { kind: 'article', slug: 'mi-blog', articleSlug: 'el-tueste' }],
    ['/blog/mi-blog/el-tueste/', { kind: 'article', slug: 'mi-blog', articleSlug: 'el-tueste' }],
    ['/blog/mi-blog/El%20Tueste', { kind: 'article', slug: 'mi-blog', articleSlug: 'el-tueste' }],
  ])('%s → %o', (path, route) => {
    expect(routeOf(path)).toEqual(route);
  });

  it.each([
    '/blog',
    '/blog/',
    '/blog//x',
    '/blog/a/b/c',
    '/blog/%E0%A4%A', // malformed percent-encoding
    '/blog/%2F%2F',
    '/blog/---',
    `/blog/${'a'.repeat(61)}`,
    '/blog/mi-blog/%3C%3E%22',
    '/api/blog/x',
  ])('%s → nothing', (path) => {
    expect(routeOf(path)).toEqual({ kind: 'none' });
  });
});

describe('nameFromSlug', () => {
  it('reads a slug as a name', () => {
    expect(nameFromSlug('mi-blog-de-café')).toBe('Mi blog de café');
    expect(nameFromSlug('ñandú_2026')).toBe('Ñandú 2026');
  });
});

describe('signedImageUrl', () => {
  beforeEach(() => {
    vi.stubEnv('UPLOADS_BUCKET', 'uploads-bucket');
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  });
  afterEach(() => vi.unstubAllEnvs());

  const windowStart = new Date(Date.UTC(2026, 2, 5, 10, 0, 0));
  const at = (seconds: number) => new Date(windowStart.getTime() + seconds * 1000);

  it('is stable within a window and changes with the next one', async () => {
    const key = 'users/u1/blog/0000000000aaaaaaaaaa-cabecera.png';
    const first = await signedImageUrl(key, at(1));
    expect(await signedImageUrl(key, at(IMAGE_URL_WINDOW_SECONDS - 1))).toBe(first);
    expect(await signedImageUrl(key, at(IMAGE_URL_WINDOW_SECONDS))).not.toBe(first);
  });

  it('signs a GET of that key, valid two windows from the window start, cacheable by the browser', async () => {
    const url = new URL(await signedImageUrl('users/u1/assets/abc.png', at(30)));
    expect(url.pathname).toContain('users/u1/assets/abc.png');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20260305T100000Z');
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(2 * IMAGE_URL_WINDOW_SECONDS);
    expect(url.searchParams.get('response-cache-control')).toBe(`private, max-age=${IMAGE_URL_WINDOW_SECONDS}`);
    // A page cached for PAGE_MAX_AGE_SECONDS (browser) + as long again (CloudFront) still loads.
    expect(IMAGE_URL_WINDOW_SECONDS).toBeGreaterThan(2 * PAGE_MAX_AGE_SECONDS);
  });
});

describe('siteOrigin', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is the configured origin when there is one', () => {
    vi.stubEnv(SITE_ORIGIN_ENV, 'https://blog.example.com/');
    expect(siteOrigin({ headers: { host: 'evil.example', 'x-forwarded-proto': 'http' } })).toBe('https://blog.example.com');
  });

  it('else the request host, https unless the proxy says http', () => {
    vi.stubEnv(SITE_ORIGIN_ENV, '');
    expect(siteOrigin({ headers: { host: '127.0.0.1:5173', 'x-forwarded-proto': 'http' } })).toBe('http://127.0.0.1:5173');
    expect(siteOrigin({ headers: { host: 'abc.execute-api.eu-west-1.amazonaws.com' } })).toBe('https://abc.execute-api.eu-west-1.amazonaws.com');
    expect(siteOrigin({ headers: { host: 'a"><b' } })).toBe('https://ab');
  });
});
