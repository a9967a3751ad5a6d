/**
 * The assets module's contract with storage (issue 4 items 1, 2, 5), S3 and DynamoDB mocked at the
 * SDK: a generated file goes to `users/<sub>/assets/<id>.<ext>` with its content type before its
 * record is written; a record that cannot be written takes its file (that exact version) with it;
 * the browser gets two short-lived URLs, one of them a signed download with a safe file name.
 * (The twin runs the real thing in test/integration/taller.test.ts.)
 */
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ASSET_URL_EXPIRES_SECONDS } from '@director-ia/shared';
import { assetView, downloadName, saveAsset } from '../../../../../lambdas/core/assets/assets';
import { assetExtension, assetKey } from '../../../../../lambdas/core/assets/keys';

const SUB = '5f0c2d7e-1111-4222-8333-444455556666';
const ENV = {
  TABLE_NAME: 'assets-test',
  UPLOADS_BUCKET: 'uploads-test',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4599',
  S3_FORCE_PATH_STYLE: 'true',
};
const s3 = mockClient(S3Client);
const dynamo = mockClient(DynamoDBDocumentClient);
const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const NOW = new Date('2025-05-04T10:20:30.000Z');

beforeAll(() => {
  for (const [key, value] of Object.entries(ENV)) vi.stubEnv(key, value);
});
afterAll(() => {
  vi.unstubAllEnvs();
});
afterEach(() => {
  s3.reset();
  dynamo.reset();
});

describe('asset keys', () => {
  it('are under the owner prefix, in the assets folder, with the extension of the media type', () => {
    expect(assetKey(SUB, 'abc', 'image/png')).toBe(`users/${SUB}/assets/abc.png`);
    expect(assetKey(SUB, 'abc', 'IMAGE/JPEG')).toBe(`users/${SUB}/assets/abc.jpg`);
    expect(assetKey(SUB, 'abc', 'audio/mpeg')).toBe(`users/${SUB}/assets/abc.mp3`);
    expect(assetKey(SUB, 'abc', 'video/mp4')).toBe(`users/${SUB}/assets/abc.mp4`);
    expect(assetExtension('application/x-unknown')).toBe('bin');
  });

  it('download names are plain ASCII: type, id, extension', () => {
    expect(downloadName({ type: 'video', id: 'k1', mediaType: 'video/mp4' })).toBe('video-k1.mp4');
    expect(downloadName({ type: 'voice', id: 'k2', mediaType: 'audio/mpeg' })).toBe('voz-k2.mp3');
  });
});

describe('saveAsset', () => {
  it('writes the file, then the record, and returns the record', async () => {
    s3.on(PutObjectCommand).resolves({ VersionId: 'v-1' });
    dynamo.on(PutCommand).resolves({});
    const item = await saveAsset(SUB, { type: 'image', bytes, mediaType: 'image/png', prompt: 'Un cartel', offline: true, model: 'offline-png-v1', source: 'inspiration' }, NOW);
    expect(item).toMatchObject({ uid: SUB, type: 'image', prompt: 'Un cartel', versionId: 'v-1', mediaType: 'image/png', size: bytes.byteLength, offline: true, model: 'offline-png-v1', source: 'inspiration', createdAt: NOW.toISOString() });
    expect(item.id).toMatch(/^[a-z0-9]{20}$/);
    const put = s3.commandCalls(PutObjectCommand)[0]?.args[0].input;
    expect(put).toMatchObject({ Bucket: 'uploads-test', Key: `users/${SUB}/assets/${item.id}.png`, ContentType: 'image/png', ContentLength: bytes.byteLength });
    expect(item.key).toBe(put?.Key);
    const record = dynamo.commandCalls(PutCommand)[0]?.args[0].input;
    expect(record?.TableName).toBe('assets-test');
    expect(record?.Item).toMatchObject({ pk: `user#${SUB}`, sk: `asset#${item.id}`, key: put?.Key, offline: true });
  });

  it('removes the file again (that version) when the record cannot be written', async () => {
    s3.on(PutObjectCommand).resolves({ VersionId: 'v-9' });
    s3.on(DeleteObjectCommand).resolves({});
    dynamo.on(PutCommand).rejects(new Error('table unavailable'));
    await expect(saveAsset(SUB, { type: 'image', bytes, mediaType: 'image/png', prompt: 'x', offline: false, model: 'm' }, NOW)).rejects.toThrow('table unavailable');
    const put = s3.commandCalls(PutObjectCommand)[0]?.args[0].input;
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input)).toEqual([{ Bucket: 'uploads-test', Key: put?.Key, VersionId: 'v-9' }]);
  });
});

describe('assetView', () => {
  it('gives a display URL and a download URL, both signed for the asset key and short-lived', async () => {
    const key = `users/${SUB}/assets/aaaaaaaaaaaaaaaaaaaa.png`;
    const view = await assetView({ uid: SUB, id: 'aaaaaaaaaaaaaaaaaaaa', type: 'image', prompt: 'p', key, mediaType: 'image/png', size: 3, offline: true, model: 'm', createdAt: NOW.toISOString() });
    expect(view).not.toHaveProperty('key');
    expect(view).not.toHaveProperty('uid');
    for (const url of [view.url, view.downloadUrl]) {
      const parsed = new URL(url);
      expect(decodeURIComponent(parsed.pathname)).toBe(`/uploads-test/${key}`);
      expect(parsed.searchParams.get('X-Amz-Expires')).toBe(String(ASSET_URL_EXPIRES_SECONDS));
    }
    expect(new URL(view.url).searchParams.get('response-content-disposition')).toBeNull();
    expect(new URL(view.downloadUrl).searchParams.get('response-content-disposition')).toBe('attachment; filename="imagen-aaaaaaaaaaaaaaaaaaaa.png"');
  });
});
