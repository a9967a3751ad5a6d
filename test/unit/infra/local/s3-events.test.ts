/**
 * The twin's S3 notifications: s3rver events become the S3Event AWS delivers (URL-encoded keys),
 * the handler decodes keys back exactly, and only matching notifications receive an event.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { s3EventTargets } from '../../../../infra/local/s3-events';
import { encodeS3EventKey, toLambdaS3Event } from '../../../../infra/local/s3';
import { decodeS3Key } from '../../../../lambdas/events/knowledgeUploaded';

const raw = (key: string, eventName = 'ObjectCreated:Post') => ({
  Records: [{ eventName, eventTime: '2025-05-01T10:00:00.000Z', s3: { bucket: { name: 'uploads' }, object: { key, size: 42, eTag: 'abc', sequencer: '1' } } }],
});

describe('S3 event keys', () => {
  it('encode like S3 notifications: "+" for spaces, "/" kept, the rest percent-encoded', () => {
    expect(encodeS3EventKey('users/u1/knowledge/id-Mi archivo ñ+1.pdf')).toBe('users/u1/knowledge/id-Mi+archivo+%C3%B1%2B1.pdf');
  });

  it('decode back to the exact key (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (key) => {
        expect(decodeS3Key(encodeS3EventKey(key))).toBe(key);
      }),
    );
  });
});

describe('toLambdaS3Event', () => {
  it("has the fields a Lambda reads from a bucket notification", () => {
    const event = toLambdaS3Event(raw('users/u1/knowledge/aaaaaaaaaaaaaaaaaaaa-a b.pdf'), 'eu-west-1');
    const [record] = event.Records;
    expect(record).toMatchObject({
      eventSource: 'aws:s3',
      awsRegion: 'eu-west-1',
      eventName: 'ObjectCreated:Post',
      eventTime: '2025-05-01T10:00:00.000Z',
      s3: { bucket: { name: 'uploads', arn: 'arn:aws:s3:::uploads' }, object: { key: 'users/u1/knowledge/aaaaaaaaaaaaaaaaaaaa-a+b.pdf', size: 42 } },
    });
  });
});

describe('s3EventTargets', () => {
  // The uploads bucket's notification as the stack synthesizes it (infra/constructs/jobs.ts).
  const targets = {
    notifications: [{ bucket: 'uploads', events: ['s3:ObjectCreated:*'], prefix: 'users/', suffix: '', functionLogicalId: 'JobsKnowledge' }],
    functionName: (id: string) => ({ JobsKnowledge: 'knowledgeUploaded' })[id],
  };
  it('sends created objects under users/ of that bucket to the knowledge function, nothing else', () => {
    expect(s3EventTargets(toLambdaS3Event(raw('users/u1/knowledge/x.pdf'), 'eu-west-1'), targets)).toEqual(['knowledgeUploaded']);
    expect(s3EventTargets(toLambdaS3Event(raw('users/u1/knowledge/x.pdf', 'ObjectRemoved:Delete'), 'eu-west-1'), targets)).toEqual([]);
    expect(s3EventTargets(toLambdaS3Event(raw('public/x.pdf'), 'eu-west-1'), targets)).toEqual([]);
    const other = toLambdaS3Event(raw('users/u1/knowledge/x.pdf'), 'eu-west-1');
    other.Records[0]!.s3.bucket.name = 'logs';
    expect(s3EventTargets(other, targets)).toEqual([]);
  });
});
