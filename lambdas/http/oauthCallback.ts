/**
 * PLACEHOLDER (issue 12): the public OAuth callback page, `GET /oauth/callback/{platform}`.
 * Replaced by the real handler before issue 12 lands.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export async function handler(_event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  return { statusCode: 501, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Pendiente' };
}
