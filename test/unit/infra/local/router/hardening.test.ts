/**
 * The twin's front hardening (issue 16 findings 4 and 6, infra/local/router.ts): the same headers
 * as CloudFront's policies from infra/web-headers.ts (SPA and API: strict CSP, no framing; widget:
 * framable; blog: its own CSP untouched), only local Host names served, and the trigger endpoint
 * cognito-local calls reachable only under the per-start secret and never from another origin.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../../infra/local/deployment/template';
import { createRouter, triggerEndpoint, type ServedApi } from '../../../../../infra/local/router';
import { contentSecurityPolicy, type BrowserOrigins } from '../../../../../infra/web-headers';

const SECRET = 'per-start-secret';
const ORIGINS: BrowserOrigins = { uploads: 'http://127.0.0.1:9005', cognito: 'http://127.0.0.1:9002' };
const BLOG_CSP = "default-src 'none'; frame-ancestors 'none'";
const deployment: Deployment = {
  functions: [],
  routes: [
    { routeKey: 'POST /api/publica', method: 'POST', path: '/api/publica', functionLogicalId: 'Publica', authorization: 'NONE', scopes: [] },
    { routeKey: 'GET /blog/{proxy+}', method: 'GET', path: '/blog/{proxy+}', functionLogicalId: 'Blog', authorization: 'NONE', scopes: [] },
  ],
  triggers: {},
  notifications: [],
  schedules: [],
  scheduleGroups: [],
  schedulerRoles: [],
};
const invoked: string[] = [];
const api: ServedApi = {
  deployment,
  functionName: (id) => id.toLowerCase(),
  invoker: {
    invoke: async (name) => {
      invoked.push(name);
      const headers = name === 'blog' ? { 'content-type': 'text/html', 'content-security-policy': BLOG_CSP } : { 'content-type': 'application/json', 'x-frame-options': 'ALLOWALL' };
      return { ok: true, coldStart: false, requestId: 'r', result: { statusCode: 200, headers, body: '{}' } };
    },
  },
  verifier: { verify: async () => ({}) as never },
};

let server: http.Server;
let port: number;

beforeAll(async () => {
  const router = createRouter({
    readiness: () => ({ ready: true, detail: 'ok' }),
    api: () => api,
    runtimeConfig: () => undefined,
    // Vite's or the static build's answer: a header of its own, then an implicit head.
    fallback: (_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html>');
    },
    log: () => undefined,
    browserOrigins: () => ORIGINS,
    triggerSecret: SECRET,
  });
  server = http.createServer((req, res) => void router(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request (fetch may not set Host or Origin) to the test server. */
function request(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: `localhost:${port}`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('twin front: the browser hardening headers (same definition as CloudFront)', () => {
  it('sends the SPA the strict CSP with frame-ancestors \'none\', X-Frame-Options DENY and the other headers', async () => {
    const { headers } = await request('/dashboard');
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy(ORIGINS, false));
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
    });
    expect(headers['permissions-policy']).toContain('microphone=(self)');
    expect(headers['content-type']).toBe('text/html');
  });

  it('lets any site frame /widget/*: frame-ancestors *, no X-Frame-Options', async () => {
    const { headers } = await request('/widget/u1');
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy(ORIGINS, true));
    expect(headers['x-frame-options']).toBeUndefined();
  });

  it('overrides a function\'s own header on /api/*, as CloudFront\'s override does', async () => {
    const { status, headers } = await request('/api/publica', { method: 'POST', body: '{}' });
    expect(status).toBe(200);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('leaves the blog page\'s own CSP alone', async () => {
    const { headers } = await request('/blog/marca/articulo');
    expect(headers['content-security-policy']).toBe(BLOG_CSP);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBeUndefined();
  });
});

describe('twin front: Host and the trigger endpoint', () => {
  const invocation = (secret: string) => `${new URL(triggerEndpoint('http://127.0.0.1', secret)).pathname}/2015-03-31/functions/pre/invocations`;

  it('answers localhost, 127.0.0.1 and [::1] Hosts, and refuses any other name (DNS rebinding)', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) expect((await request('/', { headers: { host } })).status).toBe(200);
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.nip.io:${port}`]) expect((await request('/', { headers: { host } })).status).toBe(421);
  });

  it('invokes a trigger under the secret path, without an Origin (cognito-local) or with the twin\'s own', async () => {
    expect((await request(invocation(SECRET), { method: 'POST', body: '{}' })).status).toBe(200);
    expect((await request(invocation(SECRET), { method: 'POST', body: '{}', headers: { origin: `http://localhost:${port}` } })).status).toBe(200);
    expect(invoked.filter((name) => name === 'pre')).toHaveLength(2);
  });

  it('refuses the old unsecret path, a wrong secret and a cross-origin POST without invoking anything', async () => {
    const before = invoked.length;
    // The old path is no endpoint any more: it reaches the web fallback like any other path.
    expect((await request('/2015-03-31/functions/pre/invocations', { method: 'POST', body: '{}' })).body).toBe('<!doctype html>');
    expect((await request(invocation('guess'), { method: 'POST', body: '{}' })).status).toBe(403);
    expect((await request(invocation(SECRET), { method: 'POST', body: '{}', headers: { origin: 'http://evil.example' } })).status).toBe(403);
    expect((await request(invocation(SECRET), { method: 'POST', body: '{}', headers: { origin: `http://localhost:${port + 1}` } })).status).toBe(403);
    expect(invoked.length).toBe(before);
  });
});
