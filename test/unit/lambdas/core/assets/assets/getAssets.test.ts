/**
 * `getAssets` (lambdas/core/assets/assets.ts): the caller's assets of a list of ids in one read,
 * by id, against the unit DynamoDB Local (S3 mocked for the files saveAsset writes): another
 * tenant's asset, an unknown id and an id the server could not have made are simply absent.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, describe, expect, it } from 'vitest';
import { uniqueSub, useDomainEnv } from '../../../../../support/domain-env';

await useDomainEnv({ UPLOADS_BUCKET: 'uploads-test' });
const { getAssets, saveAsset } = await import('../../../../../../lambdas/core/assets/assets');

const s3 = mockClient(S3Client);
s3.on(PutObjectCommand).resolves({});
afterAll(() => s3.restore());

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]);
const save = (sub: string, prompt: string) => saveAsset(sub, { type: 'image', bytes: png, mediaType: 'image/png', prompt, offline: true, model: 'm' });

describe('getAssets', () => {
  it("answers the caller's assets of the ids by id, once each, leaving out others' and unknown ids", async () => {
    const [sub, other] = [uniqueSub(), uniqueSub()];
    const [a, b] = [await save(sub, 'uno'), await save(sub, 'dos')];
    const foreign = await save(other, 'ajena');
    const found = await getAssets(sub, [a.id, b.id, a.id, foreign.id, `${a.id.slice(0, -1)}x`, '../no-es-un-id']);
    expect([...found.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(found.get(b.id)).toMatchObject({ uid: sub, prompt: 'dos', type: 'image' });
  });

  it('reads nothing for no ids', async () => {
    await expect(getAssets(uniqueSub(), [])).resolves.toEqual(new Map());
  });
});
