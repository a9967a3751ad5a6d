/**
 * Tracked link redirect (issue 15 item 4): `GET /r/{code}` of the HTTP API without an authorizer
 * (CloudFront `/r/*`; the twin's router sends the same event). parse (code, client IP, user agent)
 * → `followLink` → 302 to the link's target with its UTM parameters, or the Spanish 404 page for an
 * unknown code or a refused target. The query string is never read: no `?url=` is ever honoured.
 * Neither the IP nor the user agent is logged or stored (core/links/clicks.ts hashes them).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { followLink } from '../core/links/links';
import { linkNotFoundHtml } from '../core/links/page';
import { clientIp } from '../platform/callable/client-ip';
import { DomainError } from '../platform/errors';
import { logger } from '../platform/logger';

const COMMON_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

export async function handler(event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> {
  logger.addContext(context);
  const code = event.pathParameters?.code ?? '';
  try {
    const userAgent = event.headers?.['user-agent'] ?? event.requestContext?.http?.userAgent ?? null;
    const { location } = await followLink(code, { ip: clientIp(event), userAgent });
    return { statusCode: 302, headers: { ...COMMON_HEADERS, location }, body: '' };
  } catch (error) {
    const expected = error instanceof DomainError && error.kind === 'NOT_FOUND';
    if (!expected) logger.error('Tracked link redirect failed', { error: error as Error, requestId: context.awsRequestId });
    return {
      statusCode: expected ? 404 : 500,
      headers: { ...COMMON_HEADERS, 'content-type': 'text/html; charset=utf-8', 'x-content-type-options': 'nosniff' },
      body: linkNotFoundHtml(),
    };
  }
}
