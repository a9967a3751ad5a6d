/**
 * A recording `fetch` for the publishing adapters' unit tests: every request is kept as the
 * network would read it (method, URL, lower-cased headers, and the body as a form, JSON, raw bytes
 * or multipart fields), and answered by the test's `route`. Requests to MEDIA_ORIGIN are our
 * media store: it serves `mediaBytes(size)` for the item's size, honouring `Range` like S3.
 */
import type { SocialNetwork } from '@director-ia/shared';
import type { FetchFn } from '../../../../../../lambdas/platform/http';
import type { MediaItem, PublishOptions, PublishRequest } from '../../../../../../lambdas/platform/social/publish';
import { NOW, type Sent as BaseSent } from '../fake-network';

export { appFor, json, NOW } from '../fake-network';

/** Where the test media live (a presigned S3 GET in AWS). */
export const MEDIA_ORIGIN = 'https://media.example.test';

export interface MultipartField {
  /** The text of a plain field, or undefined for a file. */
  value?: string;
  /** A file's bytes and type. */
  bytes?: Uint8Array;
  type?: string;
}

/** A request as ../fake-network.ts records it, plus the bodies publishing sends. */
export interface Sent extends BaseSent {
  json?: unknown;
  bytes?: Uint8Array;
  multipart?: Record<string, MultipartField>;
}

export type Route = (sent: Sent) => Response | Promise<Response>;

/** Deterministic bytes of a medium of `size` bytes (byte i = i mod 251). */
export function mediaBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index += 1) bytes[index] = index % 251;
  return bytes;
}

/** The media store: the whole item, or the `Range` asked (206). */
function serveMedia(sent: Sent): Response {
  const size = Number(sent.url.searchParams.get('size') ?? '0');
  const all = mediaBytes(size);
  const range = /^bytes=(\d+)-(\d+)$/.exec(sent.headers.range ?? '');
  if (!range) return new Response(all, { status: 200 });
  const [start, end] = [Number(range[1]), Number(range[2])];
  return new Response(all.slice(start, end + 1), { status: 206, headers: { 'content-range': `bytes ${start}-${end}/${size}` } });
}

async function readBody(headers: Record<string, string>, body: RequestInit['body']): Promise<Partial<Sent>> {
  if (body === undefined || body === null) return {};
  const type = headers['content-type'] ?? '';
  if (typeof body === 'string') {
    if (type.startsWith('application/x-www-form-urlencoded')) return { form: Object.fromEntries(new URLSearchParams(body)) };
    if (type.startsWith('application/json')) return { json: JSON.parse(body) as unknown };
    return { bytes: new TextEncoder().encode(body) };
  }
  const bytes = new Uint8Array(body as Uint8Array);
  if (!type.startsWith('multipart/form-data')) return { bytes };
  const form = await new Request('https://parse.test/', { method: 'POST', body: bytes, headers: { 'content-type': type } }).formData();
  const multipart: Record<string, MultipartField> = {};
  for (const [name, value] of form.entries()) {
    multipart[name] = typeof value === 'string' ? { value } : { bytes: new Uint8Array(await value.arrayBuffer()), type: value.type };
  }
  return { multipart };
}

/** A fetch that records every request but the media store's, and answers with `route`. */
export function recordingFetch(route: Route): { fetch: FetchFn; sent: Sent[]; media: Sent[] } {
  const sent: Sent[] = [];
  const media: Sent[] = [];
  const fetch: FetchFn = async (input, init) => {
    const url = new URL(input);
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([name, value]) => [name.toLowerCase(), value]));
    const request: Sent = { method: init.method ?? 'GET', url, endpoint: `${url.origin}${url.pathname}`, query: Object.fromEntries(url.searchParams), headers, ...(await readBody(headers, init.body)) };
    if (url.origin === MEDIA_ORIGIN) {
      media.push(request);
      return serveMedia(request);
    }
    sent.push(request);
    return route(request);
  };
  return { fetch, sent, media };
}

/** A medium in the test store. */
export const medium = (kind: 'image' | 'video', size: number, name: string = kind): MediaItem => ({
  kind,
  contentType: kind === 'image' ? 'image/jpeg' : 'video/mp4',
  size,
  url: `${MEDIA_ORIGIN}/${name}?size=${size}&X-Amz-Signature=secret-signature`,
});

export const TOKEN = 'publish-access-token-1234567890';
export const BEARER = `Bearer ${TOKEN}`;

/** A request to `network` with sensible defaults. */
export function requestFor(network: SocialNetwork, overrides: Partial<PublishRequest> = {}): PublishRequest {
  return {
    network,
    target: { id: 'target-1', kind: 'page' },
    account: { id: 'account-1' },
    accessToken: TOKEN,
    text: 'Hola desde Director IA',
    media: [],
    privacy: 'public',
    idempotencyKey: 'pub-123',
    ...overrides,
  };
}

/** Options with the fixed clock, the recording fetch and an instant sleep that moves the clock. */
export function optionsWith(fetch: FetchFn, extra: PublishOptions = {}): PublishOptions & { slept: number[] } {
  let now = NOW;
  const slept: number[] = [];
  return {
    fetch,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    slept,
    ...extra,
  };
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  return outcome.error as Error;
}
