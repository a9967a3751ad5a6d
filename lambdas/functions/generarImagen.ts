/**
 * `generarImagen` (active; spec section 7): `{prompt, imageBase64|null}` → `{imageUrl, assetId,
 * offline, model}`: an image from the prompt (enriched with the brand) and the optional inspiration
 * image, stored as an asset under the daily quota.
 */
import { generarImagen } from '@director-ia/shared';
import { generateImage } from '../core/generation/image';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(generarImagen, async ({ data, identity }) => generateImage(requireIdentity(identity).sub, data));
