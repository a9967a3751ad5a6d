/**
 * The presigned POST `solicitarSubida` signs. s3rver does not enforce POST policies, so the
 * policy document itself is decoded here and every condition checked: exact key, size range,
 * exact content type, pinned metadata, short expiry, and a signature over that policy. The size
 * range ends at the declared size (issue 16 finding 2: the daily bytes quota counts it, so it binds).
 * The quota itself: ./requestUpload/quota.test.ts (DynamoDB Local holds its counter).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOCX_CONTENT_TYPE, UPLOAD_URL_EXPIRES_SECONDS } from '@director-ia/shared';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';
import { ORIGINAL_NAME_METADATA, originalName } from '../../../../../lambdas/core/uploads/keys';
import { useDomainEnv } from '../../../../support/domain-env';

await useDomainEnv();
const { requestUpload } = await import('../../../../../lambdas/core/uploads/requestUpload');

const SUB = '0b7e6c1d-aaaa-bbbb-cccc-000011112222';
const ENV = {
  UPLOADS_BUCKET: 'uploads-test',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4599',
  S3_FORCE_PATH_STYLE: 'true',
};

beforeAll(() => {
  for (const [key, value] of Object.entries(ENV)) vi.stubEnv(key, value);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

type Condition = Record<string, string> | [string, string | number, string | number];
interface Policy {
  expiration: string;
  conditions: Condition[];
}

function decodePolicy(fields: Record<string, string>): Policy {
  return JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString('utf8')) as Policy;
}

/** The value an exact-match condition pins for `field` (either form S3 accepts). */
function exact(policy: Policy, field: string): string | undefined {
  for (const condition of policy.conditions) {
    if (Array.isArray(condition) && condition[0] === 'eq' && condition[1] === `$${field}`) return String(condition[2]);
    if (!Array.isArray(condition) && field in condition) return condition[field];
  }
  return undefined;
}

describe('requestUpload (solicitarSubida)', () => {
  it('signs a POST for one exact key under the caller, with size range, type and expiry conditions', async () => {
    const now = Date.now();
    const grant = await requestUpload(SUB, { kind: 'knowledge', fileName: 'Catálogo de otoño.pdf', contentType: 'application/pdf', size: 5000 });
    expect(grant.key).toMatch(new RegExp(`^users/${SUB}/knowledge/[a-z0-9]{20}-Catalogo-de-otono\\.pdf$`));
    expect(grant.maxBytes).toBe(5000);
    expect(grant.expiresInSeconds).toBe(UPLOAD_URL_EXPIRES_SECONDS);
    // Path style against the configured endpoint (s3rver); AWS would use the virtual host.
    expect(grant.url).toBe('http://127.0.0.1:4599/uploads-test');

    const policy = decodePolicy(grant.fields);
    expect(exact(policy, 'key')).toBe(grant.key);
    expect(exact(policy, 'bucket')).toBe('uploads-test');
    expect(exact(policy, 'Content-Type')).toBe('application/pdf');
    expect(exact(policy, `x-amz-meta-${ORIGINAL_NAME_METADATA}`)).toBe(encodeURIComponent('Catálogo de otoño.pdf'));
    const ranges = policy.conditions.filter((c) => Array.isArray(c) && c[0] === 'content-length-range');
    expect(ranges).toEqual([['content-length-range', 1, 5000]]);
    // No starts-with condition: nothing about the key or type is left to the browser.
    expect(policy.conditions.some((c) => Array.isArray(c) && c[0] === 'starts-with')).toBe(false);
    const expiresIn = (Date.parse(policy.expiration) - now) / 1000;
    expect(expiresIn).toBeGreaterThan(UPLOAD_URL_EXPIRES_SECONDS - 5);
    expect(expiresIn).toBeLessThanOrEqual(UPLOAD_URL_EXPIRES_SECONDS + 1);

    // Every form field the browser sends is pinned by the policy, with the value it is given.
    for (const [field, value] of Object.entries(grant.fields)) {
      if (field === 'Policy' || field === 'X-Amz-Signature') continue;
      expect(exact(policy, field), field).toBe(value);
    }
    expect(grant.fields['X-Amz-Algorithm']).toBe('AWS4-HMAC-SHA256');
    expect(grant.fields['X-Amz-Credential']).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
  });

  it('signs the policy with SigV4 (S3 verifies this over the exact policy text)', async () => {
    const grant = await requestUpload(SUB, { kind: 'knowledge', fileName: 'notas.txt', contentType: 'text/plain', size: 10 });
    const date = (grant.fields['X-Amz-Credential'] ?? '').split('/')[1] ?? '';
    const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${ENV.AWS_SECRET_ACCESS_KEY}`, date), 'eu-west-1'), 's3'), 'aws4_request');
    expect(grant.fields['X-Amz-Signature']).toBe(createHmac('sha256', signingKey).update(grant.fields.Policy ?? '').digest('hex'));
  });

  it('uses the canonical type and the blog folder for a blog header image (2 MB limit)', async () => {
    const grant = await requestUpload(SUB, { kind: 'blogHeader', fileName: 'Cabecera.JPG', contentType: 'image/jpeg', size: 100 });
    expect(grant.key).toMatch(new RegExp(`^users/${SUB}/blog/[a-z0-9]{20}-Cabecera\\.jpg$`));
    const policy = decodePolicy(grant.fields);
    expect(exact(policy, 'Content-Type')).toBe('image/jpeg');
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 100]);
  });

  it('gives every request its own key', async () => {
    const input = { kind: 'knowledge' as const, fileName: 'a.docx', contentType: DOCX_CONTENT_TYPE, size: 10 };
    const [a, b] = await Promise.all([requestUpload(SUB, input), requestUpload(SUB, input)]);
    expect(a.key).not.toBe(b.key);
  });

  it.each([
    [{ fileName: 'a.exe', contentType: 'application/pdf', size: 10 }, /Tipo de archivo no admitido/],
    [{ fileName: 'a.pdf', contentType: 'text/plain', size: 10 }, /no coincide con su extensión/],
    [{ fileName: 'a.pdf', contentType: 'application/pdf', size: 0 }, /vacío/],
    [{ fileName: 'a.pdf', contentType: 'application/pdf', size: 10 * 1024 * 1024 + 1 }, /máximo de 10 MB/],
  ])('refuses %j with INVALID_ARGUMENT and a Spanish reason', async (file, message) => {
    const error = await requestUpload(SUB, { kind: 'knowledge', ...file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).message).toMatch(message);
  });

  it('reads the original name back from object metadata', () => {
    expect(originalName({ [ORIGINAL_NAME_METADATA]: encodeURIComponent('Guía ñ.pdf') })).toBe('Guía ñ.pdf');
    expect(originalName({ [ORIGINAL_NAME_METADATA]: '%E0%A4%A' })).toBeUndefined();
    expect(originalName({})).toBeUndefined();
  });
});
