/**
 * A remote AI provider's failures reach the AiProviderErrors metric (issue 16 observability):
 * `counted` directly, and through a lazily loaded provider of index.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { METRIC_NAMES } from '@director-ia/shared';
import { counted } from '../../../../../lambdas/platform/ai/counted';
import { AiConfigError, AiProviderError, AiRetryableError, resolveAiProvider } from '../../../../../lambdas/platform/ai';
import { useEmfCapture, withMetric } from '../../../../support/emf';

const emf = useEmfCapture();

describe('counted', () => {
  it('rethrows a provider failure unchanged and counts it', async () => {
    const failure = new AiRetryableError('gemini', 'HTTP 503');
    await expect(counted('gemini', async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(withMetric(emf.records(), METRIC_NAMES.aiProviderErrors)).toEqual([expect.objectContaining({ AiProviderErrors: 1, provider: 'gemini', code: 'RETRYABLE' })]);
  });

  it('does not count configuration errors or successes', async () => {
    await expect(counted('gemini', async () => Promise.reject(new AiConfigError('falta')))).rejects.toBeInstanceOf(AiConfigError);
    expect(await counted('gemini', async () => 7)).toBe(7);
    expect(emf.records()).toEqual([]);
  });
});

describe('a remote provider', () => {
  it('counts the failure of a call to an unreachable OpenAI-compatible server', async () => {
    vi.stubEnv('OUTBOUND_ALLOWED_ORIGINS', '127.0.0.1:9');
    const provider = resolveAiProvider({ provider: 'openai-compatible', openai: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: 'k' } } as never);
    const error = await provider.generateText({ messages: [{ role: 'user', content: 'hola' }] } as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const counted = withMetric(emf.records(), METRIC_NAMES.aiProviderErrors);
    expect(counted).toEqual([expect.objectContaining({ provider: 'openai-compatible' })]);
    expect(error instanceof AiRetryableError || error instanceof AiProviderError).toBe(true);
  });
});
