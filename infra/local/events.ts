/**
 * Builds the API Gateway HTTP API (payload v2) events AWS delivers to the functions, with the JWT
 * authorizer's claims and scopes; the Lambda context is built in each execution environment.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

type ClaimValue = string | number | boolean | string[];

/**
 * HTTP API hands claims to the function as strings; arrays look like "[a b]". Reproducing that
 * keeps the twin honest about the claim parsing the handlers must do in AWS.
 */
export function stringifyClaims(payload: Record<string, unknown>): Record<string, ClaimValue> {
  const claims: Record<string, ClaimValue> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (Array.isArray(value)) claims[key] = `[${value.join(' ')}]`;
    else if (value !== null && typeof value === 'object') claims[key] = JSON.stringify(value);
    else if (value !== undefined && value !== null) claims[key] = String(value);
  }
  return claims;
}

export interface HttpEventInput {
  req: IncomingMessage;
  path: string;
  body: string;
  claims: Record<string, ClaimValue> | null;
  /** The token's scopes, as the JWT authorizer passes them (`requestContext.authorizer.jwt.scopes`). */
  scopes?: string[];
}

/** An HTTP API (payload v2) event for `POST <path>`; `authorizer` only when claims are given. */
export function httpApiEvent({ req, path, body, claims, scopes }: HttpEventInput): APIGatewayProxyEventV2WithJWTAuthorizer {
  const now = new Date();
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const method = req.method ?? 'GET';
  const requestContext = {
    accountId: 'local',
    apiId: 'local',
    domainName: headers.host ?? 'localhost',
    domainPrefix: 'localhost',
    http: { method, path, protocol: `HTTP/${req.httpVersion}`, sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
    requestId: randomUUID(),
    routeKey: `${method} ${path}`,
    stage: '$default',
    time: now.toUTCString(),
    timeEpoch: now.getTime(),
    authorizer: claims ? { principalId: '', integrationLatency: 0, jwt: { claims, scopes: scopes?.length ? scopes : null } } : undefined,
  };
  return {
    version: '2.0',
    routeKey: requestContext.routeKey,
    rawPath: path,
    rawQueryString: '',
    headers,
    requestContext,
    body,
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}
