/**
 * The AWS gateway in front of S3 with the real SDK: object calls, presigned GET URLs and browser
 * POST uploads are authorized as the principal that signed them; denials are S3's AccessDenied.
 * Tests run s3rver behind the gateway (objects, presigned URLs, byte ranges of a presigned GET as the
 * publisher's media reads make them). Note: s3rver only checks that the access key id is
 * registered; its SigV4 check is unimplemented (lib/middleware/authentication.js), so the
 * fake-upstream tests are what prove Host and bytes arrive unchanged.
 */
import { CopyObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAwsGateway, type AwsGateway } from '../../../../../infra/local/aws-gateway';
import { ALLOWED_ORIGINS_ENV } from '../../../../../lambdas/platform/http';
import { chunksOf, readMedia } from '../../../../../lambdas/platform/social/publish/media';
import { ACCOUNT, BUCKET, KEY_ARN, REGION, credentialsOf, harness, principal, rejection, type Harness } from './support';

const owner = principal('subirArchivo', [
  { Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: `arn:aws:s3:::${BUCKET}/users/*/knowledge/*` },
]);
const stranger = principal('otraFuncion', [{ Effect: 'Allow', Action: 's3:GetObject', Resource: `arn:aws:s3:::${BUCKET}/public/*` }]);

let h: Harness;
const s3 = (p = owner, endpoint = h.gateway.url) => new S3Client({ endpoint, region: REGION, credentials: credentialsOf(p), forcePathStyle: true, maxAttempts: 1 });
const KEY = 'users/u1/knowledge/Mi archivo ñ.pdf';

beforeAll(async () => {
  h = await harness();
  h.gateway.setPrincipal(owner);
  h.gateway.setPrincipal(stranger);
});
afterAll(() => h.stop());
beforeEach(() => {
  h.s3.received.length = 0;
  h.s3.reply = () => ({ status: 200, headers: { 'content-type': 'application/pdf', etag: '"abc"' }, body: 'PDF!' });
});

describe('AWS gateway: S3 object calls', () => {
  it('forwards an allowed GetObject with path and Host intact', async () => {
    const out = await s3().send(new GetObjectCommand({ Bucket: BUCKET, Key: KEY }));
    expect(await out.Body?.transformToString()).toBe('PDF!');
    const [received] = h.s3.received;
    expect(received?.url.split('?')[0]).toBe('/uploads/users/u1/knowledge/Mi%20archivo%20%C3%B1.pdf');
    expect(received?.headers.host).toBe(new URL(h.gateway.url).host);
    expect(h.gateway.decisions().at(-1)).toMatchObject({ action: 's3:GetObject', resource: `arn:aws:s3:::${BUCKET}/${KEY}`, allowed: true });
  });

  it('streams an allowed PutObject body through unchanged (large enough for Expect: 100-continue)', async () => {
    const body = Buffer.alloc(3_000_000, 7);
    await s3().send(new PutObjectCommand({ Bucket: BUCKET, Key: KEY, Body: body, ContentType: 'application/pdf' }));
    expect(h.s3.received[0]?.body.equals(body)).toBe(true);
    expect(h.s3.received[0]?.headers['content-type']).toBe('application/pdf');
  });

  it('denies GetObject outside the grant with S3 AccessDenied (403, XML), nothing forwarded', async () => {
    const error = await rejection(s3(stranger).send(new GetObjectCommand({ Bucket: BUCKET, Key: KEY })));
    expect(error.name).toBe('AccessDenied');
    expect(error.$metadata.httpStatusCode).toBe(403);
    expect(error.message).toBe(
      `User: arn:aws:sts::${ACCOUNT}:assumed-role/otraFuncionRole/otraFuncion is not authorized to perform: s3:GetObject on resource: "arn:aws:s3:::${BUCKET}/${KEY}" because no identity-based policy allows the s3:GetObject action`,
    );
    expect(h.s3.received).toHaveLength(0);
  });

  it('denies HEAD with a bare 403', async () => {
    const error = await rejection(s3(stranger).send(new HeadObjectCommand({ Bucket: BUCKET, Key: KEY })));
    expect(error.$metadata.httpStatusCode).toBe(403);
    expect(h.s3.received).toHaveLength(0);
  });

  it('needs s3:GetObject on the source of a copy as well as s3:PutObject on the target', async () => {
    h.s3.reply = () => ({ status: 200, headers: { 'content-type': 'application/xml' }, body: '<CopyObjectResult><ETag>"a"</ETag></CopyObjectResult>' });
    await s3().send(new CopyObjectCommand({ Bucket: BUCKET, Key: 'users/u1/knowledge/b.pdf', CopySource: `${BUCKET}/users/u1/knowledge/a.pdf` }));
    await expect(s3().send(new CopyObjectCommand({ Bucket: BUCKET, Key: 'users/u1/knowledge/b.pdf', CopySource: `${BUCKET}/secret/a.pdf` }))).rejects.toMatchObject({
      name: 'AccessDenied',
      message: expect.stringContaining(`s3:GetObject on resource: "arn:aws:s3:::${BUCKET}/secret/a.pdf"`),
    });
    expect(h.s3.received).toHaveLength(1);
  });

  it('forwards unsigned requests (CORS preflight) as they are', async () => {
    const res = await fetch(`${h.gateway.url}/${BUCKET}`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } });
    expect(res.status).toBe(200);
    expect(h.s3.received[0]).toMatchObject({ method: 'OPTIONS', url: `/${BUCKET}` });
  });
});

describe('AWS gateway: presigned requests', () => {
  it('authorizes a presigned GET URL as the principal that signed it', async () => {
    const allowed = await getSignedUrl(s3(owner), new GetObjectCommand({ Bucket: BUCKET, Key: KEY }), { expiresIn: 60 });
    const ok = await fetch(allowed);
    expect(ok.status).toBe(200);
    expect(new URL(h.s3.received[0]?.url ?? '', 'http://x').searchParams.get('X-Amz-Credential')).toContain(owner.accessKeyId);
    expect(h.gateway.decisions().at(-1)).toMatchObject({ principal: 'subirArchivo', action: 's3:GetObject', allowed: true });

    const denied = await fetch(await getSignedUrl(s3(stranger), new GetObjectCommand({ Bucket: BUCKET, Key: KEY }), { expiresIn: 60 }));
    expect(denied.status).toBe(403);
    expect(await denied.text()).toMatch(/<Code>AccessDenied<\/Code><Message>User: arn:aws:sts::0+:assumed-role\/otraFuncionRole\/otraFuncion is not authorized/);
    expect(h.s3.received).toHaveLength(1);
  });

  /** The exact bytes and content type a browser would send for this form. */
  async function formBytes(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name);
    const request = new Request('http://x/', { method: 'POST', body: form });
    return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
  }

  it('authorizes a browser POST upload on its key field and forwards the original bytes', async () => {
    h.s3.reply = () => ({ status: 204 });
    const post = await createPresignedPost(s3(owner), { Bucket: BUCKET, Key: 'users/u1/knowledge/${filename}', Expires: 60 });
    expect(post.url).toBe(`${h.gateway.url}/${BUCKET}`);
    const { body, contentType } = await formBytes(post.fields, { name: 'informe.pdf', bytes: Buffer.alloc(2_000_000, 1) });
    const res = await fetch(post.url, { method: 'POST', body, headers: { 'content-type': contentType, origin: 'http://localhost:5173' } });
    expect(res.status).toBe(204);
    expect(h.s3.received[0]?.body.equals(body)).toBe(true);
    expect(h.gateway.decisions().at(-1)).toMatchObject({ principal: 'subirArchivo', action: 's3:PutObject', resource: `arn:aws:s3:::${BUCKET}/users/u1/knowledge/informe.pdf`, allowed: true });
  });

  it('denies a browser POST upload whose key is outside the signer grant', async () => {
    const post = await createPresignedPost(s3(owner), { Bucket: BUCKET, Key: 'users/u1/avatar/x.png', Expires: 60 });
    const { body, contentType } = await formBytes(post.fields, { name: 'x.png', bytes: Buffer.from('png') });
    const res = await fetch(post.url, { method: 'POST', body, headers: { 'content-type': contentType, origin: 'http://localhost:5173' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toContain(`s3:PutObject on resource: &quot;arn:aws:s3:::${BUCKET}/users/u1/avatar/x.png&quot;`);
    expect(h.s3.received).toHaveLength(0);
  });
});

describe('AWS gateway: in front of s3rver', () => {
  let server: S3rver;
  let gateway: AwsGateway;
  let directory: string;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'aws-gateway-s3rver-'));
    // As infra/local/s3.ts acceptCredentials does: the principal's key pair is known to s3rver.
    const account = createRequire(import.meta.url)('s3rver/lib/models/account.js') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
    account.DUMMY_ACCOUNT.createKeyPair(owner.accessKeyId, owner.secretAccessKey);
    server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = (await server.run()) as AddressInfo;
    gateway = await startAwsGateway({
      port: 0,
      region: REGION,
      accountId: ACCOUNT,
      upstreams: { dynamodb: 'http://127.0.0.1:9', s3: `http://127.0.0.1:${port}` },
      kms: { keyArn: KEY_ARN, masterKey: Buffer.alloc(32, 1) },
      log: () => {},
    });
    gateway.setPrincipal(owner);
  });
  afterAll(async () => {
    await gateway.stop();
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('puts and gets an object, and a presigned URL works, through the gateway', async () => {
    const client = s3(owner, gateway.url);
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: KEY, Body: 'hola', ContentType: 'text/plain' }));
    const out = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: KEY }));
    expect(await out.Body?.transformToString()).toBe('hola');
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: BUCKET, Key: KEY }), { expiresIn: 60 });
    expect(await (await fetch(url)).text()).toBe('hola');
  });

  it('serves byte ranges of a presigned GET URL: the publisher\'s adapters read media through the HTTP door in ranges (issue 13)', async () => {
    const client = s3(owner, gateway.url);
    const media = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: KEY, Body: media, ContentType: 'video/mp4' }));
    const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: BUCKET, Key: KEY }), { expiresIn: 60 });
    const range = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 1000-1999/4096');
    expect(Buffer.from(await range.arrayBuffer()).equals(media.subarray(1000, 2000))).toBe(true);
    // The twin lets the functions' outbound client reach the gateway's origin (OUTBOUND_ALLOWED_ORIGINS), as readMedia does.
    const previous = process.env[ALLOWED_ORIGINS_ENV];
    process.env[ALLOWED_ORIGINS_ENV] = new URL(gateway.url).host;
    try {
      const item = { kind: 'video' as const, contentType: 'video/mp4', size: media.byteLength, url };
      const chunks = await Promise.all(chunksOf(media.byteLength, 1500).map((chunk) => readMedia('youtube', item, {}, chunk)));
      expect(Buffer.concat(chunks).equals(media)).toBe(true);
      expect(Buffer.from(await readMedia('youtube', item, {})).equals(media)).toBe(true);
    } finally {
      if (previous === undefined) delete process.env[ALLOWED_ORIGINS_ENV];
      else process.env[ALLOWED_ORIGINS_ENV] = previous;
    }
  });

  it('needs the principal key pair registered in s3rver (it checks the key id, not the SigV4 signature)', async () => {
    const unknown = principal('sinClaveEnS3rver', [{ Effect: 'Allow', Action: 's3:GetObject', Resource: '*' }]);
    gateway.setPrincipal(unknown);
    await expect(s3(unknown, gateway.url).send(new GetObjectCommand({ Bucket: BUCKET, Key: KEY }))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    // Neither the gateway nor s3rver verifies SigV4: a tampered signature of a known key passes.
    const url = new URL(await getSignedUrl(s3(owner, gateway.url), new GetObjectCommand({ Bucket: BUCKET, Key: KEY }), { expiresIn: 60 }));
    url.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(url)).status).toBe(200);
  });
});
