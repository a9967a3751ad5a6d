/**
 * s3rver in-process, with the uploads bucket and a CORS rule allowing browser POST/PUT uploads.
 * s3rver does not enforce POST policies or signatures: tests check the policies we generate.
 */
import S3rver from 's3rver';
import { mkdirSync } from 'node:fs';

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

/** Starts s3rver on `port` storing objects under `directory`. Returns a stop function. */
export async function startS3(port: number, directory: string): Promise<{ stop: () => Promise<void> }> {
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: UPLOADS_BUCKET, configs: [CORS] }],
  });
  await server.run();
  return { stop: () => server.close() };
}
