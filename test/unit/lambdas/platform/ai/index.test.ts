/**
 * Provider resolution: the brand's choice, the deployment default from env (offline when unset),
 * typed Spanish errors for missing credentials, and lazy loading of remote providers.
 */
import { describe, expect, it, vi } from 'vitest';
import { AI_MSG, AiConfigError, defaultAiProvider, offlineProvider, resolveAiProvider } from '../../../../../lambdas/platform/ai';

describe('resolveAiProvider', () => {
  it.each([
    [{ provider: 'offline' as const }, 'offline', true],
    [{ provider: 'bedrock' as const }, 'bedrock', false],
    [{ provider: 'openai-compatible' as const, openai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' } }, 'openai-compatible', false],
    [{ provider: 'gemini' as const, gemini: { apiKey: 'AIza-x' } }, 'gemini', false],
  ])('%j → %s', (config, id, offline) => {
    const provider = resolveAiProvider(config);
    expect(provider.id).toBe(id);
    expect(provider.offline).toBe(offline);
  });

  it('offline is the shared offline provider', () => {
    expect(resolveAiProvider({ provider: 'offline' })).toBe(offlineProvider);
  });

  it.each([
    ['gemini without key', { provider: 'gemini' as const }, AI_MSG.missingGeminiKey],
    ['gemini with a blank key', { provider: 'gemini' as const, gemini: { apiKey: ' ' } }, AI_MSG.missingGeminiKey],
    ['openai-compatible without settings', { provider: 'openai-compatible' as const }, AI_MSG.missingOpenAi],
    ['openai-compatible without model', { provider: 'openai-compatible' as const, openai: { baseUrl: 'http://x', apiKey: 'k', model: '' } }, AI_MSG.missingOpenAi],
  ])('%s → AiConfigError with a Spanish message', (_label, config, message) => {
    expect(() => resolveAiProvider(config)).toThrow(AiConfigError);
    expect(() => resolveAiProvider(config)).toThrow(message);
  });

  it('rejects an unknown provider id', () => {
    expect(() => resolveAiProvider({ provider: 'skynet' as never })).toThrow(AiConfigError);
  });

  it('"default" means the deployment provider', () => {
    const previous = process.env.AI_PROVIDER;
    delete process.env.AI_PROVIDER;
    try {
      expect(resolveAiProvider({ provider: 'default' }).id).toBe('offline');
    } finally {
      if (previous !== undefined) process.env.AI_PROVIDER = previous;
    }
  });

  it('a lazily loaded remote provider really works on first use (through its module)', async () => {
    // An allowed origin where nothing listens: the request really goes out and finds no server.
    vi.stubEnv('OUTBOUND_ALLOWED_ORIGINS', '127.0.0.1:1');
    const provider = resolveAiProvider({ provider: 'openai-compatible', openai: { baseUrl: 'http://127.0.0.1:1/v1', model: 'm' } });
    await expect(provider.generateText({ system: 's', messages: [{ role: 'user', content: 'u' }] })).rejects.toMatchObject({ code: 'RETRYABLE', message: AI_MSG.unreachable });
    vi.unstubAllEnvs();
  });
});

describe('defaultAiProvider', () => {
  it.each([
    [{}, 'offline'],
    [{ AI_PROVIDER: '' }, 'offline'],
    [{ AI_PROVIDER: 'bedrock' }, 'bedrock'],
    [{ AI_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: 'http://localhost:8080/v1', OPENAI_MODEL: 'qwen' }, 'openai-compatible'],
    [{ AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' }, 'gemini'],
  ])('env %j → %s', (env, id) => {
    expect(defaultAiProvider(env).id).toBe(id);
  });

  it.each([[{ AI_PROVIDER: 'gemini' }], [{ AI_PROVIDER: 'openai-compatible' }], [{ AI_PROVIDER: 'nope' }]])('env %j → AiConfigError', (env) => {
    expect(() => defaultAiProvider(env)).toThrow(AiConfigError);
  });
});
