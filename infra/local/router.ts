/**
 * The twin's HTTP front: one origin serving the stack's HTTP API routes as API Gateway does
 * (`POST /api/<name>`, `GET /blog/{proxy+}`, `GET /oauth/callback/{platform}`, the networks'
 * webhooks under `/webhooks/`, the tracked links' `GET /r/{code}`: the routes,
 * authorizer rules and integrations are read from the synthesized template), `/api/health`, `/config.json`, the Lambda Invoke endpoint
 * cognito-local calls for triggers, and everything else through Vite.
 *
 * Issue 16: every answer carries the headers CloudFront's policies add on that path (infra/web-headers.ts:
 * the SPA's CSP with `frame-ancestors 'none'`, the widget's framable one, the blog's without CSP).
 * Only `localhost`, `127.0.0.1` and `[::1]` Host headers are served (a DNS-rebinding page's Host is
 * its own name). The trigger endpoint lives under a per-start secret path
 * (`/_twin/lambda/<secret>/2015-03-31/functions/{name}/invocations`, see `triggerEndpoint`) and
 * refuses a request whose Origin is not the twin's own.
 *
 * API Gateway's own answers are reproduced: an unknown route is 404 `{"message":"Not Found"}`; a
 * JWT route without a valid token is 401 `{"message":"Unauthorized"}` (with `www-authenticate`),
 * without a required scope 403 `{"message":"Forbidden"}`; a function that throws (at load or
 * while running) or times out is 500 `{"message":"Internal Server Error"}`, and one still
 * running at the 30 s integration timeout is 503 `{"message":"Service Unavailable"}`. Each of
 * those failures is logged with the request id. A route whose integration has credentials (the
 * callables, infra/constructs/api.ts) is invoked only if that role's policy allows
 * `lambda:InvokeFunction` on the function, evaluated as the AWS gateway evaluates the functions'
 * own calls; API Gateway answers a refused invocation with a 500 too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { OAUTH_CALLBACK_PREFIX, TRACKED_LINK_PREFIX, WEBHOOKS_PREFIX, type RuntimeConfig } from '@director-ia/shared';
import { headerLines, headersPolicy, headersPolicyFor, type BrowserOrigins } from '../web-headers';
import { PrincipalEvaluator } from './aws-gateway/evaluate';
import { BodyTooLarge, readBody } from './aws-gateway/forward';
import { accessDeniedMessage } from './aws-gateway/responses';
import type { Deployment, DeployedRoute } from './deployment/template';
import { httpApiEvent, stringifyClaims } from './events';
import type { InvokeOutcome } from './runtime/environments';
import type { AccessTokenVerifier } from './token-verifier';

/** API Gateway HTTP APIs accept payloads up to 10 MB; the twin refuses more before reading it. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** Paths CloudFront sends to the API origin (infra/constructs/web.ts behaviors). */
export const API_ORIGIN_PREFIXES = ['/api/', '/blog/', `${OAUTH_CALLBACK_PREFIX}/`, `${WEBHOOKS_PREFIX}/`, `${TRACKED_LINK_PREFIX}/`];
/** Host names the twin answers (any port): a page that rebinds its own name to 127.0.0.1 sends that name. */
export const LOCAL_HOST_NAMES = ['localhost', '127.0.0.1', '[::1]'];
/** Paths whose answers carry CloudFront's no-referrer policy, not infra/web-headers.ts's (infra/constructs/web.ts). */
const OWN_POLICY_PREFIXES = [`${OAUTH_CALLBACK_PREFIX}/`, `${TRACKED_LINK_PREFIX}/`];
/** Where the trigger endpoint lives, followed by the per-start secret. */
const TRIGGER_PREFIX = '/_twin/lambda/';
const TRIGGER_PATH = /^\/_twin\/lambda\/([^/]+)\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/** The Lambda endpoint cognito-local is given for its triggers: the twin's `base` origin and the per-start `secret`. */
export function triggerEndpoint(base: string, secret: string): string {
  return `${base}${TRIGGER_PREFIX}${encodeURIComponent(secret)}`;
}

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
  /** What the CSP names besides the site (the AWS gateway's S3, cognito-local); without it no hardening header is sent. */
  browserOrigins?: () => BrowserOrigins | undefined;
  /** The trigger endpoint's per-start secret (`triggerEndpoint`); without it the endpoint is not served. */
  triggerSecret?: string;
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
    if (!isLocalHost(req.headers.host)) return send(res, 421, { message: 'The twin answers localhost, 127.0.0.1 and [::1] only.' });
    const origins = state.browserOrigins?.();
    const policy = headersPolicyFor(url.pathname, OWN_POLICY_PREFIXES);
    if (origins && policy) withHeaders(res, headerLines(headersPolicy(policy, origins)));
    try {
      if (url.pathname === '/api/health') {
        const { ready, detail } = state.readiness();
        return send(res, ready ? 200 : 503, { status: ready ? 'ok' : 'starting', detail });
      }
      if (url.pathname === '/config.json') {
        const config = state.runtimeConfig();
        return config ? send(res, 200, config) : send(res, 503, { error: 'starting' });
      }
      const invoke = TRIGGER_PATH.exec(url.pathname);
      if (invoke && req.method === 'POST') {
        if (!sameSecret(decodeURIComponent(invoke[1] ?? ''), state.triggerSecret) || !sameOrigin(req)) return send(res, 403, { message: 'Forbidden' });
        return await invokeFunction(decodeURIComponent(invoke[2] ?? ''), req, res, state);
      }
      if (url.pathname.startsWith(TRIGGER_PREFIX)) return send(res, 403, { message: 'Forbidden' });
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

/** Whether a Host header names the twin's own machine (any port). */
function isLocalHost(host: string | undefined): boolean {
  if (!host) return false;
  try {
    return LOCAL_HOST_NAMES.includes(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

/** No Origin (cognito-local, curl), or one on a local host name at the port the request came to. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const { hostname, port, protocol } = new URL(origin);
    return protocol === 'http:' && LOCAL_HOST_NAMES.includes(hostname) && Number(port) === req.socket.localPort;
  } catch {
    return false;
  }
}

/** Constant-time comparison of the trigger endpoint's secret; false when the twin has none. */
function sameSecret(given: string, expected: string | undefined): boolean {
  if (!expected) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Makes every answer on `res` carry `headers`, replacing the handler's own of the same name as
 * CloudFront's `override` does (applied in writeHead, which Node also calls for an implicit head).
 */
function withHeaders(res: ServerResponse, headers: Record<string, string>): void {
  const writeHead = res.writeHead.bind(res) as (statusCode: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    const message = typeof rest[0] === 'string' ? rest[0] : undefined;
    const given = rest.find((arg) => typeof arg === 'object' && arg !== null) as Record<string, unknown> | unknown[] | undefined;
    const pairs: [string, unknown][] = Array.isArray(given) ? pairsOf(given) : Object.entries(given ?? {});
    for (const [name, value] of pairs) res.setHeader(name, value as string);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    return message === undefined ? writeHead(statusCode) : writeHead(statusCode, message);
  }) as ServerResponse['writeHead'];
}

/** `[name, value, name, value…]` (or `[[name, value]…]`) as pairs. */
function pairsOf(raw: unknown[]): [string, unknown][] {
  if (raw.every(Array.isArray)) return raw as [string, unknown][];
  const pairs: [string, unknown][] = [];
  for (let index = 0; index + 1 < raw.length; index += 2) pairs.push([String(raw[index]), raw[index + 1]]);
  return pairs;
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

/** One evaluator per credentials role (by its policies object, so a new deployment gets new ones). */
const invokeRoles = new WeakMap<object, PrincipalEvaluator>();

/**
 * Why API Gateway may not invoke `route`'s function as the integration's credentials role, or
 * undefined when it may (or the route has no credentials: a resource policy the twin does not read).
 */
export async function invokeDenied(route: DeployedRoute): Promise<string | undefined> {
  if (!route.credentials) return undefined;
  const { role, functionArn } = route.credentials;
  let evaluator = invokeRoles.get(role.policies);
  if (!evaluator) {
    const account = role.roleArn.split(':')[4] ?? '';
    evaluator = new PrincipalEvaluator({ name: 'apigateway', roleArn: role.roleArn, accessKeyId: '', secretAccessKey: '', policies: role.policies }, account);
    invokeRoles.set(role.policies, evaluator);
  }
  const region = functionArn.split(':')[3] ?? '';
  const evaluation = await evaluator.evaluate({ action: 'lambda:InvokeFunction', resource: functionArn }, region);
  return evaluation.allowed ? undefined : accessDeniedMessage(evaluator.sessionArn, 'lambda:InvokeFunction', evaluation.resource, evaluation.outcome === 'ExplicitlyDenied');
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
  const denied = await invokeDenied(route);
  if (denied) {
    log(`[twin] ${route.routeKey} → ${name}: API Gateway may not invoke it: ${denied} (requestId ${requestId})`);
    return gatewayError(res, 'internal');
  }
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
