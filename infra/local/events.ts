/**
 * Builds the Lambda events and contexts AWS would deliver, so handler modules run unchanged:
 * API Gateway HTTP API v2 events with JWT-authorizer claims, and a minimal Lambda Context.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
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
}

/** An HTTP API (payload v2) event for `POST <path>`; `authorizer` only when claims are given. */
export function httpApiEvent({ req, path, body, claims }: HttpEventInput): APIGatewayProxyEventV2WithJWTAuthorizer {
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
    authorizer: claims ? { principalId: '', integrationLatency: 0, jwt: { claims, scopes: null } } : undefined,
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

/** A Lambda Context with a fresh request id. */
export function lambdaContext(functionName: string): Context {
  const awsRequestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:eu-west-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
