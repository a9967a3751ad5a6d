/**
 * Tracked links against DynamoDB Local (issue 15 item 4): creation rules (targets on the site's or
 * the landing URL's origin only, https, UTM and source required, code collisions drawn again),
 * the redirect's Location (UTM and ref after the target's own query, nothing duplicated, fragment
 * kept), refused targets at follow time (a planted bad link is a 404, not a redirect), daily
 * counters per link and per campaign, uniques de-duplicated by the salted daily hash, no raw IP or
 * user agent in any stored item, and 200 concurrent follows counted exactly.
 */
import { describe, expect, it } from 'vitest';
import { LINK_MSG } from '@director-ia/shared';
import { InvalidInputError, NotFoundError } from '../../../../../lambdas/platform/errors';
import { uniqueSub, useDomainEnv } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';
import { rawLinkItems } from '../../../../support/tracked-links';

const SITE = 'https://marca.example.test';
const db = await useDomainEnv({ SITE_URL: `${SITE}/` });
const { createTrackedLink, followLink } = await import('../../../../../lambdas/core/links/links');
const { campaignDayCounts, linkDayCounts } = await import('../../../../../lambdas/core/links/clicks');
const table = rawTableAt(db.endpoint, db.table);

const NOW = new Date('2031-05-06T10:00:00Z');
const DAY = '2031-05-06';
const UTM = { source: 'instagram', medium: 'social', campaign: 'primavera' };
const POST = { kind: 'post' as const, id: 'post-1', network: 'instagram' };
const visitor = (n: number) => ({ ip: `198.51.100.${n}`, userAgent: `Navegador/${n}.0` });

async function link(sub: string, targetUrl: string, extra: Partial<Parameters<typeof createTrackedLink>[1]> = {}) {
  return createTrackedLink(sub, { targetUrl, source: POST, utm: UTM, ...extra }, NOW);
}

describe('createTrackedLink', () => {
  it('claims an 8-character base62 code and answers its public URL on the site', async () => {
    const sub = uniqueSub();
    const { code, url } = await link(sub, `${SITE}/blog/mi-blog`);
    expect(code).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(url).toBe(`${SITE}/r/${code}`);
    expect(await table.get(`linkcode#${code}`, 'claim')).toMatchObject({ ownerSub: sub });
  });

  it('stores exactly the shape tests plant (test/support/tracked-links.ts)', async () => {
    const sub = uniqueSub();
    const source = { kind: 'creative' as const, id: 'cr-1', network: 'facebook', campaignId: 'camp-1' };
    const utm = { ...UTM, content: 'anuncio-a' };
    const { code } = await createTrackedLink(sub, { targetUrl: 'https://oferta.example.test/landing', source, utm, landingUrl: 'https://oferta.example.test/landing?x=1' }, NOW);
    const [claim, item] = rawLinkItems(sub, code, { targetUrl: 'https://oferta.example.test/landing', source, utm, landingOrigin: 'https://oferta.example.test', createdAt: NOW.toISOString() });
    expect(await table.get(`linkcode#${code}`, 'claim')).toEqual(claim);
    expect(await table.get(`user#${sub}`, `link#${code}`)).toEqual(item);
  });

  it.each([
    ['another site', 'https://evil.example/phish', undefined],
    ['plain http on the site\'s host', 'http://marca.example.test/', undefined],
    ['a look-alike host', 'https://marca.example.test.evil.example/', undefined],
    ['credentials in the URL', `https://user:pw@marca.example.test/`, undefined],
    ['a javascript: URL', 'javascript:alert(1)', undefined],
    ['a relative URL', '/blog', undefined],
    ['another site than the landing', 'https://evil.example/', 'https://oferta.example.test/'],
    ['an http landing URL', 'http://oferta.example.test/', 'http://oferta.example.test/'],
  ])('refuses %s in Spanish', async (_label, targetUrl, landingUrl) => {
    const error = await link(uniqueSub(), targetUrl, landingUrl ? { landingUrl } : {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toBe(LINK_MSG.invalidTarget);
  });

  it('accepts a landing page on the site itself, also over plain http where the site is served so (the twin)', async () => {
    const onSite = await link(uniqueSub(), `${SITE}/blog/mi-blog`, { landingUrl: `${SITE}/blog/mi-blog` });
    expect(onSite.url).toBe(`${SITE}/r/${onSite.code}`);
    const configured = process.env.SITE_URL;
    process.env.SITE_URL = 'http://localhost:8080';
    try {
      const twin = await link(uniqueSub(), 'http://localhost:8080/blog/mi-blog', { landingUrl: 'http://localhost:8080/blog/mi-blog' });
      expect(twin.url).toBe(`http://localhost:8080/r/${twin.code}`);
      // Another http origin is still refused.
      await expect(link(uniqueSub(), 'http://localhost:9090/blog', { landingUrl: 'http://localhost:9090/blog' })).rejects.toThrow(LINK_MSG.invalidTarget);
    } finally {
      process.env.SITE_URL = configured;
    }
  });

  it('refuses missing UTM fields and a bad source', async () => {
    await expect(link(uniqueSub(), SITE, { utm: { ...UTM, medium: ' ' } })).rejects.toThrow(LINK_MSG.invalidUtm);
    await expect(link(uniqueSub(), SITE, { source: { kind: 'email' as never, id: 'x' } })).rejects.toThrow(LINK_MSG.invalidSource);
  });

  it('draws again when the code is taken', async () => {
    const first = await link(uniqueSub(), SITE);
    const fresh = `Zz${uniqueSub().replace(/[^0-9a-zA-Z]/g, '').slice(0, 6)}`;
    const draws = [first.code, first.code, fresh];
    const sub = uniqueSub();
    const second = await createTrackedLink(sub, { targetUrl: SITE, source: POST, utm: UTM }, NOW, () => draws.shift() ?? 'never');
    expect(second.code).toBe(fresh);
    expect(draws).toEqual([]);
    // The taken code still belongs to the first brand; the second got no link under it.
    expect(await table.get(`linkcode#${first.code}`, 'claim')).not.toMatchObject({ ownerSub: sub });
    expect(await table.get(`user#${sub}`, `link#${first.code}`)).toBeUndefined();
  });
});

describe('followLink', () => {
  it('redirects to the target with UTM parameters and ref, keeping its own query and fragment', async () => {
    const { code } = await link(uniqueSub(), `${SITE}/tienda?color=rojo&utm_source=boletin&q=a%20b#precios`, { utm: { ...UTM, content: 'carrusel' } });
    const { location } = await followLink(code, visitor(1), NOW);
    expect(location).toBe(`${SITE}/tienda?color=rojo&utm_source=boletin&q=a%20b&utm_medium=social&utm_campaign=primavera&utm_content=carrusel&ref=${code}#precios`);
  });

  it('adds the parameters to a target without a query', async () => {
    const { code } = await link(uniqueSub(), `${SITE}/`);
    expect((await followLink(code, visitor(1), NOW)).location).toBe(`${SITE}/?utm_source=instagram&utm_medium=social&utm_campaign=primavera&ref=${code}`);
  });

  it('a campaign link may go to the landing origin', async () => {
    const { code } = await link(uniqueSub(), 'https://oferta.example.test/p', { landingUrl: 'https://oferta.example.test/', source: { kind: 'campaign', id: 'camp' } });
    expect((await followLink(code, visitor(1), NOW)).location).toMatch(/^https:\/\/oferta\.example\.test\/p\?utm_source=/);
  });

  it.each([
    ['a foreign target', { targetUrl: 'https://evil.example/' }],
    ['an http target', { targetUrl: 'http://marca.example.test/' }],
    ['a landing origin the target does not match', { targetUrl: 'https://evil.example/', landingOrigin: 'https://oferta.example.test' }],
  ])('a planted link with %s is not found (no open redirect) and counts nothing', async (_label, planted) => {
    const sub = uniqueSub();
    const code = `Bad${sub.replace(/[^0-9a-zA-Z]/g, '').slice(0, 5)}`;
    for (const item of rawLinkItems(sub, code, { source: POST, utm: UTM, createdAt: NOW.toISOString(), ...planted })) await table.put(item);
    await expect(followLink(code, visitor(1), NOW)).rejects.toBeInstanceOf(NotFoundError);
    expect(await linkDayCounts(sub, code, DAY)).toEqual({ clicks: 0, uniques: 0 });
  });

  it.each(['', 'abc', 'abcdefghi', '../../x1', 'abc$efgh'])('an unknown or malformed code %j is not found', async (code) => {
    await expect(followLink(code, visitor(1), NOW)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('counts clicks per day per link and campaign, uniques by the salted daily hash', async () => {
    const sub = uniqueSub();
    const source = { kind: 'creative' as const, id: 'cr', campaignId: `camp-${sub}` };
    const a = await link(sub, SITE, { source });
    const b = await link(sub, SITE, { source });
    await followLink(a.code, visitor(1), NOW);
    await followLink(a.code, visitor(1), NOW);
    await followLink(a.code, visitor(2), NOW);
    await followLink(a.code, { ...visitor(2), userAgent: 'Otro/1' }, NOW);
    await followLink(b.code, visitor(1), NOW);
    await followLink(a.code, visitor(1), new Date('2031-05-07T00:00:01Z'));
    expect(await linkDayCounts(sub, a.code, DAY)).toEqual({ clicks: 4, uniques: 3 });
    expect(await linkDayCounts(sub, b.code, DAY)).toEqual({ clicks: 1, uniques: 1 });
    expect(await linkDayCounts(sub, a.code, '2031-05-07')).toEqual({ clicks: 1, uniques: 1 });
    // Visitor 1 followed both links: one unique for the campaign.
    expect(await campaignDayCounts(sub, source.campaignId, DAY)).toEqual({ clicks: 5, uniques: 3 });
  });

  it('never stores the raw IP or user agent', async () => {
    const sub = uniqueSub();
    const { code } = await link(sub, SITE, { source: { kind: 'campaign', id: 'c', campaignId: 'c' } });
    const who = { ip: '203.0.113.77', userAgent: 'AgenteUnico/9.9 (prueba)' };
    await followLink(code, who, NOW);
    const stored = [...(await Promise.all(['link#', 'clicks#', 'campaignclicks#', 'linkvisitor#', 'campaignvisitor#'].map((prefix) => table.query(`user#${sub}`, prefix)))).flat(), await table.get(`linkcode#${code}`, 'claim'), await table.get(`linksalt#${DAY}`, 'salt')];
    expect(stored.length).toBeGreaterThan(5);
    const text = JSON.stringify(stored);
    expect(text).not.toContain(who.ip);
    expect(text).not.toContain('AgenteUnico');
    const visitors = stored.filter((item) => String(item?.sk).startsWith('linkvisitor#'));
    expect(visitors).toHaveLength(1);
    expect(visitors[0]?.visitor).toMatch(/^[0-9a-f]{32}$/);
    expect(visitors[0]?.expiresAt).toBe(Math.floor(NOW.getTime() / 1000) + 2 * 86_400);
  });

  it('200 concurrent follows of one link are 200 clicks', async () => {
    const sub = uniqueSub();
    const { code } = await link(sub, SITE);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => followLink(code, visitor(i % 50), NOW)));
    expect(new Set(results.map((r) => r.location)).size).toBe(1);
    expect(await linkDayCounts(sub, code, DAY)).toEqual({ clicks: 200, uniques: 50 });
  });
});
