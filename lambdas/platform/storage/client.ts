/**
 * The S3 client of a function process and the uploads bucket's name. The endpoint comes from the
 * SDK's standard configuration (`AWS_ENDPOINT_URL_S3` in the local twin); path-style addressing
 * is configuration too (`S3_FORCE_PATH_STYLE=true`, which the twin sets for s3rver), so no code
 * path knows it is local.
 */
import { S3Client } from '@aws-sdk/client-s3';

/** Environment variable holding the uploads bucket's name. */
export const UPLOADS_BUCKET_ENV = 'UPLOADS_BUCKET';
/** Environment variable that turns on path-style bucket addressing (emulators). */
export const S3_FORCE_PATH_STYLE_ENV = 'S3_FORCE_PATH_STYLE';

let client: S3Client | undefined;
/** The process-wide S3 client (created on first use, after the environment is set). */
export function s3(): S3Client {
  client ??= new S3Client({ forcePathStyle: process.env[S3_FORCE_PATH_STYLE_ENV] === 'true' });
  return client;
}

/** The uploads bucket from the environment; throws at first use if the deployment forgot it. */
export function uploadsBucket(): string {
  const name = process.env[UPLOADS_BUCKET_ENV];
  if (!name) throw new Error(`${UPLOADS_BUCKET_ENV} is not set`);
  return name;
}
