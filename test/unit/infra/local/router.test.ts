/**
 * The twin's front as API Gateway (infra/local/router.ts): routes come from the deployment, the JWT
 * authorizer's answers (401 without a valid token, 403 without the route's scope), the function's
 * answer passed through, and API Gateway's own answers when a function fails on load or at run
 * time (500) or outlives the integration timeout (503), each logged with the request id; the front
 * keeps serving afterwards.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../infra/local/deployment/template';
import { API_ORIGIN_PREFIXES, createRouter, matchRoute, payloadV2Response, type ServedApi } from '../../../../infra/local/router';
import type { InvokeOutcome } from '../../../../infra/local/runtime/environments';

const SCOPE = 'aws.cognito.signin.user.admin';
const fnArn = (id: string) => `arn:aws:lambda:eu-west-1:000000000000:function:${id}`;
/** The integrations' credentials role (infra/constructs/api.ts): it may invoke ConRol only. */
const INVOKE_ROLE = {
  roleArn: 'arn:aws:iam::000000000000:role/InvokeRole0',
  policies: [{ name: 'invoke', document: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: fnArn('ConRol') }] } }],
};
const deployment: Deployment = {
  functions: [],
  routes: [
    { routeKey: 'POST /api/privada', method: 'POST', path: '/api/privada', functionLogicalId: 'Privada', authorization: 'JWT', scopes: [SCOPE] },
    { routeKey: 'POST /api/publica', method: 'POST', path: '/api/publica', functionLogicalId: 'Publica', authorization: 'NONE', scopes: [] },
    { routeKey: 'POST /api/rota', method: 'POST', path: '/api/rota', functionLogicalId: 'Rota', authorization: 'NONE', scopes: [] },
    { routeKey: 'POST /api/lenta', method: 'POST', path: '/api/lenta', functionLogicalId: 'Lenta', authorization: 'NONE', scopes: [] },
    { routeKey: 'GET /blog/{proxy+}', method: 'GET', path: '/blog/{proxy+}', functionLogicalId: 'Blog', authorization: 'NONE', scopes: [] },
    { routeKey: 'GET /oauth/callback/{platform}', method: 'GET', path: '/oauth/callback/{platform}', functionLogicalId: 'Callback', authorization: 'NONE', scopes: [] },
    { routeKey: 'GET /webhooks/{network}', method: 'GET', path: '/webhooks/{network}', functionLogicalId: 'Webhook', authorization: 'NONE', scopes: [] },
    { routeKey: 'POST /webhooks/{network}', method: 'POST', path: '/webhooks/{network}', functionLogicalId: 'Webhook', authorization: 'NONE', scopes: [] },
    { routeKey: 'POST /api/conRol', method: 'POST', path: '/api/conRol', functionLogicalId: 'ConRol', authorization: 'NONE', scopes: [], credentials: { role: INVOKE_ROLE, functionArn: fnArn('ConRol') } },
    { routeKey: 'POST /api/sinPermiso', method: 'POST', path: '/api/sinPermiso', functionLogicalId: 'SinPermiso', authorization: 'NONE', scopes: [], credentials: { role: INVOKE_ROLE, functionArn: fnArn('SinPermiso') } },
    { routeKey: 'POST /webhooks/telegram/{routeKey}', method: 'POST', path: '/webhooks/telegram/{routeKey}', functionLogicalId: 'Webhook', authorization: 'NONE', scopes: [] },
  ],
  triggers: {},
  notifications: [],
  schedules: [],
  scheduleGroups: [],
  schedulerRoles: [],
};
const TOKENS: Record<string, Record<string, unknown>> = {
  access: { sub: 'u1', token_use: 'access', client_id: 'web', scope: SCOPE },
  id: { sub: 'u1', token_use: 'id', aud: 'web' },
};

/** The parts of the HTTP API event the tests read. */
interface SeenEvent {
  routeKey: string;
  rawPath: string;
  rawQueryString: string;
  body?: string;
  pathParameters?: Record<string, string>;
  requestContext: { authorizer?: { jwt: unknown } };
}
const events: { name: string; event: SeenEvent }[] = [];
const logs: string[] = [];
const invoker = {
  invoke: async (name: string, event: unknown, requestId = 'r'): Promise<InvokeOutcome> => {
    events.push({ name, event: event as SeenEvent });
    if (name === 'rota') return { ok: false, kind: 'init', requestId, error: { errorType: 'TypeError', errorMessage: 'broken bundle', trace: [] } };
    if (name === 'lenta') return new Promise(() => undefined);
    return { ok: true, coldStart: false, requestId, result: { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ result: name }) } };
  },
};
const api: ServedApi = {
  deployment,
  functionName: (id) => id.toLowerCase(),
  invoker,
  verifier: {
    verify: async (token) => {
      const claims = TOKENS[token];
      if (!claims) throw new Error('invalid');
      return claims as never;
    },
  },
};

let server: http.Server;
let base: string;

beforeAll(async () => {
  const router = createRouter({ readiness: () => ({ ready: true, detail: 'ok' }), api: () => api, runtimeConfig: () => undefined, fallback: (_req, res) => res.end('web'), log: (line) => logs.push(line), integrationTimeoutMs: 200 });
  server = http.createServer((req, res) => void router(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, token?: string) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: '{"data":null}' });

describe('twin router (API Gateway)', () => {
  it.each([
    ['no route', () => post('/api/noExiste', 'access'), 404, { message: 'Not Found' }],
    ['no token on a JWT route', () => post('/api/privada'), 401, { message: 'Unauthorized' }],
    ['an invalid token', () => post('/api/privada', 'garbage'), 401, { message: 'Unauthorized' }],
    ['an ID token (no access-token scope)', () => post('/api/privada', 'id'), 403, { message: 'Forbidden' }],
    ['a function that throws on load', () => post('/api/rota'), 500, { message: 'Internal Server Error' }],
    ['a function past the integration timeout', () => post('/api/lenta'), 503, { message: 'Service Unavailable' }],
    ['a function the integration\'s credentials role may not invoke', () => post('/api/sinPermiso'), 500, { message: 'Internal Server Error' }],
    ['HEAD on a GET-only route', () => fetch(`${base}/blog/x`, { method: 'HEAD' }), 404, null],
  ])('%s → %i with the gateway body', async (_label, request, status, body) => {
    const response = await request();
    expect(response.status).toBe(status);
    if (body) expect(await response.json()).toEqual(body);
  });

  it('passes a valid access token\'s claims and scopes to the function, and its answer back', async () => {
    const response = await post('/api/privada', 'access');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: 'privada' });
    const { event } = events.filter((e) => e.name === 'privada').at(-1)!;
    expect(event.routeKey).toBe('POST /api/privada');
    expect(event.requestContext.authorizer?.jwt).toEqual({ claims: { sub: 'u1', token_use: 'access', client_id: 'web', scope: SCOPE }, scopes: [SCOPE] });
    expect(event.body).toBe('{"data":null}');
  });

  it('invokes a function through the integration\'s credentials role when its policy allows it, and logs a refusal with the role\'s AccessDenied', async () => {
    const response = await post('/api/conRol');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: 'conrol' });
    await post('/api/sinPermiso');
    expect(events.some((e) => e.name === 'sinpermiso')).toBe(false);
    expect(logs.join('\n')).toContain(`assumed-role/InvokeRole0/apigateway is not authorized to perform: lambda:InvokeFunction on resource: ${fnArn('SinPermiso')}`);
  });

  it('sends public routes no authorizer context, even with a token', async () => {
    await post('/api/publica', 'access');
    expect(events.filter((e) => e.name === 'publica').at(-1)?.event.requestContext.authorizer).toBeUndefined();
  });

  it('gives the greedy blog route its proxy path parameter, decoded, and no body', async () => {
    await fetch(`${base}/blog/mi-blog/art%C3%ADculo`);
    const { event } = events.filter((e) => e.name === 'blog').at(-1)!;
    expect(event.pathParameters).toEqual({ proxy: 'mi-blog/artículo' });
    expect(event.rawPath).toBe('/blog/mi-blog/artículo');
    expect(event).not.toHaveProperty('body');
  });

  it('serves the OAuth callback route (not the web), with its platform parameter and the query string', async () => {
    const response = await fetch(`${base}/oauth/callback/facebook?code=abc&state=xyz`);
    expect(response.status).toBe(200);
    const { event } = events.filter((e) => e.name === 'callback').at(-1)!;
    expect(event.pathParameters).toEqual({ platform: 'facebook' });
    expect(event.rawQueryString).toBe('code=abc&state=xyz');
    expect(event.routeKey).toBe('GET /oauth/callback/{platform}');
    expect(event.requestContext.authorizer).toBeUndefined();
    for (const path of ['/oauth/callback/facebook/otro', '/oauth/callback/']) {
      const missing = await fetch(`${base}${path}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('serves the webhook routes (not the web), as CloudFront\'s /webhooks/* behavior: the raw body, the signature header and the query string reach the function', async () => {
    expect(API_ORIGIN_PREFIXES).toContain('/webhooks/');
    const body = '{"object":"page","entry":[]}';
    const posted = await fetch(`${base}/webhooks/facebook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=abc' }, body });
    expect(posted.status).toBe(200);
    const delivery = events.filter((e) => e.name === 'webhook').at(-1)!.event as SeenEvent & { headers: Record<string, string> };
    expect(delivery).toMatchObject({ routeKey: 'POST /webhooks/{network}', pathParameters: { network: 'facebook' }, body });
    expect(delivery.headers['x-hub-signature-256']).toBe('sha256=abc');
    const verify = await fetch(`${base}/webhooks/instagram?hub.mode=subscribe&hub.challenge=42`);
    expect(verify.status).toBe(200);
    expect(events.filter((e) => e.name === 'webhook').at(-1)!.event).toMatchObject({ routeKey: 'GET /webhooks/{network}', rawQueryString: 'hub.mode=subscribe&hub.challenge=42' });
    await fetch(`${base}/webhooks/telegram/k123`, { method: 'POST', body: '{}' });
    expect(events.filter((e) => e.name === 'webhook').at(-1)!.event).toMatchObject({ routeKey: 'POST /webhooks/telegram/{routeKey}', pathParameters: { routeKey: 'k123' } });
    expect((await fetch(`${base}/webhooks/`)).status).toBe(404);
  });

  it('logs each failure with the request id and keeps serving', async () => {
    expect(logs.some((line) => /POST \/api\/rota → rota failed: TypeError: broken bundle \(requestId [\w-]+\)/.test(line))).toBe(true);
    expect(logs.some((line) => /integration timed out .*requestId [\w-]+/.test(line))).toBe(true);
    expect((await post('/api/publica')).status).toBe(200);
  });

  it('refuses a body over 10 MB before reading it', async () => {
    const response = await fetch(`${base}/api/publica`, { method: 'POST', body: 'x'.repeat(10 * 1024 * 1024 + 1) });
    expect(response.status).toBe(413);
  });
});

describe('matchRoute and payloadV2Response', () => {
  it('matches exact routes and greedy tails, never an empty proxy', () => {
    expect(matchRoute(deployment.routes, 'POST', '/api/publica')?.route.functionLogicalId).toBe('Publica');
    expect(matchRoute(deployment.routes, 'GET', '/blog/a/b')?.pathParameters).toEqual({ proxy: 'a/b' });
    expect(matchRoute(deployment.routes, 'GET', '/blog/')).toBeUndefined();
    expect(matchRoute(deployment.routes, 'GET', '/api/publica')).toBeUndefined();
    expect(matchRoute(deployment.routes, 'GET', '/oauth/callback/x')?.pathParameters).toEqual({ platform: 'x' });
    expect(matchRoute(deployment.routes, 'GET', '/oauth/callback')).toBeUndefined();
  });

  it('prefers an exact route to a {param} one, and a {param} one to a greedy one, as API Gateway does', () => {
    const route = (path: string, id: string) => ({ routeKey: `GET ${path}`, method: 'GET', path, functionLogicalId: id, authorization: 'NONE' as const, scopes: [] });
    const routes = [route('/a/{proxy+}', 'Greedy'), route('/a/{id}', 'Param'), route('/a/fijo', 'Exact')];
    expect(matchRoute(routes, 'GET', '/a/fijo')).toEqual({ route: routes[2] });
    expect(matchRoute(routes, 'GET', '/a/otro')).toEqual({ route: routes[1], pathParameters: { id: 'otro' } });
    expect(matchRoute(routes, 'GET', '/a/otro/mas')).toEqual({ route: routes[0], pathParameters: { proxy: 'otro/mas' } });
  });

  it('turns a non-proxy result into a 200 JSON answer, as HTTP API payload 2.0 does', () => {
    expect(payloadV2Response({ hola: 1 })).toMatchObject({ statusCode: 200, headers: { 'content-type': 'application/json' } });
    expect(payloadV2Response({ statusCode: 201, body: 'aG9sYQ==', isBase64Encoded: true }).body.toString()).toBe('hola');
  });
});
