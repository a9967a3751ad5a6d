/**
 * The `/r/{code}` handler (issue 15 item 4) against DynamoDB Local: a 302 with the target's
 * Location, no-store and no-referrer; a `?url=` query changes nothing; an unknown code is the
 * Spanish 404 page, which echoes nothing of the request.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { LINK_MSG } from '@director-ia/shared';
import { uniqueSub, useDomainEnv } from '../../../support/domain-env';

const SITE = 'https://marca.example.test';
await useDomainEnv({ SITE_URL: SITE });
const { handler } = await import('../../../../lambdas/http/trackedRedirect');
const { createTrackedLink } = await import('../../../../lambdas/core/links/links');

const context = { awsRequestId: 'req-1', functionName: 'trackedRedirect' } as Context;
function event(code: string, rawQueryString = ''): APIGatewayProxyEventV2 {
  return {
    rawPath: `/r/${code}`,
    rawQueryString,
    pathParameters: { code },
    queryStringParameters: rawQueryString ? Object.fromEntries(new URLSearchParams(rawQueryString)) : undefined,
    headers: { 'user-agent': 'Prueba/1.0' },
    requestContext: { http: { method: 'GET', path: `/r/${code}`, sourceIp: '192.0.2.10', userAgent: 'Prueba/1.0' } },
  } as unknown as APIGatewayProxyEventV2;
}

describe('trackedRedirect handler', () => {
  it('answers 302 to the target with UTM and ref, uncached, without referrer; the query is ignored', async () => {
    const { code } = await createTrackedLink(uniqueSub(), { targetUrl: `${SITE}/oferta`, source: { kind: 'article', id: 'a1' }, utm: { source: 'blog', medium: 'articulo', campaign: 'otono' } });
    const expected = `${SITE}/oferta?utm_source=blog&utm_medium=articulo&utm_campaign=otono&ref=${code}`;
    for (const query of ['', 'url=https%3A%2F%2Fevil.example%2F', 'redirect=https://evil.example&next=//evil.example']) {
      const response = await handler(event(code, query), context);
      expect(response.statusCode).toBe(302);
      expect(response.headers).toMatchObject({ location: expected, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    }
  });

  it('an unknown code is the Spanish 404 page', async () => {
    const response = await handler(event('NoExiste', 'url=https://evil.example'), context);
    expect(response.statusCode).toBe(404);
    expect(response.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    expect(response.headers?.location).toBeUndefined();
    expect(response.body).toContain(LINK_MSG.notFoundBody);
    expect(response.body).not.toContain('evil');
  });
});
