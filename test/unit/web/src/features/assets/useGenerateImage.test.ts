/** generarImagen's failure text (spec 8): 'La IA no pudo generar la imagen.' for an answer without an image, else 'Error de la IA: ' + the message. */
import { describe, expect, it, vi } from 'vitest';
import type * as ApiModule from '../../../../../../web/src/lib/api';
import { TALLER_MSG } from '@director-ia/shared';

const callFunction = vi.fn();
vi.mock('../../../../../../web/src/lib/api', async (original) => ({ ...(await original<typeof ApiModule>()), callFunction }));
vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { generateImage, generationErrorText, NoImageError } = await import('../../../../../../web/src/features/assets/useGenerateImage');

describe('generateImage', () => {
  it('throws NoImageError for an answer without an image', async () => {
    callFunction.mockResolvedValueOnce({ imageUrl: null });
    const error = await generateImage({ prompt: 'p', imageBase64: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoImageError);
    expect(generationErrorText(error)).toBe(TALLER_MSG.imageNotGenerated);
  });

  it('passes an image through', async () => {
    callFunction.mockResolvedValueOnce({ imageUrl: 'https://x/img.png' });
    await expect(generateImage({ prompt: 'p', imageBase64: null })).resolves.toEqual({ imageUrl: 'https://x/img.png' });
  });

  it('prefixes other failures', () => {
    expect(generationErrorText(new Error('cuota'))).toBe(`${TALLER_MSG.aiErrorPrefix}cuota`);
  });
});
