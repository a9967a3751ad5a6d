/**
 * guardarIntegraciones' destination check (issue 12, SSRF): a base URL at a loopback, private or
 * metadata address is refused with the Spanish message and nothing is stored, unless the
 * deployment allows its exact origin (OUTBOUND_ALLOWED_ORIGINS). The rest of the save is covered
 * by test/integration/settings.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';

await useDomainEnv();
const { BASE_URL_NOT_PUBLIC, saveIntegrations } = await import('../../../../../lambdas/core/settings/saveIntegrations');
const { readIntegrationsItem } = await import('../../../../../lambdas/core/settings/integrations');
const { InvalidInputError } = await import('../../../../../lambdas/platform/errors');

describe('saveIntegrations and the base URL destination', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each(['http://127.0.0.1:11434/v1', 'http://localhost:11434/v1', 'http://[::1]/v1', 'http://169.254.169.254/v1', 'http://10.0.0.5/v1', 'http://0x7f.1/v1'])(
    'refuses %s and stores nothing',
    async (openaiBaseUrl) => {
      const sub = uniqueSub();
      const error = await saveIntegrations({ sub }, { aiProvider: 'openai-compatible', openaiBaseUrl, openaiModel: 'llama3.1' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toBe(BASE_URL_NOT_PUBLIC);
      await expect(readIntegrationsItem(sub)).resolves.toBeNull();
    },
  );

  it('saves a local base URL whose exact origin the deployment allows, and only that one', async () => {
    vi.stubEnv('OUTBOUND_ALLOWED_ORIGINS', 'localhost:11434');
    const sub = uniqueSub();
    const saved = await saveIntegrations({ sub }, { aiProvider: 'openai-compatible', openaiBaseUrl: 'http://localhost:11434/v1', openaiModel: 'llama3.1' });
    expect(saved.openaiBaseUrl).toBe('http://localhost:11434/v1');
    await expect(saveIntegrations({ sub }, { openaiBaseUrl: 'http://localhost:11435/v1' })).rejects.toThrow(BASE_URL_NOT_PUBLIC);
  });

  it('saves a public IP literal', async () => {
    const saved = await saveIntegrations({ sub: uniqueSub() }, { aiProvider: 'openai-compatible', openaiBaseUrl: 'https://93.184.216.34/v1', openaiModel: 'm' });
    expect(saved.openaiBaseUrl).toBe('https://93.184.216.34/v1');
  });
});
