/**
 * Reading our media (lambdas/platform/social/publish/media.ts): whole or by `Range` (206), exactly
 * the bytes expected, failures as NetworkError `unavailable` without the presigned URL's signature,
 * and the chunk plan.
 */
import { describe, expect, it } from 'vitest';
import { chunksOf, readMedia } from '../../../../../../lambdas/platform/social/publish/media';
import { NetworkError } from '../../../../../../lambdas/platform/social/types';
import { failureOf, mediaBytes, medium, recordingFetch } from './fake';

describe('readMedia', () => {
  it('reads the whole item without Range, and a range with it', async () => {
    const item = medium('video', 1000);
    const { fetch, media } = recordingFetch(() => new Response(null, { status: 500 }));
    expect(await readMedia('x', item, { fetch })).toEqual(mediaBytes(1000));
    expect(await readMedia('x', item, { fetch }, { start: 100, end: 199 })).toEqual(mediaBytes(1000).slice(100, 200));
    expect(await readMedia('x', item, { fetch }, { start: 0, end: 999 })).toEqual(mediaBytes(1000));
    expect(media.map((r) => r.headers.range)).toEqual([undefined, 'bytes=100-199', undefined]);
  });

  it.each<[string, () => Response]>([
    ['an expired URL (403)', () => new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 })],
    ['a store that ignores Range (200 for a part)', () => new Response(new Uint8Array(1000), { status: 200 })],
    ['fewer bytes than expected', () => new Response(new Uint8Array(50), { status: 206 })],
  ])('is NetworkError unavailable for %s, without the signature', async (_case, answer) => {
    const item = { ...medium('image', 1000), url: 'https://store.example.test/img?X-Amz-Signature=secret-signature' };
    const { fetch } = recordingFetch(answer);
    const error = await failureOf(readMedia('linkedin', item, { fetch }, { start: 0, end: 99 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ network: 'linkedin', kind: 'unavailable' });
    expect(JSON.stringify([String(error), (error as NetworkError).detail])).not.toContain('secret-signature');
  });
});

describe('chunksOf', () => {
  it('cuts a size into consecutive inclusive ranges, the last one shorter', () => {
    expect(chunksOf(10, 4)).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 7 },
      { start: 8, end: 9 },
    ]);
    expect(chunksOf(8, 4)).toHaveLength(2);
    expect(chunksOf(0, 4)).toEqual([]);
  });
});
