/**
 * `generarImagen`'s domain (spec 2 'taller' image tab, 5, 7, 8; issue 4 items 1 and 6):
 * 1. the optional inspiration image (base64 of the data URL's payload) must be base64, at most
 *    MAX_INSPIRATION_BYTES decoded, and a PNG, JPEG or WEBP by its magic bytes → else 400;
 * 2. a prompt about one of the brand's topics to avoid is refused → 400 INVALID_ARGUMENT with the
 *    topic named (the spec has no precondition code; the request itself is what is refused);
 * 3. the brand's provider is resolved (Integraciones; 'default' = the deployment's) — a missing
 *    key is the AI layer's Spanish error;
 * 4. under the daily quota (a failed generation gives its unit back) the image is generated from
 *    the prompt enriched with the brand's settings, with the inspiration image as reference, and
 *    stored as an asset;
 * 5. the answer is a short-lived URL of the stored file, the asset id, the model and whether it
 *    was made offline.
 * Nothing is stored and no quota is used on bad input. AI failures propagate as the AI layer's
 * AiError (Spanish message), mapped at the callable edge.
 */
import {
  ASSET_SOURCES,
  base64DecodedBytes,
  isBase64,
  MAX_INSPIRATION_BYTES,
  sniffImageMediaType,
  TALLER_MSG,
  type CallableOutput,
  type InspirationMediaType,
} from '@director-ia/shared';
import type { AiProvider, BrandContext, ImageResult } from '../../platform/ai';
import { oneLine } from '../../platform/ai/prompt-text';
import { GenerationFailedError, InvalidInputError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { assetUrl, saveAsset } from '../assets/assets';
import { prepareBrandGeneration } from './prepare';
import { withGenerationQuota } from './quota';
import type { CallableInput } from '@director-ia/shared';

export interface Inspiration {
  bytes: Uint8Array;
  mediaType: InspirationMediaType;
}

const MB = 1024 * 1024;

/** The inspiration image from its base64 text; else InvalidInputError with the Spanish reason. */
export function decodeInspiration(base64: string): Inspiration {
  if (!isBase64(base64)) throw new InvalidInputError(TALLER_MSG.inspirationNotImage);
  if (base64DecodedBytes(base64) > MAX_INSPIRATION_BYTES) throw new InvalidInputError(TALLER_MSG.inspirationTooLarge(MAX_INSPIRATION_BYTES / MB));
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  const mediaType = sniffImageMediaType(bytes);
  if (!mediaType) throw new InvalidInputError(TALLER_MSG.inspirationNotImage);
  return { bytes, mediaType };
}

const FIELD_MAX = 200;


/**
 * The image model's prompt: the owner's instruction first (it decides the subject, and the offline
 * renderer takes its colours from the first colour words), then the brand's look: name,
 * personality, audience and keywords. The topics to avoid are not written into it: image models
 * do not understand negation, and naming a topic tends to draw it; those prompts are refused
 * before generating instead.
 */
export function imagePromptFor(prompt: string, brand: BrandContext): string {
  const style = [
    oneLine(brand.brandName, FIELD_MAX) && `marca «${oneLine(brand.brandName, FIELD_MAX)}»`,
    oneLine(brand.brandPersonality, FIELD_MAX) && `personalidad: ${oneLine(brand.brandPersonality, FIELD_MAX)}`,
    oneLine(brand.targetAudience, FIELD_MAX) && `público: ${oneLine(brand.targetAudience, FIELD_MAX)}`,
    oneLine(brand.keywords, FIELD_MAX) && `palabras clave: ${oneLine(brand.keywords, FIELD_MAX)}`,
  ].filter(Boolean);
  return style.length > 0 ? `${prompt.trim()}\nEstilo visual coherente con la ${style.join('; ')}.` : prompt.trim();
}

async function generateWith(provider: AiProvider, prompt: string, brand: BrandContext, inspiration: Inspiration | undefined): Promise<ImageResult> {
  return provider.generateImage({ prompt: imagePromptFor(prompt, brand), brand, ...(inspiration ? { referenceImage: inspiration } : {}) });
}

/** generarImagen's request; `imageBase64` is the part after the comma of the inspiration image's data URL, or null. */
export type ImageRequestInput = CallableInput<'generarImagen'>;

/** Generates, stores and returns one image for `sub` (see the module header). */
export async function generateImage(sub: string, input: ImageRequestInput, now = new Date()): Promise<CallableOutput<'generarImagen'>> {
  const prompt = input.prompt.trim();
  const inspiration = input.imageBase64 != null ? decodeInspiration(input.imageBase64) : undefined;
  const { brand, provider } = await prepareBrandGeneration(sub, prompt);

  const item = await withGenerationQuota(
    sub,
    async () => {
      const image = await generateWith(provider, prompt, brand, inspiration);
      const mediaType = sniffImageMediaType(image.bytes);
      if (!mediaType) {
        logger.error('The AI provider returned no image', { provider: provider.id, model: image.model, bytes: image.bytes.byteLength });
        throw new GenerationFailedError(TALLER_MSG.imageNotGenerated);
      }
      return saveAsset(
        sub,
        { type: 'image', bytes: image.bytes, mediaType, prompt, offline: image.offline, model: image.model, ...(inspiration ? { source: ASSET_SOURCES.inspiration } : {}) },
        now,
      );
    },
    now,
  );
  logger.info('Image generated', { assetId: item.id, provider: provider.id, model: item.model, offline: item.offline, bytes: item.size, inspiration: inspiration !== undefined });
  return { imageUrl: await assetUrl(item), assetId: item.id, offline: item.offline, model: item.model };
}
