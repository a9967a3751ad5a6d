/**
 * The sandbox's HTTP plumbing (issues 12 and 13, "Red de pruebas"): reading a request (query, form,
 * JSON or multipart body, raw uploaded bytes, Basic and Bearer credentials) and the answers its
 * handlers return. Bodies past 1 MB are streamed to a spool directory on disk (upload routes take
 * up to MAX_UPLOAD_BYTES); multipart files and raw bodies always land there, so a handler keeps
 * uploaded media by moving the file (./media.ts). Handlers return a `SandboxResponse`; ./index.ts
 * sends it (or, for an injected fault, delays it or drops the connection) and records it.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';

/** Largest request body accepted on ordinary routes, bytes (form posts and JSON). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Largest request body accepted on upload routes (`uploadLimit`), bytes. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** A file part of a multipart body, or a raw (non-form, non-JSON) body, spooled to disk. */
export interface SpooledFile {
  /** Absolute path of the spool file (removed after the answer unless a handler moved it). */
  path: string;
  size: number;
  /** As declared by the client (lower-case, without parameters); '' when none. */
  contentType: string;
  /** Multipart only: the part's field name and file name. */
  field?: string;
  filename?: string;
}

export interface SandboxRequest {
  method: string;
  /** Path without the query, e.g. `/facebook/api/me/accounts`. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: IncomingMessage['headers'];
  /** Form fields (urlencoded or multipart) or a JSON object body; null otherwise. */
  body: Record<string, unknown> | null;
  bodyType: 'form' | 'json' | 'multipart' | null;
  /** Multipart file parts, in order. */
  files: SpooledFile[];
  /** A body that is neither form, multipart nor JSON (uploaded bytes), or null when empty. */
  raw: SpooledFile | null;
}

/** What to do with the connection instead of (or before) answering: injected faults (./faults.ts). */
export interface ResponseFault {
  /** Destroy the socket without answering (the effect happened; the caller cannot know). */
  lost?: boolean;
  /** Answer after this many milliseconds. */
  delayMs?: number;
  /** The fault's name, kept in the request record. */
  name: string;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** A file streamed as the body instead of `body` (media), with single-range support. */
  file?: { path: string; size: number };
  fault?: ResponseFault;
}

export class BodyTooLarge extends Error {}

/** Where and how much a request body may be read. */
export interface ReadOptions {
  /** Bytes accepted (BodyTooLarge past it). */
  maxBytes: number;
  /** Directory for spooled bodies and files (created when missing). */
  spoolDir: string;
}

const spoolName = (dir: string) => path.join(dir, `spool-${randomBytes(9).toString('base64url')}`);

/** The request's body: in memory up to MAX_BODY_BYTES, then spooled to a file; throws BodyTooLarge past `maxBytes`. */
async function readBody(req: IncomingMessage, options: ReadOptions): Promise<{ memory: Buffer | null; file: string | null; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let file: string | null = null;
  let out: WriteStream | null = null;
  const write = (stream: WriteStream, chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      stream.write(chunk, (error) => (error ? reject(error) : resolve()));
    });
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > options.maxBytes) throw new BodyTooLarge(`body over ${options.maxBytes} bytes`);
      if (out) {
        await write(out, chunk);
      } else if (size > MAX_BODY_BYTES) {
        await mkdir(options.spoolDir, { recursive: true });
        file = spoolName(options.spoolDir);
        out = createWriteStream(file);
        for (const earlier of chunks) await write(out, earlier);
        chunks.length = 0;
        await write(out, chunk);
      } else {
        chunks.push(chunk);
      }
    }
  } finally {
    const stream = out as WriteStream | null;
    if (stream) await new Promise<void>((resolve) => stream.end(resolve));
  }
  if (file !== null) return { memory: null, file, size };
  return { memory: Buffer.concat(chunks), file: null, size };
}

/**
 * Parses a multipart body: fields into `fields`, each file part streamed to a spool file listed in
 * `files` (so the caller can remove them when the body turns out malformed).
 */
async function readMultipart(source: Readable, contentType: string, options: ReadOptions, files: SpooledFile[]): Promise<Record<string, string>> {
  await mkdir(options.spoolDir, { recursive: true });
  const fields: Record<string, string> = {};
  const writes: Promise<void>[] = [];
  await new Promise<void>((resolve, reject) => {
    const parser = busboy({ headers: { 'content-type': contentType }, limits: { fieldSize: MAX_BODY_BYTES, fileSize: options.maxBytes } });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const spooled: SpooledFile = { path: spoolName(options.spoolDir), size: 0, contentType: info.mimeType.toLowerCase(), field, filename: info.filename };
      files.push(spooled);
      stream.on('data', (chunk: Buffer) => {
        spooled.size += chunk.byteLength;
      });
      const write = pipeline(stream, createWriteStream(spooled.path));
      // A malformed body fails the parser too: that rejection is the one reported.
      write.catch(() => undefined);
      writes.push(write);
    });
    parser.on('close', resolve);
    parser.on('error', reject);
    source.on('error', reject);
    source.pipe(parser);
  });
  await Promise.all(writes);
  return fields;
}

/** Reads and parses `req` (see the module header). */
export async function readRequest(req: IncomingMessage, options: ReadOptions): Promise<SandboxRequest> {
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const base = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers };
  const { memory, file, size } = await readBody(req, options);
  const fullType = req.headers['content-type'] ?? '';
  const type = fullType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (size === 0) return { ...base, body: null, bodyType: null, files: [], raw: null };
  if (type === 'multipart/form-data') {
    const files: SpooledFile[] = [];
    try {
      const fields = await readMultipart(file ? createReadStream(file) : Readable.from([memory ?? Buffer.alloc(0)]), fullType, options, files);
      return { ...base, body: fields, bodyType: 'multipart', files, raw: null };
    } catch {
      await Promise.all(files.map((part) => rm(part.path, { force: true })));
      return { ...base, body: null, bodyType: null, files: [], raw: null };
    } finally {
      if (file) await rm(file, { force: true });
    }
  }
  if (type === 'application/json' || type === 'application/x-www-form-urlencoded') {
    const text = memory ? memory.toString('utf8') : await readText(file ?? '');
    const body = parseBody(type, text);
    return { ...base, body, bodyType: body === null ? null : type === 'application/json' ? 'json' : 'form', files: [], raw: null };
  }
  let rawPath = file;
  if (rawPath === null) {
    await mkdir(options.spoolDir, { recursive: true });
    rawPath = spoolName(options.spoolDir);
    await writeFile(rawPath, memory ?? Buffer.alloc(0));
  }
  return { ...base, body: null, bodyType: null, files: [], raw: { path: rawPath, size, contentType: type } };
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } finally {
    await rm(file, { force: true });
  }
}

/** Removes whatever of `req`'s spool files a handler did not keep. */
export async function discardSpool(req: SandboxRequest): Promise<void> {
  const files = [...req.files, ...(req.raw ? [req.raw] : [])];
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
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
  const csp = ["default-src 'none'", "style-src 'unsafe-inline'", "img-src 'self'", "media-src 'self'", `form-action 'self'${formTargets.map((t) => ` ${t}`).join('')}`, "frame-ancestors 'none'", "base-uri 'none'"].join('; ');
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

/** A stored file as the answer (`Range: bytes=a-b` gets 206 with that part, so videos can seek). */
export function fileResponse(file: { path: string; size: number }, contentType: string): SandboxResponse {
  return {
    status: 200,
    headers: { 'content-type': contentType, 'cache-control': 'private, max-age=3600', 'accept-ranges': 'bytes', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
    body: '',
    file,
  };
}

/** The `{start, end}` (inclusive) of a single `Range: bytes=` header within `size`, or null (whole file). */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || size === 0 || (match[1] === '' && match[2] === '')) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(size - 1, Number(match[2]));
  return start <= end && start < size ? { start, end } : null;
}

/** Writes `response` to `res` (a file body streamed; HEAD without body). */
export function send(res: ServerResponse, response: SandboxResponse, head: boolean, range?: string): void {
  const headers = { ...response.headers, 'x-content-type-options': 'nosniff' };
  if (!response.file) {
    res.writeHead(response.status, headers);
    res.end(head ? undefined : response.body);
    return;
  }
  const part = response.status === 200 ? byteRange(range, response.file.size) : null;
  const start = part?.start ?? 0;
  const end = part?.end ?? response.file.size - 1;
  res.writeHead(part ? 206 : response.status, {
    ...headers,
    'content-length': String(Math.max(0, end - start + 1)),
    ...(part ? { 'content-range': `bytes ${start}-${end}/${response.file.size}` } : {}),
  });
  if (head || response.file.size === 0) {
    res.end();
    return;
  }
  pipeline(createReadStream(response.file.path, { start, end }), res).catch(() => res.destroy());
}
