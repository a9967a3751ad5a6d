/**
 * platform/storage/objects.ts, the S3 door's additions of issue 11 (S3 mocked at the client):
 * `objectExists` is one HEAD of the uploads bucket, with 404 and 403 (no s3:ListBucket) read as
 * missing and any other failure thrown; `uploadsUri` names a key of the bucket as `s3://`;
 * `getObjectHead` (issue 18) reads an object's first bytes and whole size with one ranged GET.
 */
import { GetObjectCommand, HeadObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { getObjectHead, objectExists, uploadsBucket, uploadsUri } from '../../../../../lambdas/platform/storage/objects';
import { useEnv } from '../../../../support/env';

const s3 = mockClient(S3Client);
useEnv({ UPLOADS_BUCKET: 'uploads-test' });
afterEach(() => s3.reset());

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { $metadata: { httpStatusCode: status } });

describe('objectExists', () => {
  it('is true after a HEAD of the key in the uploads bucket succeeds', async () => {
    s3.on(HeadObjectCommand).resolves({ ContentLength: 10 });
    await expect(objectExists('u/sub/blogHeader/a.png')).resolves.toBe(true);
    expect(s3.commandCalls(HeadObjectCommand).map((c) => c.args[0].input)).toEqual([{ Bucket: 'uploads-test', Key: 'u/sub/blogHeader/a.png' }]);
  });

  it.each([404, 403])('is false when S3 answers %i', async (status) => {
    s3.on(HeadObjectCommand).rejects(httpError(status));
    await expect(objectExists('k')).resolves.toBe(false);
  });

  it('throws any other failure', async () => {
    s3.on(HeadObjectCommand).rejects(httpError(500));
    await expect(objectExists('k')).rejects.toThrow('HTTP 500');
  });
});

describe('uploadsUri', () => {
  it("names a key, or the bucket's root, of the uploads bucket", () => {
    expect(uploadsBucket()).toBe('uploads-test');
    expect(uploadsUri('videos/sub/job/')).toBe('s3://uploads-test/videos/sub/job/');
    expect(uploadsUri()).toBe('s3://uploads-test/');
  });
});

describe('getObjectHead', () => {
  const body = (bytes: number[]) => ({ transformToByteArray: async () => Uint8Array.from(bytes) }) as never;

  it('asks for the first bytes only and reads the whole size from Content-Range', async () => {
    s3.on(GetObjectCommand).resolves({ Body: body([0xff, 0xd8, 0xff, 0xe0]), ContentLength: 4, ContentRange: 'bytes 0-3/26214400' });
    await expect(getObjectHead('u/sub/videoAudio/a.mp3', 4)).resolves.toEqual({ head: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), size: 26_214_400 });
    expect(s3.commandCalls(GetObjectCommand).map((c) => c.args[0].input)).toEqual([{ Bucket: 'uploads-test', Key: 'u/sub/videoAudio/a.mp3', Range: 'bytes=0-3' }]);
  });

  it('keeps only the first bytes and takes the length as the size when the server ignored the range', async () => {
    s3.on(GetObjectCommand).resolves({ Body: body([1, 2, 3, 4, 5, 6]), ContentLength: 6 });
    await expect(getObjectHead('k', 2)).resolves.toEqual({ head: Uint8Array.from([1, 2]), size: 6 });
  });

  it('is null for a missing object', async () => {
    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'missing', $metadata: {} }));
    await expect(getObjectHead('k', 64)).resolves.toBeNull();
  });

  it('reads an empty object (416 to a ranged GET) as an empty head of size 0', async () => {
    s3.on(GetObjectCommand).rejects(Object.assign(httpError(416), { name: 'InvalidRange' }));
    await expect(getObjectHead('k', 64)).resolves.toEqual({ head: new Uint8Array(), size: 0 });
  });

  it('throws any other failure', async () => {
    s3.on(GetObjectCommand).rejects(httpError(500));
    await expect(getObjectHead('k', 64)).rejects.toThrow('HTTP 500');
  });
});
