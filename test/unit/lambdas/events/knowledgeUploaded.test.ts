/**
 * The S3 event handler's own job: which records it passes on (created objects of the uploads
 * bucket only) and with what key (URL-decoded as S3 delivers it). The processing itself runs
 * against the twin in test/integration/knowledge.test.ts.
 */
import type { S3Event } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const processUploadedObject = vi.fn(async () => 'listo' as const);
vi.mock('../../../../lambdas/core/knowledge/process', () => ({ processUploadedObject }));

const { handler } = await import('../../../../lambdas/events/knowledgeUploaded');

const record = (bucket: string, key: string, eventName = 'ObjectCreated:Post') => ({
  eventName,
  eventTime: '2025-05-01T10:00:00.000Z',
  s3: { bucket: { name: bucket }, object: { key, size: 10 } },
});

let saved: string | undefined;
beforeAll(() => {
  saved = process.env.UPLOADS_BUCKET;
  process.env.UPLOADS_BUCKET = 'uploads-test';
});
afterAll(() => {
  if (saved === undefined) delete process.env.UPLOADS_BUCKET;
  else process.env.UPLOADS_BUCKET = saved;
});
beforeEach(() => processUploadedObject.mockClear());

describe('knowledgeUploaded handler', () => {
  it('passes each created object of the uploads bucket on with its decoded key and time', async () => {
    await handler({
      Records: [
        record('uploads-test', 'users/u1/knowledge/aaaaaaaaaaaaaaaaaaaa-Cat%C3%A1logo+oto%C3%B1o.pdf'),
        record('uploads-test', 'users/u1/knowledge/bbbbbbbbbbbbbbbbbbbb-notas.txt', 'ObjectCreated:Put'),
      ],
    } as unknown as S3Event);
    expect(processUploadedObject.mock.calls).toEqual([
      [{ key: 'users/u1/knowledge/aaaaaaaaaaaaaaaaaaaa-Catálogo otoño.pdf', eventTime: '2025-05-01T10:00:00.000Z' }],
      [{ key: 'users/u1/knowledge/bbbbbbbbbbbbbbbbbbbb-notas.txt', eventTime: '2025-05-01T10:00:00.000Z' }],
    ]);
  });

  it('ignores other buckets and events other than ObjectCreated', async () => {
    await handler({
      Records: [record('otro-bucket', 'users/u1/knowledge/x.pdf'), record('uploads-test', 'users/u1/knowledge/x.pdf', 'ObjectRemoved:Delete')],
    } as unknown as S3Event);
    await handler({} as S3Event);
    expect(processUploadedObject).not.toHaveBeenCalled();
  });
});
