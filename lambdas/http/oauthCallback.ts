/**
 * Public OAuth callback handler (issue 12; architecture "Social networks", flow step 4):
 * `GET /oauth/callback/{platform}` of the HTTP API without an authorizer (CloudFront
 * `/oauth/callback/*`; the twin's router sends the same event). Answers the tiny HTML page of
 * core/social/callbackPage.ts that hands the code or error to the dashboard that opened the popup;
 * it exchanges nothing and touches no table or secret. Needs only SITE_URL (the dashboard's
 * origin, the only target of the page's postMessage); without it, a Spanish 500 page (logged).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { callbackResponse, failurePage } from '../core/social/callbackPage';
import { siteOrigin } from '../core/social/site';
import { logger } from '../platform/logger';

/** The `{platform}` of the route: the path parameter, else the path's last segment. */
function platformOf(event: APIGatewayProxyEventV2): string {
  return event.pathParameters?.platform ?? (event.rawPath ?? '').split('/').filter(Boolean).pop() ?? '';
}

export async function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> {
  if (context) logger.addContext(context);
  const platform = platformOf(event);
  try {
    // Never log the query: it holds the authorization code.
    return callbackResponse(platform, new URLSearchParams(event.rawQueryString ?? ''), siteOrigin());
  } catch (error) {
    logger.error('OAuth callback page failed', { platform: platform.slice(0, 32), error: { name: (error as Error).name, message: (error as Error).message } });
    return failurePage();
  }
}
