/**
 * Browser uploads (lib/upload.ts): a file breaking the upload rules is refused before any URL is
 * asked for; otherwise the presigned POST carries the grant's fields then the file, progress goes
 * 0..1 and ends at 1, and failures become CallableClientErrors with 'Error al subir...' statuses.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@director-ia/shared';
import type * as ApiModule from '../../../../../web/src/lib/api';

const callFunction = vi.fn();
vi.mock('../../../../../web/src/lib/api', async (original) => ({ ...(await original<typeof ApiModule>()), callFunction }));
vi.mock('../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { postWithProgress, uploadFile, UploadRejected, uploadProblem } = await import('../../../../../web/src/lib/upload');
const { CallableClientError } = await import('../../../../../web/src/lib/api');

/** A stand-in XMLHttpRequest: records the request and lets the test play the upload's events. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

const grant = { url: 'https://bucket.example/', key: 'users/u1/knowledge/abc-doc.pdf', fields: { key: 'users/u1/knowledge/abc-doc.pdf', 'Content-Type': 'application/pdf' }, maxBytes: 1000, expiresInSeconds: 300 };

beforeEach(() => {
  FakeXhr.last = null;
  callFunction.mockReset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('postWithProgress', () => {
  it('POSTs the fields then the file, reports progress and ends at 1', async () => {
    const progress: number[] = [];
    const done = postWithProgress(grant, new Blob(['x']), (f) => progress.push(f));
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', grant.url]);
    expect([...xhr.body!.keys()]).toEqual(['key', 'Content-Type', 'file']);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 7, total: 0 });
    xhr.status = 204;
    xhr.onload?.();
    await done;
    expect(progress).toEqual([0.5, 1]);
  });

  it.each([
    ['a refusal by the bucket', (xhr: FakeXhr) => ((xhr.status = 403), xhr.onload?.()), 'INTERNAL', 403],
    ['a network failure', (xhr: FakeXhr) => xhr.onerror?.(), 'UNAVAILABLE', 0],
    ['an abort', (xhr: FakeXhr) => xhr.abort(), 'CANCELLED', 0],
  ])('turns %s into a CallableClientError', async (_case, play, status, httpStatus) => {
    const done = postWithProgress(grant, new Blob(['x']), () => undefined);
    play(FakeXhr.last!);
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallableClientError);
    expect(error).toMatchObject({ status, httpStatus, message: MSG.uploadFailed });
  });

  it('aborts when the signal does', async () => {
    const controller = new AbortController();
    const done = postWithProgress(grant, new Blob(['x']), () => undefined, controller.signal);
    controller.abort();
    await expect(done).rejects.toMatchObject({ status: 'CANCELLED' });
  });
});

describe('uploadFile', () => {
  it('refuses a file breaking the rules without asking for a URL', async () => {
    const file = new File(['x'], 'virus.exe', { type: 'application/x-msdownload' });
    expect(uploadProblem('knowledge', file)).toEqual(expect.any(String));
    await expect(uploadFile('knowledge', file)).rejects.toBeInstanceOf(UploadRejected);
    expect(callFunction).not.toHaveBeenCalled();
  });

  it('asks solicitarSubida for a grant, posts the file and resolves with the key', async () => {
    callFunction.mockResolvedValue(grant);
    const file = new File(['%PDF-1.4'], 'doc.pdf', { type: 'application/pdf' });
    expect(uploadProblem('knowledge', file)).toBeNull();
    const done = uploadFile('knowledge', file);
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(callFunction).toHaveBeenCalledWith('solicitarSubida', { kind: 'knowledge', fileName: 'doc.pdf', contentType: 'application/pdf', size: file.size }, { signal: undefined });
    FakeXhr.last!.status = 204;
    FakeXhr.last!.onload?.();
    await expect(done).resolves.toBe(grant.key);
  });
});
