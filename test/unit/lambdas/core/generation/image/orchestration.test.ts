/**
 * `generateImage`'s orchestration (issue 4 item 1) with its collaborators replaced: what the
 * provider is asked (enriched prompt, brand, the inspiration bytes as reference image), the order of
 * the checks (bad image and topics to avoid before any provider or quota), AI failures mapped with
 * the AI layer's errors that propagate unchanged out of the quota (the callable edge maps them with
 * the same Spanish message) — so the unit is given back — and a provider answer that is not an image refused without storing anything.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TALLER_MSG } from '@director-ia/shared';
import { toCallableError } from '../../../../../../lambdas/platform/callable/errors';
import { AI_MSG, AiContentFilteredError, AiRetryableError, type AiProvider, type ImageRequest } from '../../../../../../lambdas/platform/ai';
import { solidPng } from '../../../../../support/generation';

const calls = vi.hoisted(() => ({ quota: [] as string[], saved: [] as unknown[], provider: 0 }));
const brand = { brandName: 'Café Luna', keywords: 'café de especialidad', topicsToAvoid: 'política' };
let imageImpl: (request: ImageRequest) => Promise<{ bytes: Uint8Array; mediaType: 'image/png'; offline: boolean; model: string }>;
const requests: ImageRequest[] = [];

vi.mock('../../../../../../lambdas/core/settings/aiSettings', () => ({ readBrandContext: async () => brand }));
vi.mock('../../../../../../lambdas/core/generation/provider', () => ({
  brandAiProvider: async (): Promise<Partial<AiProvider>> => {
    calls.provider += 1;
    return {
      id: 'bedrock',
      generateImage: async (request: ImageRequest) => {
        requests.push(request);
        return imageImpl(request);
      },
    };
  },
}));
vi.mock('../../../../../../lambdas/core/generation/quota', () => ({
  withGenerationQuota: async <T>(_sub: string, generate: () => Promise<T>) => {
    calls.quota.push('reserve');
    try {
      return await generate();
    } catch (error) {
      calls.quota.push('release');
      throw error;
    }
  },
}));
vi.mock('../../../../../../lambdas/core/assets/assets', () => ({
  saveAsset: async (_sub: string, asset: { bytes: Uint8Array }) => {
    calls.saved.push(asset);
    return { id: 'asset00000000000000a', key: 'users/s/assets/asset00000000000000a.png', offline: false, model: 'stability.sd3-5-large-v1:0', size: asset.bytes.byteLength };
  },
  assetUrl: async () => 'https://bucket.example/users/s/assets/asset00000000000000a.png?X-Amz-Expires=600',
}));

const { generateImage } = await import('../../../../../../lambdas/core/generation/image');
const png = solidPng([120, 60, 30]);

beforeEach(() => {
  calls.quota = [];
  calls.saved = [];
  calls.provider = 0;
  requests.length = 0;
  imageImpl = async () => ({ bytes: new Uint8Array(png), mediaType: 'image/png', offline: false, model: 'stability.sd3-5-large-v1:0' });
});

describe('generateImage', () => {
  it('asks the brand provider with the enriched prompt, the brand and the inspiration image, and stores the result', async () => {
    const reference = solidPng([1, 200, 3]);
    const result = await generateImage('sub-1', { prompt: ' Una taza humeante ', imageBase64: reference.toString('base64') });
    expect(result).toEqual({ imageUrl: expect.stringContaining('/assets/asset00000000000000a.png'), assetId: 'asset00000000000000a', offline: false, model: 'stability.sd3-5-large-v1:0' });
    const [request] = requests as [ImageRequest];
    expect(request.prompt.startsWith('Una taza humeante\n')).toBe(true);
    expect(request.prompt).toContain('Café Luna');
    expect(request.brand).toEqual(brand);
    expect(request.referenceImage?.mediaType).toBe('image/png');
    expect(Buffer.from(request.referenceImage?.bytes ?? []).equals(reference)).toBe(true);
    expect(calls.saved).toEqual([expect.objectContaining({ type: 'image', mediaType: 'image/png', prompt: 'Una taza humeante', offline: false, source: 'inspiration' })]);
    expect(calls.quota).toEqual(['reserve']);
  });

  it('sends no reference image when there is none', async () => {
    await generateImage('sub-1', { prompt: 'Una taza', imageBase64: null });
    expect(requests[0]?.referenceImage).toBeUndefined();
    expect(calls.saved).toEqual([expect.not.objectContaining({ source: expect.anything() })]);
  });

  it('refuses a topic to avoid before resolving the provider or touching the quota', async () => {
    await expect(generateImage('sub-1', { prompt: 'Un cartel sobre política municipal', imageBase64: null })).rejects.toMatchObject({
      kind: 'INVALID_INPUT',
      message: TALLER_MSG.topicToAvoid('política'),
    });
    expect(calls.provider).toBe(0);
    expect(calls.quota).toEqual([]);
  });

  it('refuses a non-image inspiration before anything else', async () => {
    await expect(generateImage('sub-1', { prompt: 'Una taza', imageBase64: Buffer.from('hola').toString('base64') })).rejects.toMatchObject({ kind: 'INVALID_INPUT' });
    expect(calls.provider).toBe(0);
    expect(calls.quota).toEqual([]);
  });

  it.each([
    ['a content filter', () => new AiContentFilteredError('bedrock', 'Filter reason: prompt'), 'INVALID_ARGUMENT', AI_MSG.contentFiltered],
    ['a throttled model', () => new AiRetryableError('bedrock', 'ThrottlingException'), 'UNAVAILABLE', AI_MSG.retryable],
  ] as const)('lets %s through (mapped at the edge) and gives the unit back', async (_label, error, status, message) => {
    imageImpl = async () => Promise.reject(error());
    const failure = await generateImage('sub-1', { prompt: 'Una taza', imageBase64: null }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: error().name, message });
    expect(toCallableError(failure)).toMatchObject({ status, message });
    expect(calls.quota).toEqual(['reserve', 'release']);
    expect(calls.saved).toEqual([]);
  });

  it('refuses an answer that is not an image: nothing stored, unit given back', async () => {
    imageImpl = async () => ({ bytes: new TextEncoder().encode('<html>error</html>'), mediaType: 'image/png', offline: false, model: 'm' });
    await expect(generateImage('sub-1', { prompt: 'Una taza', imageBase64: null })).rejects.toMatchObject({ kind: 'GENERATION_FAILED', message: TALLER_MSG.imageNotGenerated });
    expect(calls.saved).toEqual([]);
    expect(calls.quota).toEqual(['reserve', 'release']);
  });
});
