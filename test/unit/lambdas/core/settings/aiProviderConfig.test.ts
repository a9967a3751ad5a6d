/**
 * The brand's provider configuration as the server-side AI layer gets it: the opened keys of the
 * chosen provider only, from what Integraciones sealed (raw AES keyring, DynamoDB Local).
 * (Moved from the settings integration test, issue 11 item 7: no callable returns opened keys.)
 */
import { describe, expect, it } from 'vitest';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';

await useDomainEnv();
const { readBrandAiProviderConfig } = await import('../../../../../lambdas/core/settings/aiProviderConfig');
const { saveIntegrations } = await import('../../../../../lambdas/core/settings/saveIntegrations');

describe('readBrandAiProviderConfig', () => {
  it('opens the Gemini and Imagen keys (the replaced one) when Gemini is chosen, and nothing else', async () => {
    const sub = uniqueSub();
    await saveIntegrations(
      { sub },
      { aiProvider: 'gemini', geminiApiKey: 'AIzaSyGEMINI-secret-value-1234', imagenApiKey: 'AIzaSyIMAGEN-secret-value-5678', openaiApiKey: 'sk-local-openai-secret-9abc', gmailAddress: 'marca@gmail.com', gmailAppPassword: 'abcd efgh ijkl mnop' },
    );
    await saveIntegrations({ sub }, { imagenApiKey: 'new-imagen-key-0000' });
    await expect(readBrandAiProviderConfig(sub)).resolves.toEqual({ provider: 'gemini', gemini: { apiKey: 'AIzaSyGEMINI-secret-value-1234', imagenApiKey: 'new-imagen-key-0000' } });
  });

  it('gives an OpenAI-compatible endpoint without a key (self-hosted models) as saved', async () => {
    const sub = uniqueSub();
    await saveIntegrations({ sub }, { aiProvider: 'openai-compatible', openaiBaseUrl: 'https://llm.example.com/v1', openaiModel: 'llama3.1' });
    await expect(readBrandAiProviderConfig(sub)).resolves.toEqual({ provider: 'openai-compatible', openaiCompatible: { baseUrl: 'https://llm.example.com/v1', model: 'llama3.1' } });
  });
});
