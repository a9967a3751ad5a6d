/**
 * Public webhook handler of the networks' messages (issue 14 item 1): `GET|POST
 * /webhooks/{network}` (Meta: facebook, instagram) and `POST /webhooks/telegram/{routeKey}` of the
 * HTTP API without an authorizer (CloudFront `/webhooks/*`; the twin's router sends the same
 * event). The raw body is kept byte for byte (the signature is over it); core/inbox/receive.ts does
 * the rest. An unexpected failure is a 500 with a log line (the network redelivers; storage
 * dedupes), never the body or a header value in the log.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { handleWebhook } from '../core/inbox/receive';
import { logger } from '../platform/logger';

const lowerCased = (headers: APIGatewayProxyEventV2['headers']): Record<string, string | undefined> => Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));

export async function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> {
  if (context) logger.addContext(context);
  const segments = (event.rawPath ?? '').split('/').filter(Boolean);
  const network = event.pathParameters?.network ?? segments[1] ?? '';
  try {
    const rawBody = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
    const response = await handleWebhook({
      method: event.requestContext?.http?.method ?? 'POST',
      network,
      ...(event.pathParameters?.routeKey ? { routeKey: event.pathParameters.routeKey } : {}),
      query: new URLSearchParams(event.rawQueryString ?? ''),
      headers: lowerCased(event.headers),
      rawBody,
    });
    return { statusCode: response.status, headers: { 'content-type': response.contentType ?? 'text/plain; charset=utf-8' }, body: response.body };
  } catch (error) {
    logger.error('Webhook delivery failed', { network: network.slice(0, 32), error: { name: (error as Error).name, message: (error as Error).message } });
    return { statusCode: 500, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'error' };
  }
}
