/**
 * The twin's HTTP front: one origin serving `/api/<name>` (callables, like API Gateway + the JWT
 * authorizer), `/api/health`, `/config.json`, the public blog `/blog/...` (server-rendered HTML),
 * the Lambda Invoke endpoint cognito-local calls for triggers, and everything else through Vite.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CallableError, MSG, CALLABLES, isCallableName, type RuntimeConfig } from '../../shared';
import { httpApiEvent, lambdaContext, stringifyClaims } from './events';
import { callableHandler, publicBlogHandler, triggerHandler } from './handlers';
import type { AccessTokenVerifier } from './token-verifier';

/** API Gateway HTTP APIs accept payloads up to 10 MB; the twin refuses more before reading it. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

export interface RouterState {
  /** Null until every part is up; the reason when something is down. */
  readiness: () => { ready: boolean; detail: string };
  verifier: () => AccessTokenVerifier | undefined;
  runtimeConfig: () => RuntimeConfig | undefined;
  /** Anything not handled here (Vite). */
  fallback: (req: IncomingMessage, res: ServerResponse) => void;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) return reject(new BodyTooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

function sendError(res: ServerResponse, error: CallableError, httpStatus = error.httpStatus): void {
  send(res, httpStatus, error.toBody());
}

/** Returns the request listener of the twin's front server. */
export function createRouter(state: RouterState) {
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
      if (invoke && req.method === 'POST') return await invokeTrigger(decodeURIComponent(invoke[1] ?? ''), req, res);
      if (url.pathname.startsWith('/api/')) return await invokeCallable(url.pathname, req, res, state);
      // Before the web fallback, as CloudFront's /blog/* behavior: Vite never sees the public blog.
      if (url.pathname.startsWith(PUBLIC_BLOG_PREFIX)) return await invokePublicBlog(url, req, res, state);
      state.fallback(req, res);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        return sendError(res, new CallableError('INVALID_ARGUMENT', MSG.bodyTooLarge(MAX_REQUEST_BYTES / 1024)), 413);
      }
      console.error(`[twin] ${req.method} ${url.pathname} failed:`, error);
      if (!res.headersSent) sendError(res, new CallableError('INTERNAL', MSG.internal));
    }
  };
}

async function invokeCallable(pathname: string, req: IncomingMessage, res: ServerResponse, state: RouterState): Promise<void> {
  const name = decodeURIComponent(pathname.slice('/api/'.length));
  const handler = req.method === 'POST' ? callableHandler(name) : undefined;
  if (!handler || !isCallableName(name)) {
    await readBody(req, MAX_REQUEST_BYTES).catch(() => '');
    return sendError(res, new CallableError('NOT_FOUND', MSG.unknownFunction));
  }
  const { ready } = state.readiness();
  if (!ready) return sendError(res, new CallableError('UNAVAILABLE', MSG.internal));
  const body = await readBody(req, MAX_REQUEST_BYTES);

  // Like API Gateway: protected routes need a valid bearer token before the function runs;
  // public routes get no authorizer context at all.
  let claims: ReturnType<typeof stringifyClaims> | null = null;
  if (CALLABLES[name].access !== 'public') {
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const verifier = state.verifier();
    if (!token || !verifier) return sendError(res, new CallableError('UNAUTHENTICATED', MSG.unauthenticated));
    try {
      claims = stringifyClaims(await verifier.verify(token));
    } catch {
      return sendError(res, new CallableError('UNAUTHENTICATED', MSG.unauthenticated));
    }
  }
  const event = httpApiEvent({ req, path: pathname, body, claims });
  const result = await (await handler)(event, lambdaContext(name));
  res.writeHead(result.statusCode ?? 200, (result.headers ?? {}) as Record<string, string>);
  res.end(result.body ?? '');
}

/** Path prefix of the public blog (CloudFront behavior `/blog/*`, HTTP API route `GET /blog/{proxy+}`). */
export const PUBLIC_BLOG_PREFIX = '/blog/';
/** The HTTP API route of the public blog's Lambda (infra/constructs/public-blog.ts). */
export const PUBLIC_BLOG_ROUTE_KEY = 'GET /blog/{proxy+}';

/** Percent-decoded like API Gateway HTTP APIs deliver `rawPath`; as is when not valid encoding. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The public blog's HTML handler, invoked like the HTTP API does: only `GET /blog/{proxy+}` is a
 * route (other methods and an empty proxy get API Gateway's own 404), no authorizer, the path
 * decoded, `x-forwarded-proto` set by the front (http here, https in AWS).
 */
async function invokePublicBlog(url: URL, req: IncomingMessage, res: ServerResponse, state: RouterState): Promise<void> {
  const proxy = url.pathname.slice(PUBLIC_BLOG_PREFIX.length);
  if (req.method !== 'GET' || !proxy) {
    await readBody(req, MAX_REQUEST_BYTES).catch(() => '');
    return send(res, 404, { message: 'Not Found' });
  }
  const { ready } = state.readiness();
  if (!ready) return send(res, 503, { message: 'Service Unavailable' });
  const rawPath = decodedPath(url.pathname);
  const event = httpApiEvent({ req, path: rawPath, body: '', claims: null });
  event.headers['x-forwarded-proto'] = 'http';
  const routed = Object.assign(event, {
    routeKey: PUBLIC_BLOG_ROUTE_KEY,
    rawQueryString: url.search.slice(1),
    pathParameters: { proxy: rawPath.slice(PUBLIC_BLOG_PREFIX.length) },
    requestContext: { ...event.requestContext, routeKey: PUBLIC_BLOG_ROUTE_KEY },
  });
  delete routed.body;
  const result = await (await publicBlogHandler())(routed, lambdaContext('blogPublico'));
  res.writeHead(result.statusCode ?? 200, (result.headers ?? {}) as Record<string, string>);
  res.end(result.body ?? '');
}

/** Lambda Invoke API subset used by cognito-local: RequestResponse, errors as X-Amz-Function-Error. */
async function invokeTrigger(functionName: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const handler = await triggerHandler(functionName);
  const payload = await readBody(req, MAX_REQUEST_BYTES);
  if (!handler) return send(res, 404, { Type: 'User', message: `Function not found: ${functionName}` }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
  try {
    const result = await handler(JSON.parse(payload), lambdaContext(functionName));
    send(res, 200, result ?? null, { 'x-amz-executed-version': '$LATEST' });
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    console.error(`[twin] trigger ${functionName} failed:`, err.message);
    send(res, 200, { errorMessage: err.message, errorType: err.name }, { 'x-amz-function-error': 'Unhandled' });
  }
}
