/**
 * The common start of every brand generation (images, avatars): the brand context, a refusal
 * when the request is about one of the brand's topics to avoid, and the brand's provider.
 */
import { CallableError, TALLER_MSG } from '@director-ia/shared';
import { toCallableError, type AiProvider, type BrandContext } from '../../platform/ai';
import { matchedTopicToAvoid } from '../brand';
import { readBrandContext } from '../settings/aiSettings';
import { brandAiProvider } from './provider';

/** Throws 400 INVALID_ARGUMENT (Spanish) for a topic to avoid; provider configuration errors map to their callable error. */
export async function prepareBrandGeneration(sub: string, request: string): Promise<{ brand: BrandContext; provider: AiProvider }> {
  const brand = await readBrandContext(sub);
  const topic = matchedTopicToAvoid(request, brand);
  if (topic) throw new CallableError('INVALID_ARGUMENT', TALLER_MSG.topicToAvoid(topic));
  try {
    return { brand, provider: await brandAiProvider(sub) };
  } catch (error) {
    throw toCallableError(error);
  }
}
