/**
 * Public blog HTTP handler (issue 5 item 4): `GET /blog/{proxy+}` of the HTTP API without an
 * authorizer (CloudFront `/blog/*`; the twin's router sends the same event). Not a callable: it
 * answers server-rendered HTML, never JSON.
 *
 * parse (raw path, site origin, the query's `ref` and utm_* for the embedded chat widget, issue 15
 * item 4) → one core call (`servePublicBlog`) → the page, or a Spanish 500
 * page without internals when anything fails (logged with the request id). The site origin is
 * configuration (`SITE_ORIGIN`, the CloudFront or custom domain URL the stack sets); without it,
 * the request's own host and `x-forwarded-proto` (the twin) name it.
 */
import { visitFromSearch } from '@director-ia/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { servePublicBlog } from '../core/blog/public';
import { errorPage, pageResponse } from '../core/blog/pages';
import { logger } from '../platform/logger';

/** Environment variable with the site's origin (`https://example.com`, no trailing slash). */
export const SITE_ORIGIN_ENV = 'SITE_ORIGIN';

/** The origin the pages are served from: configuration first, else the request's host. */
export function siteOrigin(event: Pick<APIGatewayProxyEventV2, 'headers'>): string {
  const configured = process.env[SITE_ORIGIN_ENV]?.replace(/\/+$/, '');
  if (configured) return configured;
  const headers = event.headers ?? {};
  const proto = headers['x-forwarded-proto']?.split(',')[0]?.trim() === 'http' ? 'http' : 'https';
  const host = (headers.host ?? '').replace(/[^A-Za-z0-9.:[\]-]/g, '');
  return `${proto}://${host || 'localhost'}`;
}

export async function handler(event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> {
  logger.addContext(context);
  const started = performance.now();
  const path = event.rawPath ?? '/';
  let response;
  try {
    response = await servePublicBlog(path, { origin: siteOrigin(event), visit: visitFromSearch(event.rawQueryString ?? '') });
  } catch (error) {
    logger.error('Public blog page failed', { error: error as Error, path, requestId: context.awsRequestId });
    response = pageResponse(errorPage());
  }
  const millis = performance.now() - started;
  return {
    statusCode: response.statusCode,
    headers: { ...response.headers, 'server-timing': `app;dur=${millis.toFixed(1)}` },
    body: response.body,
  };
}
