/**
 * platform/storage/objects.ts, the S3 door's additions of issue 11 (S3 mocked at the client):
 * `objectExists` is one HEAD of the uploads bucket, with 404 and 403 (no s3:ListBucket) read as
 * missing and any other failure thrown; `uploadsUri` names a key of the bucket as `s3://`.
 */
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { objectExists, uploadsBucket, uploadsUri } from '../../../../../lambdas/platform/storage/objects';
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
