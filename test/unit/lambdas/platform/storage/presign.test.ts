/**
 * platform/storage/presign.ts `presignGet` (the real SDK signer, fixed credentials): a GET URL of
 * the uploads bucket's object, with the response headers signed into it when asked, and one URL
 * per signing date, so a cache can reuse it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presignGet } from '../../../../../lambdas/platform/storage/presign';

const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, {
    UPLOADS_BUCKET: 'uploads-test',
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  });
});
afterAll(() => {
  for (const name of ['UPLOADS_BUCKET', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('presignGet', () => {
  it('signs a GET of the key for the given lifetime', async () => {
    const url = new URL(await presignGet('a/b.png', 120));
    expect(url.pathname.endsWith('/a/b.png')).toBe(true);
    expect(url.hostname.startsWith('uploads-test.') || url.pathname.startsWith('/uploads-test/')).toBe(true);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    expect(url.searchParams.get('response-cache-control')).toBeNull();
  });

  it('signs the cache control and the download name into the URL', async () => {
    const url = new URL(await presignGet('a/b.png', 60, { cacheControl: 'private, max-age=300', downloadName: 'mi foto.png' }));
    expect(url.searchParams.get('response-cache-control')).toBe('private, max-age=300');
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="mi_foto.png"');
  });

  it('gives one URL per signing date', async () => {
    const signingDate = new Date('2025-03-09T12:00:00.000Z');
    const first = await presignGet('a/b.png', 600, { signingDate });
    const again = await presignGet('a/b.png', 600, { signingDate });
    const later = await presignGet('a/b.png', 600, { signingDate: new Date('2025-03-09T12:05:00.000Z') });
    expect(again).toBe(first);
    expect(later).not.toBe(first);
    expect(new URL(first).searchParams.get('X-Amz-Date')).toBe('20250309T120000Z');
  });
});
