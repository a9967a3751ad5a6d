/**
 * Moving bytes: reading a request body under a limit, answering with a GatewayResponse,
 * forwarding a request unchanged to a local emulator, and re-signing one for real AWS.
 */
import { SignatureV4 } from '@smithy/signature-v4';
import type { Checksum, SourceData } from '@smithy/types';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import https from 'node:https';
import type { AnyRequest, AnyResponse } from './listen';
import type { GatewayResponse } from './responses';

/** Largest body the gateway buffers (a browser POST upload carries the whole file). */
export const MAX_BODY_BYTES = 100 * 1024 * 1024;

export class BodyTooLarge extends Error {
  constructor() {
    super(`Request body larger than ${MAX_BODY_BYTES} bytes`);
    this.name = 'BodyTooLarge';
  }
}

/** Reads the whole body; rejects with BodyTooLarge past `limit` bytes. */
export function readBody(req: AnyRequest, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) return reject(new BodyTooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Writes status and headers on either protocol's response. */
function writeHead(res: AnyResponse, status: number, headers: OutgoingHttpHeaders): void {
  if (res instanceof Http2ServerResponse) res.writeHead(status, headers);
  else res.writeHead(status, headers);
}

/** Writes a GatewayResponse (content-length set from the body). */
export function sendResponse(res: AnyResponse, response: GatewayResponse): void {
  const body = response.body === undefined ? undefined : Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body, 'utf8');
  const headers: Record<string, string> = { ...response.headers };
  if (body) headers['content-length'] = String(body.byteLength);
  writeHead(res, response.status, headers);
  if (body) res.end(body);
  else res.end();
}

/** Hop-by-hop headers a proxy does not pass on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade']);
/** Headers HTTP/2 forbids in a response (connection-specific). */
const NOT_IN_HTTP2 = new Set([...HOP_BY_HOP, 'transfer-encoding', 'host', 'http2-settings']);

function rawHeadersWithout(raw: string[], drop: Set<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    if (!drop.has(name.toLowerCase())) out.push(name, raw[i + 1] as string);
  }
  return out;
}

function pipeResponse(upstream: IncomingMessage, res: AnyResponse): void {
  const status = upstream.statusCode ?? 502;
  if (res instanceof Http2ServerResponse) {
    const headers = Object.fromEntries(Object.entries(upstream.headers).filter(([name]) => !NOT_IN_HTTP2.has(name)));
    res.writeHead(status, headers);
  } else {
    res.writeHead(status, upstream.statusMessage, rawHeadersWithout(upstream.rawHeaders, HOP_BY_HOP));
  }
  upstream.pipe(res);
}

/** The request's headers as an HTTP/1.1 raw list (an HTTP/2 request's pseudo-headers become Host). */
function forwardableRawHeaders(req: AnyRequest): string[] {
  const raw = rawHeadersWithout(req.rawHeaders, new Set(['expect']));
  if (!(req instanceof Http2ServerRequest)) return raw;
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (!(raw[i] as string).startsWith(':')) out.push(raw[i] as string, raw[i + 1] as string);
  if (req.headers.host === undefined && req.authority) out.unshift('host', req.authority);
  return out;
}

/**
 * Sends the request to `base` (an emulator) with method, path, query, headers (Host included)
 * and body bytes unchanged, and streams the answer back. `body` is the buffered body, if it was
 * read; otherwise the request is piped. Rejects when the emulator cannot be reached.
 */
export function forwardToUpstream(base: string, agent: http.Agent, req: AnyRequest, res: AnyResponse, body?: Buffer): Promise<void> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    let done = false;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        // Node answers `Expect: 100-continue` itself; the emulator gets the body straight away.
        headers: forwardableRawHeaders(req),
        agent,
        setHost: false,
      },
      (answer) => {
        pipeResponse(answer, res);
        answer.on('end', () => {
          done = true;
          resolve();
        });
        answer.on('error', reject);
      },
    );
    upstream.on('error', reject);
    // The caller went away before the answer was complete: stop the upstream call too.
    res.on('close', () => {
      if (!done) upstream.destroy();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  });
}

/** SHA-256 / HMAC-SHA256 for the signer, from node:crypto. */
class NodeSha256 implements Checksum {
  private hash: Hash | Hmac;

  constructor(private readonly secret?: SourceData) {
    this.hash = this.create();
  }

  private create(): Hash | Hmac {
    if (this.secret === undefined) return createHash('sha256');
    const key = typeof this.secret === 'string' ? this.secret : ArrayBuffer.isView(this.secret) ? Buffer.from(this.secret.buffer, this.secret.byteOffset, this.secret.byteLength) : Buffer.from(this.secret);
    return createHmac('sha256', key);
  }

  update(chunk: Uint8Array): void {
    this.hash.update(chunk);
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }

  reset(): void {
    this.hash = this.create();
  }
}

export interface RealAwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Request headers not carried over when re-signing (the signer and the new connection set them). */
const RESIGN_DROP = new Set([
  'authorization',
  'x-amz-date',
  'x-amz-security-token',
  'x-amz-content-sha256',
  'host',
  'content-length',
  'transfer-encoding',
  'expect',
  ...HOP_BY_HOP,
]);

/**
 * Re-signs the request for `host` with `credentials` (SigV4, `service`/`region` as the caller
 * signed) and sends it over HTTPS (or to `endpointOverride`, keeping Host = `host`, for tests);
 * streams the answer back. The path is passed on as received (already URI-encoded, as the SDK
 * signs it). Rejects when AWS cannot be reached.
 */
export async function forwardToAws(
  target: { service: string; region: string; host: string; credentials: RealAwsCredentials; endpointOverride?: string },
  req: AnyRequest,
  res: AnyResponse,
  body: Buffer,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://gateway.local');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || RESIGN_DROP.has(name) || name.startsWith(':')) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  headers.host = target.host;
  if (body.byteLength > 0 || req.method === 'POST' || req.method === 'PUT') headers['content-length'] = String(body.byteLength);
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const existing = query[name];
    query[name] = existing === undefined ? value : [...[existing].flat(), value];
  }
  const signer = new SignatureV4({ service: target.service, region: target.region, credentials: target.credentials, sha256: NodeSha256 });
  const signed = await signer.sign({ method: req.method ?? 'GET', protocol: 'https:', hostname: target.host, path: url.pathname, query, headers, body });
  const endpoint = new URL(target.endpointOverride ?? `https://${target.host}`);
  const transport = endpoint.protocol === 'http:' ? http : https;
  await new Promise<void>((resolve, reject) => {
    const upstream = transport.request(
      {
        host: endpoint.hostname,
        port: endpoint.port || undefined,
        method: req.method,
        path: `${url.pathname}${url.search}`,
        headers: signed.headers,
        setHost: false,
        servername: endpoint.protocol === 'https:' ? endpoint.hostname : undefined,
      },
      (answer) => {
        pipeResponse(answer, res);
        answer.on('end', resolve);
        answer.on('error', reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}
