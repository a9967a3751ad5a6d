/** JSON-over-HTTP of the REST providers (lambdas/platform/ai/providers/rest.ts): transport and HTTP failures as AI errors. */
import { describe, expect, it } from 'vitest';
import { AI_MSG, AiProviderError, AiRetryableError } from '../../../../../../lambdas/platform/ai/errors';
import { postJson, type FetchFn } from '../../../../../../lambdas/platform/ai/providers/rest';

const call = (fetch: FetchFn) => postJson({ provider: 'gemini', fetch, url: 'https://api.example/v1', headers: {}, body: {}, secrets: ['sk-secret'], timeoutMs: 1000 });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('postJson', () => {
  it('returns the parsed JSON answer', async () => {
    await expect(call(async () => new Response('{"a":1}'))).resolves.toEqual({ a: 1 });
  });

  it('maps a timeout to a retryable error and an unreachable host to the connection message', async () => {
    const timeout = await rejection(call(() => Promise.reject(Object.assign(new Error('aborted'), { name: 'TimeoutError' }))));
    expect(timeout).toBeInstanceOf(AiRetryableError);
    expect((timeout as AiRetryableError).message).toBe(AI_MSG.retryable);
    const down = await rejection(call(() => Promise.reject(new TypeError('fetch failed sk-secret'))));
    expect(down).toBeInstanceOf(AiRetryableError);
    expect((down as AiRetryableError).message).toBe(AI_MSG.unreachable);
    expect((down as AiRetryableError).detail).not.toContain('sk-secret');
  });

  it('refuses an answer over the size cap as a provider error', async () => {
    const huge = await rejection(call(async () => new Response('{}', { headers: { 'content-length': String(64 * 1024 * 1024) } })));
    expect(huge).toBeInstanceOf(AiProviderError);
  });

  it('maps HTTP statuses (429 retryable, 401 key rejected, 404 unknown model) and a non-JSON answer', async () => {
    expect(await rejection(call(async () => new Response('slow down', { status: 429 })))).toBeInstanceOf(AiRetryableError);
    expect(((await rejection(call(async () => new Response('', { status: 401 })))) as AiProviderError).message).toBe(AI_MSG.unauthorized);
    expect(((await rejection(call(async () => new Response('', { status: 404 })))) as AiProviderError).message).toBe(AI_MSG.modelNotFound);
    expect(await rejection(call(async () => new Response('<html>')))).toBeInstanceOf(AiProviderError);
  });
});
