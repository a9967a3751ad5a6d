/**
 * The media the sandbox received (issue 13, "Red de pruebas" feed): every image or video a network
 * pulled from a URL (Instagram `image_url`, Facebook `url`/`file_url`, TikTok PULL_FROM_URL,
 * Pinterest `image_url`, Telegram photo URLs) or that a client uploaded (X, LinkedIn, YouTube and
 * TikTok PUTs, multipart parts, base64) is kept as a file under `<stateDir>/media/`, with its
 * content type (sniffed from the bytes, else as declared) and size in `media/index.json`. The feed
 * pages show them from `GET /media/<id>`. Source URLs are kept without their query (a presigned
 * URL's signature is a credential).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** How long a URL fetch may take in all, ms (the brief: 5 s). */
export const FETCH_TIMEOUT_MS = 5000;
/** Largest media fetched from a URL, bytes (the brief: 50 MB; networks with lower limits pass theirs). */
export const FETCH_MAX_BYTES = 50 * 1024 * 1024;

export interface MediaRecord {
  /** `m_<random>`; the file is `media/<id>`. */
  id: string;
  /** e.g. `image/jpeg`, `video/mp4`; `application/octet-stream` when unknown. */
  contentType: string;
  /** Bytes. */
  size: number;
  /** Pixel size of an image (JPEG, PNG, GIF, WebP), when readable. */
  width?: number;
  height?: number;
  source: 'url' | 'upload';
  /** The URL it was fetched from, without query or fragment. */
  from?: string;
  /** ISO 8601. */
  createdAt: string;
}

/** Why a URL could not be fetched. */
export type FetchFailure = 'invalid_url' | 'timeout' | 'unreachable' | 'http_status' | 'too_large';

export class MediaTooLarge extends Error {}

/** The content type the first bytes of a file announce, or null. */
export function sniffType(head: Buffer): string | null {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(4, 8) === 'ftyp') return ascii(8, 10) === 'qt' ? 'video/quicktime' : 'video/mp4';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'video/webm';
  return null;
}

/** Width and height of a JPEG, PNG, GIF or WebP image from its first bytes, or null. */
export function imageSize(head: Buffer): { width: number; height: number } | null {
  const type = sniffType(head);
  if (type === 'image/png' && head.length >= 24) return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  if (type === 'image/gif' && head.length >= 10) return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  if (type === 'image/webp' && head.length >= 30) {
    const chunk = head.subarray(12, 16).toString('latin1');
    if (chunk === 'VP8X') return { width: 1 + head.readUIntLE(24, 3), height: 1 + head.readUIntLE(27, 3) };
    if (chunk === 'VP8 ') return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = head.readUInt32LE(21);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
    return null;
  }
  if (type !== 'image/jpeg') return null;
  // Walk the JPEG segments to the first start-of-frame marker (SOF0–SOF15 except DHT, JPG, DAC).
  let offset = 2;
  while (offset + 9 < head.length) {
    if (head[offset] !== 0xff) return null;
    const marker = head[offset + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: head.readUInt16BE(offset + 5), width: head.readUInt16BE(offset + 7) };
    }
    offset += 2 + head.readUInt16BE(offset + 2);
  }
  return null;
}

/** The head of a file (enough for `sniffType` and most `imageSize` reads). */
async function readHead(file: string, bytes = 64 * 1024): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** `url` without its query and fragment (what the index keeps). */
export function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '';
  }
}

/** Counts bytes through a stream and fails past `max`. */
const capped = (max: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength;
      if (seen > max) done(new MediaTooLarge(`over ${max} bytes`));
      else done(null, chunk);
    },
  });
};

/** The media files and their index (see the module header). */
export class MediaStore {
  private readonly index: Record<string, MediaRecord>;
  private readonly indexFile: string;
  /** Where chunked uploads are assembled (`parts/`) and request bodies are spooled (`spool/`). */
  readonly partsDir: string;
  readonly spoolDir: string;

  constructor(
    readonly directory: string,
    private readonly clock: () => number,
  ) {
    this.partsDir = path.join(directory, 'parts');
    this.spoolDir = path.join(directory, 'spool');
    // Bodies spooled by a sandbox that stopped mid-request belong to no one.
    rmSync(this.spoolDir, { recursive: true, force: true });
    mkdirSync(this.partsDir, { recursive: true });
    mkdirSync(this.spoolDir, { recursive: true });
    this.indexFile = path.join(directory, 'index.json');
    this.index = existsSync(this.indexFile) ? (JSON.parse(readFileSync(this.indexFile, 'utf8')) as Record<string, MediaRecord>) : {};
  }

  private save(): void {
    const tmp = `${this.indexFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.index));
    renameSync(tmp, this.indexFile);
  }

  get(id: string): MediaRecord | undefined {
    return Object.hasOwn(this.index, id) ? this.index[id] : undefined;
  }

  /** The file of media `id`. */
  filePath(id: string): string {
    return path.join(this.directory, id);
  }

  /** A fresh path under `parts/` for assembling a chunked upload. */
  partPath(name: string): string {
    return path.join(this.partsDir, name.replace(/[^A-Za-z0-9_.-]/g, '_'));
  }

  /** Indexes a file already moved to `filePath(id)`. */
  private async register(id: string, declaredType: string, source: MediaRecord['source'], from?: string): Promise<MediaRecord> {
    const file = this.filePath(id);
    const { size } = await stat(file);
    const head = await readHead(file);
    const contentType = sniffType(head) ?? (/^[a-z]+\/[a-z0-9.+-]+$/.test(declaredType) ? declaredType : 'application/octet-stream');
    const dimensions = contentType.startsWith('image/') ? imageSize(head) : null;
    const record: MediaRecord = { id, contentType, size, ...(dimensions ?? {}), source, ...(from ? { from } : {}), createdAt: new Date(this.clock()).toISOString() };
    this.index[id] = record;
    this.save();
    return record;
  }

  private newId(): string {
    return `m_${randomBytes(12).toString('base64url')}`;
  }

  /** Keeps an uploaded file (moved, so the spool no longer removes it); `declaredType` when the bytes do not say. */
  async keep(file: string, declaredType = ''): Promise<MediaRecord> {
    const id = this.newId();
    try {
      await rename(file, this.filePath(id));
    } catch {
      // Another file system: copy instead.
      await copyFile(file, this.filePath(id));
      await rm(file, { force: true });
    }
    return this.register(id, declaredType, 'upload');
  }

  /** Keeps bytes given in a request (base64 fields). */
  async keepBytes(bytes: Buffer, declaredType = ''): Promise<MediaRecord> {
    const id = this.newId();
    writeFileSync(this.filePath(id), bytes);
    return this.register(id, declaredType, 'upload');
  }

  /**
   * Fetches `url` with node's fetch (FETCH_TIMEOUT_MS in all, at most `maxBytes`, redirects
   * followed) and keeps it; a failure says why (the network turns it into its own error).
   */
  async fetch(url: string, maxBytes = FETCH_MAX_BYTES): Promise<MediaRecord | { failure: FetchFailure }> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { failure: 'invalid_url' };
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { failure: 'invalid_url' };
    const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(parsed, { signal, redirect: 'follow' });
    } catch {
      return { failure: signal.aborted ? 'timeout' : 'unreachable' };
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return { failure: 'http_status' };
    }
    const declared = Number(response.headers.get('content-length') ?? 'NaN');
    if (declared > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      return { failure: 'too_large' };
    }
    const id = this.newId();
    const file = this.filePath(id);
    try {
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), capped(maxBytes), createWriteStream(file));
    } catch (error) {
      await rm(file, { force: true });
      return { failure: error instanceof MediaTooLarge ? 'too_large' : signal.aborted ? 'timeout' : 'unreachable' };
    }
    const declaredType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    return this.register(id, declaredType, 'url', withoutQuery(url));
  }

  /** Assembles `parts` (files, in order) into a new media file; the parts are removed. */
  async assemble(parts: readonly string[], declaredType = ''): Promise<MediaRecord> {
    const id = this.newId();
    const out = createWriteStream(this.filePath(id));
    for (const part of parts) {
      await pipeline(createReadStream(part), out, { end: false });
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    await Promise.all(parts.map((part) => rm(part, { force: true })));
    return this.register(id, declaredType, 'upload');
  }
}

/** Whether a fetch answer is a failure. */
export const fetchFailed = (result: MediaRecord | { failure: FetchFailure }): result is { failure: FetchFailure } => 'failure' in result;
