/**
 * The uploaded bytes' daily quota (issue 16 finding 2): `requestUpload` counts the declared size
 * before signing (DAILY_UPLOAD_BYTES_QUOTA) and the POST it signs accepts at most that size, so the
 * declaration binds; an upload that does not fit is 429 RESOURCE_EXHAUSTED in Spanish and nothing
 * is signed. Against DynamoDB Local (the signature is computed locally).
 */
import { describe, expect, it } from 'vitest';
import { useDomainEnv, uniqueSub } from '../../../../../support/domain-env';

const MB = 1024 * 1024;
await useDomainEnv({ UPLOADS_BUCKET: 'uploads-test', DAILY_UPLOAD_BYTES_QUOTA: String(12 * MB) });
const { requestUpload } = await import('../../../../../../lambdas/core/uploads/requestUpload');

const pdf = (size: number) => ({ kind: 'knowledge' as const, fileName: 'catalogo.pdf', contentType: 'application/pdf', size });

/** The content-length-range the signed policy allows. */
function sizeRange(fields: Record<string, string>): unknown {
  const policy = JSON.parse(Buffer.from(fields.Policy ?? '', 'base64').toString('utf8')) as { conditions: unknown[] };
  return policy.conditions.find((c) => Array.isArray(c) && c[0] === 'content-length-range');
}

describe('the uploaded bytes quota', () => {
  it('signs uploads up to the daily bytes, each for at most its declared size, then refuses with 429', async () => {
    const sub = uniqueSub();
    const first = await requestUpload(sub, pdf(8 * MB));
    expect(first.maxBytes).toBe(8 * MB);
    expect(sizeRange(first.fields)).toEqual(['content-length-range', 1, 8 * MB]);
    await expect(requestUpload(sub, pdf(5 * MB))).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED', message: expect.stringContaining('Has alcanzado el límite diario de MB subidos (12)') });
    // What still fits is signed.
    await requestUpload(sub, pdf(4 * MB));
    await expect(requestUpload(sub, pdf(1))).rejects.toMatchObject({ kind: 'QUOTA_EXCEEDED' });
  });
});
