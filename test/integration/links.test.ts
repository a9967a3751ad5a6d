/**
 * Tracked links through the twin (issue 15 item 4; Done-when: no open redirects, 200 concurrent
 * hits counted, no raw IP in the table). Links are planted in their stored shape
 * (test/support/tracked-links.ts; the core unit test pins that shape to createTrackedLink's), since
 * no callable creates them yet. Requests come from a loopback address of their own (127.x.y.z), so
 * the source IP is a string nothing else in the table can contain.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { LINK_MSG, trackedLinkPath } from '@director-ia/shared';
import { rawTable } from '../support/dynamo';
import { rawLinkItems } from '../support/tracked-links';
import { freshVisitorIp } from '../support/widget';

const twin = inject('twin');
const table = rawTable(twin);
/** The twin's SITE_URL (the origin its router serves the site from). */
const SITE = twin.url.replace('127.0.0.1', 'localhost');
const UTM = { source: 'facebook', medium: 'social', campaign: 'lanzamiento' };
const visitorIp = freshVisitorIp();

/** `GET path` from `visitorIp`, redirects not followed. */
function get(path: string): Promise<{ status: number; location?: string; body: string }> {
  const url = new URL(path, twin.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: 'GET', localAddress: visitorIp, headers: { 'user-agent': 'PruebaEnlaces/1.0' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Plants link `code` of a new brand to `targetUrl`; answers the brand. */
async function plant(code: string, targetUrl: string, campaignId?: string): Promise<string> {
  const sub = randomUUID();
  const source = { kind: 'creative' as const, id: 'creativo-1', network: 'facebook', ...(campaignId ? { campaignId } : {}) };
  for (const item of rawLinkItems(sub, code, { targetUrl, source, utm: UTM, createdAt: new Date().toISOString() })) await table.put(item);
  return sub;
}

const newCode = () => `T${randomUUID().replace(/-/g, '').slice(0, 7)}`;

describe('tracked links through the twin', () => {
  it('redirect with UTM and ref, ignore any query, refuse foreign targets, count 200 concurrent hits and store no IP', async () => {
    const code = newCode();
    const campaignId = `camp-${randomUUID()}`;
    const sub = await plant(code, `${SITE}/oferta?plan=anual#detalles`, campaignId);
    const expected = `${SITE}/oferta?plan=anual&utm_source=facebook&utm_medium=social&utm_campaign=lanzamiento&ref=${code}#detalles`;

    const first = await get(trackedLinkPath(code));
    expect(first.status).toBe(302);
    expect(first.location).toBe(expected);
    // No `?url=` (or anything else in the query) is ever honoured.
    const withQuery = await get(`${trackedLinkPath(code)}?url=https%3A%2F%2Fevil.example%2F&next=https://evil.example`);
    expect(withQuery).toMatchObject({ status: 302, location: expected });

    // A link whose stored target is another site is a 404 page, never a redirect.
    const foreign = newCode();
    await plant(foreign, 'https://evil.example/phish');
    const refused = await get(trackedLinkPath(foreign));
    expect(refused.status).toBe(404);
    expect(refused.location).toBeUndefined();
    expect(refused.body).toContain(LINK_MSG.notFoundBody);

    const day = new Date().toISOString().slice(0, 10);
    const hits = await Promise.all(Array.from({ length: 200 }, () => get(trackedLinkPath(code))));
    expect(hits.filter((hit) => hit.status === 302 && hit.location === expected)).toHaveLength(200);
    // 202 clicks unless the UTC day turned during the test.
    const counted = await table.get(`user#${sub}`, `clicks#${code}#${day}`);
    const campaign = await table.get(`user#${sub}`, `campaignclicks#${campaignId}#${day}`);
    if (new Date().toISOString().slice(0, 10) === day) {
      expect(counted).toMatchObject({ clicks: 202, uniques: 1 });
      expect(campaign).toMatchObject({ clicks: 202, uniques: 1 });
    }

    const holding = (await table.scanAll()).filter((item) => JSON.stringify(item).includes(visitorIp));
    expect(holding).toEqual([]);
  }, 60_000);
});
