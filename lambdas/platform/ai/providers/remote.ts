/**
 * What the remote providers (bedrock, openai-compatible, gemini) build the same way:
 * - `remoteProvider`: the AiProvider of a text call, an embedder and an image call, whose
 *   `generateJson` is the text call under the JSON contract (json.ts: validated, repaired once);
 * - `base64Image`: a generated image the API returned in base64, typed by its magic bytes.
 */
import { sniffImageType } from '../image-info';
import { generateJsonWithRepair, type CompleteFn } from '../json';
import type { AiProvider, AiProviderId, ImageResult } from '../types';

export interface RemoteProviderParts extends Pick<AiProvider, 'generateText' | 'generateImage' | 'embed'> {
  /** The text call `generateJson` uses, told the JSON Schema (default: `generateText`, which ignores it). */
  complete?: CompleteFn;
}

/** The provider `id` made of `parts` (never offline). */
export function remoteProvider(id: AiProviderId, parts: RemoteProviderParts): AiProvider {
  const complete: CompleteFn = parts.complete ?? ((request) => parts.generateText(request));
  return {
    id,
    offline: false,
    generateText: parts.generateText,
    generateJson: (request, schema) => generateJsonWithRepair(id, request, schema, complete),
    embed: parts.embed,
    generateImage: parts.generateImage,
  };
}

/** The ImageResult of a base64 image made by `model` (JPEG or PNG by its magic bytes). */
export function base64Image(base64: string, model: string): ImageResult {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  return { bytes, mediaType: sniffImageType(bytes), offline: false, model };
}
