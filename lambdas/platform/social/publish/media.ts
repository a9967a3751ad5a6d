/**
 * Our media as bytes, for the networks that want them uploaded (X, LinkedIn, YouTube, TikTok
 * FILE_UPLOAD): the item's URL (a presigned S3 GET) read through the outbound HTTP door, whole or
 * one byte range at a time (`Range: bytes=a-b`, answered 206), so a large video is never held in
 * memory whole; and the chunk plans of the chunked uploads.
 * The URL carries a signature: errors and logs never include it (platform/http redacts the query).
 */
import type { SocialNetwork } from '@director-ia/shared';
import { httpRequest, HttpRequestError } from '../../http';
import type { AdapterOptions } from '../call';
import { NetworkError } from '../types';
import type { MediaItem } from './types';

/** Time allowed for one media transfer (a read or an upload of one chunk), ms. */
export const MEDIA_TIMEOUT_MS = 120_000;

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The bytes of `item` (all of them, or `range`), checked to be exactly as many as expected.
 * NetworkError `unavailable` when they cannot be read (the URL expired, the store is down).
 */
export async function readMedia(network: SocialNetwork, item: MediaItem, options: AdapterOptions, range?: ByteRange): Promise<Uint8Array<ArrayBuffer>> {
  const partial = range !== undefined && !(range.start === 0 && range.end === item.size - 1);
  const expected = range ? range.end - range.start + 1 : item.size;
  try {
    const response = await httpRequest({
      url: item.url,
      headers: partial ? { range: `bytes=${range.start}-${range.end}` } : {},
      timeoutMs: MEDIA_TIMEOUT_MS,
      maxBytes: expected,
      fetch: options.fetch,
    });
    if (response.status !== (partial ? 206 : 200)) {
      await response.bytes().catch(() => undefined);
      throw new NetworkError(network, 'unavailable', `media not readable (HTTP ${response.status})`, { status: response.status });
    }
    const bytes = await response.bytes();
    if (bytes.byteLength !== expected) throw new NetworkError(network, 'unavailable', `media has ${bytes.byteLength} bytes, expected ${expected}`);
    // The client's reader allocates a fresh ArrayBuffer (never a shared one).
    return bytes as Uint8Array<ArrayBuffer>;
  } catch (error) {
    if (error instanceof HttpRequestError) throw new NetworkError(network, 'unavailable', `media not readable (${error.reason})`, { cause: error });
    throw error;
  }
}

/** `size` bytes cut into ranges of `chunk` bytes (the last one shorter). */
export function chunksOf(size: number, chunk: number): ByteRange[] {
  const ranges: ByteRange[] = [];
  for (let start = 0; start < size; start += chunk) ranges.push({ start, end: Math.min(size, start + chunk) - 1 });
  return ranges;
}
