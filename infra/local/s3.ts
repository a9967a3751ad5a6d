/**
 * s3rver in-process, with the uploads bucket and a CORS rule allowing browser POST/PUT uploads.
 * s3rver does not enforce POST policies or signatures: tests check the policies we generate.
 * Its object events are handed on in the shape AWS delivers to Lambda (URL-encoded keys), so the
 * twin can run the bucket's notification handlers unchanged.
 */
import type { S3Event } from 'aws-lambda';
import S3rver from 's3rver';
import type { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

export const UPLOADS_BUCKET = 'uploads';

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** What s3rver emits as `'event'` (one record; keys raw, region fixed to us-east-1). */
interface S3rverEvent {
  Records: { eventName: string; eventTime: string; s3: { bucket: { name: string }; object: { key: string; size?: number; eTag?: string; sequencer?: string } } }[];
}

/** An object key as S3 event notifications carry it: URL-encoded, '+' for spaces, '/' kept. */
export function encodeS3EventKey(key: string): string {
  return encodeURIComponent(key).replace(/%20/g, '+').replace(/%2F/gi, '/');
}

/** s3rver's event → the S3Event a Lambda receives from a bucket notification in `region`. */
export function toLambdaS3Event(raw: S3rverEvent, region: string): S3Event {
  return {
    Records: raw.Records.map((record) => ({
      eventVersion: '2.1',
      eventSource: 'aws:s3',
      awsRegion: region,
      eventTime: record.eventTime,
      eventName: record.eventName,
      userIdentity: { principalId: 'AWS:LOCAL' },
      requestParameters: { sourceIPAddress: '127.0.0.1' },
      responseElements: { 'x-amz-request-id': 'LOCAL', 'x-amz-id-2': 'LOCAL' },
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'local-twin',
        bucket: { name: record.s3.bucket.name, ownerIdentity: { principalId: 'LOCAL' }, arn: `arn:aws:s3:::${record.s3.bucket.name}` },
        object: {
          key: encodeS3EventKey(record.s3.object.key),
          size: record.s3.object.size ?? 0,
          eTag: record.s3.object.eTag ?? '',
          sequencer: record.s3.object.sequencer ?? '',
        },
      },
    })),
  } as S3Event;
}

/**
 * s3rver only knows its own S3RVER key pair and checks every signature: the twin's own pair and
 * each function's pair (the gateway forwards their signed requests unchanged) are added to
 * s3rver's one account.
 */
export function acceptCredentials({ accessKeyId, secretAccessKey }: { accessKeyId: string; secretAccessKey: string }): void {
  const account = createRequire(import.meta.url)('s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  account.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
}

/**
 * Starts s3rver on `port` storing objects under `directory`; `onEvent` receives every object
 * event as a Lambda S3Event. Returns a stop function.
 */
export async function startS3(
  port: number,
  directory: string,
  credentials: { accessKeyId: string; secretAccessKey: string },
  onEvent?: (event: S3Event) => void,
  region = 'eu-west-1',
): Promise<{ stop: () => Promise<void> }> {
  mkdirSync(directory, { recursive: true });
  acceptCredentials(credentials);
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: UPLOADS_BUCKET, configs: [CORS] }],
  });
  // S3rver is a Koa app (an EventEmitter); its type declarations leave that out.
  if (onEvent) (server as unknown as EventEmitter).on('event', (raw: S3rverEvent) => onEvent(toLambdaS3Event(raw, region)));
  await server.run();
  return { stop: () => server.close() };
}
