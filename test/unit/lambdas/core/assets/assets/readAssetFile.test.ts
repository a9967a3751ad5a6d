/**
 * `readAssetFile` (lambdas/core/assets/assets.ts) against the unit DynamoDB Local, S3 mocked: the
 * limit may depend on the asset's record, so a render reads a generated clip of 30 MB but not an
 * image of the same size (issue 18: a storyboard scene names either); no asset of the caller, or
 * no file, is null.
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { uniqueSub, useDomainEnv } from '../../../../../support/domain-env';

await useDomainEnv({ UPLOADS_BUCKET: 'uploads-test' });
const { readAssetFile, saveAsset } = await import('../../../../../../lambdas/core/assets/assets');

const MB = 1024 * 1024;
const s3 = mockClient(S3Client);
afterAll(() => s3.restore());

const bytes = new Uint8Array([1, 2, 3]);
beforeEach(() => {
  s3.reset();
  s3.on(PutObjectCommand).resolves({});
  // Every file S3 serves claims 30 MB (its body is three bytes: only a read under the limit takes it).
  s3.on(GetObjectCommand).resolves({ ContentLength: 30 * MB, ContentType: 'application/octet-stream', Body: { transformToByteArray: async () => bytes, transformToWebStream: () => new ReadableStream() } as never });
});
/** The worker's limit for a storyboard scene: a clip up to 200 MB, an image up to 20 MB. */
const sceneLimit = (item: { type: string }) => (item.type === 'video' ? 200 * MB : 20 * MB);

describe('readAssetFile', () => {
  it('applies the limit the record calls for: a 30 MB clip is read, a 30 MB image is not', async () => {
    const sub = uniqueSub();
    const clip = await saveAsset(sub, { type: 'video', bytes, mediaType: 'video/mp4', prompt: 'clip', offline: true, model: 'm' });
    const image = await saveAsset(sub, { type: 'image', bytes, mediaType: 'image/png', prompt: 'foto', offline: true, model: 'm' });
    expect(await readAssetFile(sub, clip.id, sceneLimit)).toMatchObject({ item: { id: clip.id, type: 'video' }, bytes });
    expect(await readAssetFile(sub, image.id, sceneLimit)).toBeNull();
    expect(await readAssetFile(sub, image.id, 40 * MB)).toMatchObject({ item: { id: image.id }, bytes });
  });

  it("is null for another owner's asset and for a missing file", async () => {
    const [sub, other] = [uniqueSub(), uniqueSub()];
    const foreign = await saveAsset(other, { type: 'image', bytes, mediaType: 'image/png', prompt: 'ajena', offline: true, model: 'm' });
    expect(await readAssetFile(sub, foreign.id, 40 * MB)).toBeNull();
    const own = await saveAsset(sub, { type: 'image', bytes, mediaType: 'image/png', prompt: 'borrada', offline: true, model: 'm' });
    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} }));
    expect(await readAssetFile(sub, own.id, 40 * MB)).toBeNull();
  });
});
