/**
 * The twin's HTTP front: one origin serving the stack's HTTP API routes as API Gateway does
 * (`POST /api/<name>`, `GET /blog/{proxy+}`, `GET /oauth/callback/{platform}`, the networks'
 * webhooks under `/webhooks/`, the tracked links' `GET /r/{code}`: the routes,
 * authorizer rules and integrations are read from the synthesized template), `/api/health`, `/config.json`, the Lambda Invoke endpoint
 * cognito-local calls for triggers, and everything else through Vite.
 *
 * API Gateway's own answers are reproduced: an unknown route is 404 `{"message":"Not Found"}`; a
 * JWT route without a valid token is 401 `{"message":"Unauthorized"}` (with `www-authenticate`),
 * without a required scope 403 `{"message":"Forbidden"}`; a function that throws (at load or
 * while running) or times out is 500 `{"message":"Internal Server Error"}`, and one still
 * running at the 30 s integration timeout is 503 `{"message":"Service Unavailable"}`. Each of
 * those failures is logged with the request id.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OAUTH_CALLBACK_PREFIX, TRACKED_LINK_PREFIX, WEBHOOKS_PREFIX, type RuntimeConfig } from '@director-ia/shared';
import { BodyTooLarge, readBody } from './aws-gateway/forward';
import type { Deployment, DeployedRoute } from './deployment/template';
import { httpApiEvent, stringifyClaims } from './events';
import type { InvokeOutcome } from './runtime/environments';
import type { AccessTokenVerifier } from './token-verifier';

/** API Gateway HTTP APIs accept payloads up to 10 MB; the twin refuses more before reading it. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** Paths CloudFront sends to the API origin (infra/constructs/web.ts behaviors). */
export const API_ORIGIN_PREFIXES = ['/api/', '/blog/', `${OAUTH_CALLBACK_PREFIX}/`, `${WEBHOOKS_PREFIX}/`, `${TRACKED_LINK_PREFIX}/`];
/** HTTP API's maximum integration timeout. */
export const INTEGRATION_TIMEOUT_MS = 30_000;

/** What the router invokes functions with (the twin's Lambda service). */
export interface FunctionInvoker {
  invoke(name: string, event: unknown, requestId?: string): Promise<InvokeOutcome>;
}

/** The deployed API the router serves: routes from the template, functions by logical id. */
export interface ServedApi {
  deployment: Deployment;
  /** The twin's name of a function logical id. */
  functionName(logicalId: string): string | undefined;
  invoker: FunctionInvoker;
  /** The JWT authorizer (issuer, signature, expiry, audience), once Cognito is up. */
  verifier: AccessTokenVerifier;
}

export interface RouterState {
  /** Null until every part is up; the reason when something is down. */
  readiness: () => { ready: boolean; detail: string };
  api: () => ServedApi | undefined;
  runtimeConfig: () => RuntimeConfig | undefined;
  /** Anything not handled here (Vite). */
  fallback: (req: IncomingMessage, res: ServerResponse) => void;
  log?: (line: string) => void;
  /** HTTP API's integration timeout, ms (tests shorten it). */
  integrationTimeoutMs?: number;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

/** API Gateway's own error answers. */
const GATEWAY = {
  notFound: [404, { message: 'Not Found' }],
  unauthorized: [401, { message: 'Unauthorized' }],
  forbidden: [403, { message: 'Forbidden' }],
  tooLarge: [413, { message: 'Request Entity Too Large' }],
  internal: [500, { message: 'Internal Server Error' }],
  unavailable: [503, { message: 'Service Unavailable' }],
} as const;

function gatewayError(res: ServerResponse, which: keyof typeof GATEWAY, headers: Record<string, string> = {}): void {
  const [status, body] = GATEWAY[which];
  send(res, status, body, headers);
}

/** The path parameters of `path` under the route template (`{name}` = one segment, a last `{name+}` = the rest), or undefined. */
function matchTemplate(template: string, path: string): Record<string, string> | undefined {
  const parts = template.split('/');
  const segments = path.split('/');
  const parameters: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const greedy = /^\{(\w+)\+\}$/.exec(part);
    if (greedy?.[1] && index === parts.length - 1) {
      const rest = segments.slice(index).join('/');
      if (!rest) return undefined;
      parameters[greedy[1]] = rest;
      return parameters;
    }
    const segment = segments[index];
    const single = /^\{(\w+)\}$/.exec(part);
    if (segment === undefined || (single ? !segment : segment !== part)) return undefined;
    if (single?.[1]) parameters[single[1]] = segment;
  }
  return segments.length === parts.length ? parameters : undefined;
}

/** How API Gateway picks among matching routes: exact paths first, then `{param}` paths, then greedy `{proxy+}` ones. */
const specificity = (route: DeployedRoute): number => (route.path.includes('+}') ? 2 : route.path.includes('{') ? 1 : 0);

/** The route `method path` matches (see `matchTemplate`), with its path parameters when it has any. */
export function matchRoute(routes: readonly DeployedRoute[], method: string, path: string): { route: DeployedRoute; pathParameters?: Record<string, string> } | undefined {
  const candidates = routes.filter((route) => route.method === method || route.method === 'ANY').sort((a, b) => specificity(a) - specificity(b));
  for (const route of candidates) {
    const parameters = matchTemplate(route.path, path);
    if (parameters) return Object.keys(parameters).length > 0 ? { route, pathParameters: parameters } : { route };
  }
  return undefined;
}

/** Percent-decoded like API Gateway HTTP APIs deliver `rawPath`; as is when not valid encoding. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Returns the request listener of the twin's front server. */
export function createRouter(state: RouterState) {
  const log = state.log ?? ((line: string) => console.error(line));
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/api/health') {
        const { ready, detail } = state.readiness();
        return send(res, ready ? 200 : 503, { status: ready ? 'ok' : 'starting', detail });
      }
      if (url.pathname === '/config.json') {
        const config = state.runtimeConfig();
        return config ? send(res, 200, config) : send(res, 503, { error: 'starting' });
      }
      const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname);
      if (invoke && req.method === 'POST') return await invokeFunction(decodeURIComponent(invoke[1] ?? ''), req, res, state);
      // Before the web fallback, as CloudFront's /api/*, /blog/*, /oauth/callback/* and /webhooks/* behaviors: Vite never sees them.
      if (API_ORIGIN_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return await invokeRoute(url, req, res, state, log);
      state.fallback(req, res);
    } catch (error) {
      if (error instanceof BodyTooLarge) return gatewayError(res, 'tooLarge');
      log(`[twin] ${req.method} ${url.pathname} failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) gatewayError(res, 'internal');
    }
  };
}

/** API Gateway's JWT authorizer: a valid token of the configured audience, and one of the route's scopes. */
async function authorize(api: ServedApi, route: DeployedRoute, header: string | undefined): Promise<{ claims: Record<string, unknown>; scopes: string[] } | 'unauthorized' | 'forbidden'> {
  const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1] ?? header;
  if (!token) return 'unauthorized';
  let claims: Record<string, unknown>;
  try {
    claims = (await api.verifier.verify(token)) as Record<string, unknown>;
  } catch {
    return 'unauthorized';
  }
  const granted = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];
  if (route.scopes.length > 0 && !route.scopes.some((scope) => granted.includes(scope))) return 'forbidden';
  return { claims, scopes: granted };
}

async function invokeRoute(url: URL, req: IncomingMessage, res: ServerResponse, state: RouterState, log: (line: string) => void): Promise<void> {
  const api = state.api();
  if (!api || !state.readiness().ready) {
    await readBody(req, MAX_REQUEST_BYTES).catch(() => undefined);
    return gatewayError(res, 'unavailable');
  }
  const rawPath = decodedPath(url.pathname);
  const matched = matchRoute(api.deployment.routes, req.method ?? 'GET', rawPath);
  const body = await readBody(req, MAX_REQUEST_BYTES);
  if (!matched) return gatewayError(res, 'notFound');
  const { route, pathParameters } = matched;

  let authorizer: { claims: Record<string, unknown>; scopes: string[] } | null = null;
  if (route.authorization === 'JWT') {
    const verdict = await authorize(api, route, req.headers.authorization);
    if (verdict === 'unauthorized') return gatewayError(res, 'unauthorized', { 'www-authenticate': 'Bearer scope="" error="invalid_token" error_description="the token is not valid"' });
    if (verdict === 'forbidden') return gatewayError(res, 'forbidden', { 'www-authenticate': `Bearer scope="${route.scopes.join(' ')}" error="insufficient_scope" error_description="the token does not have the required scopes"` });
    authorizer = verdict;
  }

  const event = httpApiEvent({ req, path: rawPath, body: body.toString('utf8'), claims: authorizer ? stringifyClaims(authorizer.claims) : null, scopes: authorizer?.scopes });
  Object.assign(event, { routeKey: route.routeKey, rawQueryString: url.search.slice(1), ...(pathParameters ? { pathParameters } : {}) });
  Object.assign(event.requestContext, { routeKey: route.routeKey });
  // CloudFront reaches the API over HTTPS; the twin's front speaks plain HTTP.
  event.headers['x-forwarded-proto'] = 'http';
  if (req.method === 'GET' || req.method === 'HEAD') delete (event as { body?: string }).body;

  const name = api.functionName(route.functionLogicalId);
  if (!name) return gatewayError(res, 'internal');
  const requestId = event.requestContext.requestId;
  const timeoutMs = state.integrationTimeoutMs ?? INTEGRATION_TIMEOUT_MS;
  const outcome = await Promise.race([
    api.invoker.invoke(name, event, requestId),
    new Promise<'integration-timeout'>((resolve) => setTimeout(() => resolve('integration-timeout'), timeoutMs).unref()),
  ]);
  if (outcome === 'integration-timeout') {
    log(`[twin] ${route.routeKey} → ${name}: integration timed out after ${timeoutMs / 1000} s (requestId ${requestId})`);
    return gatewayError(res, 'unavailable');
  }
  if (!outcome.ok) {
    log(`[twin] ${route.routeKey} → ${name} failed: ${outcome.error.errorType}: ${outcome.error.errorMessage} (requestId ${requestId})`);
    return gatewayError(res, 'internal');
  }
  const response = payloadV2Response(outcome.result);
  res.writeHead(response.statusCode, response.headers);
  res.end(response.body);
}

/**
 * What API Gateway makes of a payload format 2.0 Lambda result: a `statusCode` object is used as
 * is; anything else is a 200 JSON body.
 */
export function payloadV2Response(result: unknown): { statusCode: number; headers: Record<string, string>; body: Buffer } {
  if (result && typeof result === 'object' && 'statusCode' in result) {
    const r = result as { statusCode: number; headers?: Record<string, string | number | boolean>; body?: string; isBase64Encoded?: boolean; cookies?: string[] };
    const headers = Object.fromEntries(Object.entries(r.headers ?? {}).map(([k, v]) => [k, String(v)]));
    const body = Buffer.from(r.body ?? '', r.isBase64Encoded ? 'base64' : 'utf8');
    return { statusCode: r.statusCode, headers: r.cookies?.length ? { ...headers, 'set-cookie': r.cookies.join(', ') } : headers, body };
  }
  const text = typeof result === 'string' ? result : JSON.stringify(result ?? null);
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(text, 'utf8') };
}

/** Lambda Invoke API subset used by cognito-local: RequestResponse, errors as X-Amz-Function-Error. */
async function invokeFunction(functionName: string, req: IncomingMessage, res: ServerResponse, state: RouterState): Promise<void> {
  const payload = await readBody(req, MAX_REQUEST_BYTES);
  const api = state.api();
  if (!api) return send(res, 503, { Type: 'Service', message: 'The twin is starting' }, { 'x-amzn-errortype': 'ServiceException' });
  let event: unknown;
  try {
    event = JSON.parse(payload.toString('utf8') || 'null');
  } catch {
    return send(res, 400, { Type: 'User', message: 'Could not parse request body into json' }, { 'x-amzn-errortype': 'InvalidRequestContentException' });
  }
  const outcome = await api.invoker.invoke(functionName, event);
  if (!outcome.ok && outcome.error.errorType === 'ResourceNotFoundException') {
    return send(res, 404, { Type: 'User', message: outcome.error.errorMessage }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
  }
  if (!outcome.ok) {
    (state.log ?? console.error)(`[twin] function ${functionName} failed: ${outcome.error.errorType}: ${outcome.error.errorMessage} (requestId ${outcome.requestId})`);
    return send(res, 200, { errorMessage: outcome.error.errorMessage, errorType: outcome.error.errorType, trace: outcome.error.trace }, { 'x-amz-function-error': 'Unhandled', 'x-amz-executed-version': '$LATEST' });
  }
  send(res, 200, outcome.result ?? null, { 'x-amz-executed-version': '$LATEST' });
}
