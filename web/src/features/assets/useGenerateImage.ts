/**
 * generarImagen (active; spec 4, 7, 8): sends `{prompt, imageBase64}` (the inspiration image's data
 * URL after the comma, or null). Its outcome is what the result panel shows: the image, or the
 * spec's messages — '¡Imagen generada con éxito!', 'La IA no pudo generar la imagen.' when no
 * imageUrl came back, otherwise 'Error de la IA: {message}'. A new image refreshes the gallery.
 */
import { TALLER_MSG, type CallableOutput } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { assetsKey } from './useAssets';

export interface GenerateImageRequest {
  prompt: string;
  imageBase64: string | null;
}

export type GeneratedImage = CallableOutput<'generarImagen'>;

/** The answer had no image and no error (spec 8: 'La IA no pudo generar la imagen.'). */
export class NoImageError extends Error {
  override name = 'NoImageError';
  constructor() {
    super(TALLER_MSG.imageNotGenerated);
  }
}

export async function generateImage(request: GenerateImageRequest): Promise<GeneratedImage> {
  const result = await callFunction('generarImagen', request);
  if (!result.imageUrl) throw new NoImageError();
  return result;
}

/** What the toast and the result panel say about a failed generation. */
export function generationErrorText(error: unknown): string {
  return error instanceof NoImageError ? error.message : TALLER_MSG.aiErrorPrefix + errorMessage(error);
}

export function useGenerateImage() {
  return useCallableMutation({
    mutationFn: generateImage,
    success: TALLER_MSG.imageGenerated,
    failure: generationErrorText,
    // Not awaited: the result shows at once while the gallery re-reads.
    onSuccess: (_image, _request, _onMutate, { client }) => void client.invalidateQueries({ queryKey: assetsKey }),
  });
}
