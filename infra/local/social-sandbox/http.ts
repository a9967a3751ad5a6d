/**
 * The sandbox's HTTP plumbing (issue 12, "Red de pruebas"): reading a request (query, form or JSON
 * body, Basic and Bearer credentials) and the answers its handlers return. Handlers are pure
 * functions of a `SandboxRequest` to a `SandboxResponse`; ./index.ts sends it and records it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Largest request body accepted, bytes (form posts and JSON; media uploads come with publishing). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface SandboxRequest {
  method: string;
  /** Path without the query, e.g. `/facebook/api/me/accounts`. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: IncomingMessage['headers'];
  /** Form fields (application/x-www-form-urlencoded) or a JSON object body; null otherwise. */
  body: Record<string, unknown> | null;
  bodyType: 'form' | 'json' | null;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class BodyTooLarge extends Error {}

/** Reads and parses `req` (throws BodyTooLarge past MAX_BODY_BYTES). */
export async function readRequest(req: IncomingMessage): Promise<SandboxRequest> {
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge(`body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const body = parseBody(type, raw);
  const bodyType = body === null ? null : type === 'application/json' ? 'json' : 'form';
  return { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, bodyType };
}

function parseBody(type: string, raw: string): Record<string, unknown> | null {
  if (raw === '') return null;
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(raw));
  if (type === 'application/json') {
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The request's string parameters: the query (unless `withQuery` is false), then the body's string
 * (and number, boolean) fields on top.
 */
export function requestParams(req: SandboxRequest, withQuery = true): Record<string, string> {
  const params: Record<string, string> = withQuery ? Object.fromEntries(req.query) : {};
  for (const [key, value] of Object.entries(req.body ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') params[key] = String(value);
  }
  return params;
}

/** `{id, secret}` of an `Authorization: Basic` header, or null. */
export function basicCredentials(req: SandboxRequest): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers.authorization ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  // RFC 6749 2.3.1: both parts are form-encoded before joining.
  const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
  try {
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** The token of an `Authorization: Bearer` header, or null. */
export function bearerToken(req: SandboxRequest): string | null {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
}

const NO_STORE = { 'cache-control': 'no-store' };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): SandboxResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...NO_STORE, ...headers }, body: JSON.stringify(body) };
}

export function empty(status = 200): SandboxResponse {
  return { status, headers: { ...NO_STORE }, body: '' };
}

/** A page of the sandbox; `formTargets` = the origins its forms may post to or be redirected to. */
export function html(status: number, page: string, formTargets: string[] = []): SandboxResponse {
  const csp = ["default-src 'none'", "style-src 'unsafe-inline'", "img-src 'self'", `form-action 'self'${formTargets.map((t) => ` ${t}`).join('')}`, "frame-ancestors 'none'", "base-uri 'none'"].join('; ');
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, 'referrer-policy': 'no-referrer', ...NO_STORE },
    body: page,
  };
}

export function redirect(location: string): SandboxResponse {
  return { status: 302, headers: { location, 'referrer-policy': 'no-referrer', ...NO_STORE }, body: '' };
}

export function svg(body: string): SandboxResponse {
  return { status: 200, headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" }, body };
}

export function send(res: ServerResponse, response: SandboxResponse, head: boolean): void {
  res.writeHead(response.status, { ...response.headers, 'x-content-type-options': 'nosniff' });
  res.end(head ? undefined : response.body);
}
