/**
 * The public blog's handler against DynamoDB Local (issue 15 item 4): the request's query string
 * reaches the page, whose chat widget frame carries its `ref` and utm_* (and nothing else of it);
 * the CSP allows that frame's origin only.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { uniqueSub, useDomainEnv } from '../../../support/domain-env';
import { seedEnabledBlog } from '../../../support/public-blog';

const ORIGIN = 'https://marca.example.test';
await useDomainEnv({ SITE_ORIGIN: ORIGIN });
const { handler } = await import('../../../../lambdas/http/blogPublico');
const { profiles } = await import('../../../../lambdas/platform/db/entities/profile');

const context = { awsRequestId: 'test', functionName: 'blogPublico' } as Context;
const event = (rawPath: string, rawQueryString: string) => ({ rawPath, rawQueryString, headers: {} }) as unknown as APIGatewayProxyEventV2;

describe('blogPublico', () => {
  it("passes the query's ref and UTM on to the chat widget frame", async () => {
    const uid = uniqueSub();
    const slug = `blog-${uid.slice(0, 8)}`;
    await profiles().create({ uid, email: `${uid}@marca.es`, status: 'active', isAdmin: false, createdAt: new Date().toISOString() }).go();
    await seedEnabledBlog(uid, slug);

    const response = await handler(event(`/blog/${slug}`, 'utm_source=instagram&ref=Ab3dEf9h&fbclid=xyz&ref2=no'), context);
    expect(response.statusCode).toBe(200);
    const src = /<iframe class="chat-widget" src="([^"]*)"/.exec(String(response.body))?.[1]?.replace(/&amp;/g, '&');
    expect(src).toBe(`${ORIGIN}/widget/${uid}?ref=Ab3dEf9h&utm_source=instagram`);
    expect(response.headers?.['content-security-policy']).toContain(`frame-src ${ORIGIN};`);

    const bare = await handler(event(`/blog/${slug}`, ''), context);
    expect(/<iframe class="chat-widget" src="([^"]*)"/.exec(String(bare.body))?.[1]).toBe(`${ORIGIN}/widget/${uid}`);
  });
});
