/**
 * The common start of every brand generation (images, avatars): the brand context, a refusal
 * when the request is about one of the brand's topics to avoid, and the brand's provider.
 */
import { TALLER_MSG } from '@director-ia/shared';
import type { AiProvider, BrandContext } from '../../platform/ai';
import { InvalidInputError } from '../../platform/errors';
import { matchedTopicToAvoid } from '../brand';
import { readBrandContext } from '../settings/aiSettings';
import { brandAiProvider } from './provider';

/** Throws InvalidInputError (Spanish) for a topic to avoid; provider configuration errors propagate as the AI layer's AiConfigError. */
export async function prepareBrandGeneration(sub: string, request: string): Promise<{ brand: BrandContext; provider: AiProvider }> {
  const brand = await readBrandContext(sub);
  const topic = matchedTopicToAvoid(request, brand);
  if (topic) throw new InvalidInputError(TALLER_MSG.topicToAvoid(topic));
  return { brand, provider: await brandAiProvider(sub) };
}
