/**
 * The `bedrock` provider (AWS default). Model ids come from the environment (BEDROCK_TEXT_MODEL_ID,
 * BEDROCK_EMBEDDING_MODEL_ID, BEDROCK_EMBEDDING_DIMENSIONS, BEDROCK_IMAGE_MODEL_ID, BEDROCK_REGION;
 * defaults and the shared client in client.ts, which also maps SDK errors).
 *
 * - Text: Converse (system, messages, toolConfig for tools, inferenceConfig); knowledge passages
 *   are appended to the system prompt; a message's images go before its text as image blocks
 *   `{image: {format, source: {bytes}}}`. JSON: Converse + parse + zod + one repair (json.ts).
 * - Embeddings: embed.ts (Titan Text V2, Cohere Embed v3/v4, Nova Multimodal Embeddings).
 * - Images (InvokeModel): Stability Stable Image Core/Ultra `{prompt, mode: text-to-image, aspect_ratio,
 *   output_format}` (text-to-image only on Bedrock: a reference image is ignored) and Stable Diffusion
 *   3.5 Large (also `{mode: image-to-image, image, strength}` with a reference image) → `{images: [base64],
 *   finish_reasons}`. Other families throw AiUnsupportedModelError.
 * - Errors: throttling, unavailability, model timeouts/not ready, 5xx → AiRetryableError; safety
 *   filters → AiContentFilteredError; access/validation/unknown model → AiProviderError.
 */
import type { ContentBlock, ConverseCommandInput, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { bedrockCaller, bedrockModelsFromEnv, isFamily, type BedrockModels, type BedrockProviderOptions } from './client';
import { createBedrockEmbedder } from './embed';
import { AI_MSG, AiContentFilteredError, AiProviderError, AiUnsupportedModelError } from '../../errors';
import { base64Image, remoteProvider } from '../remote';
import { systemWithPassages } from '../../prompt-text';
import type { AiProvider, ChatImage, ImageRequest, ImageResult, TextRequest, TextResult } from '../../types';

export { BEDROCK_DEFAULT_MODELS, bedrockModelsFromEnv, mapBedrockError, type BedrockModels, type BedrockProviderOptions } from './client';

// ---------- images ----------

const ASPECT_RATIOS = ['1:1', '16:9', '21:9', '2:3', '3:2', '4:5', '5:4', '9:16', '9:21'] as const;

/** The Stability aspect ratio closest to width/height. */
export function aspectRatioFor(width = 1, height = 1): string {
  const target = Math.log(width / height);
  let best: string = ASPECT_RATIOS[0];
  let bestDistance = Infinity;
  for (const ratio of ASPECT_RATIOS) {
    const [w, h] = ratio.split(':').map(Number) as [number, number];
    const distance = Math.abs(Math.log(w / h) - target);
    if (distance < bestDistance) [best, bestDistance] = [ratio, distance];
  }
  return best;
}

interface ImageAdapter {
  body(request: ImageRequest): Record<string, unknown>;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const IMAGE_ADAPTERS: { family: RegExp; adapter: ImageAdapter }[] = [
  {
    family: /(^|\.)stability\.stable-image-(core|ultra)/,
    adapter: { body: (r) => ({ prompt: r.prompt, mode: 'text-to-image', aspect_ratio: aspectRatioFor(r.width, r.height), output_format: 'png' }) },
  },
  {
    family: /(^|\.)stability\.sd3-5-large/,
    adapter: {
      body: (r) =>
        r.referenceImage
          ? { prompt: r.prompt, mode: 'image-to-image', image: base64(r.referenceImage.bytes), strength: 0.7, output_format: 'png' }
          : { prompt: r.prompt, mode: 'text-to-image', aspect_ratio: aspectRatioFor(r.width, r.height), output_format: 'png' },
    },
  },
];

/** A Converse image content block (the mobile chat's photo): format from the media type, raw bytes. */
function imageBlock(image: ChatImage): ContentBlock {
  return { image: { format: image.mediaType.slice('image/'.length) as 'png' | 'jpeg' | 'webp', source: { bytes: image.bytes } } };
}

/** A Bedrock provider; without options it uses the module client and the environment's models. */
export function createBedrockProvider(options: BedrockProviderOptions = {}): AiProvider {
  const models: BedrockModels = { ...bedrockModelsFromEnv(), ...options.models };

  const { send, invokeJson } = bedrockCaller(options.client);
  const { embed } = createBedrockEmbedder({ client: options.client, models });

  async function converse(request: TextRequest): Promise<TextResult> {
    if (request.messages.length === 0) throw new AiProviderError('bedrock', AI_MSG.emptyConversation);
    const input: ConverseCommandInput = {
      modelId: models.text,
      system: [{ text: systemWithPassages(request.system, request.passages) }],
      messages: request.messages.map((m) => ({ role: m.role, content: [...(m.images ?? []).map(imageBlock), { text: m.content }] })),
      inferenceConfig: { maxTokens: request.maxTokens ?? 2048, ...(request.temperature === undefined ? {} : { temperature: request.temperature }) },
    };
    if (request.tools?.length) {
      input.toolConfig = {
        tools: request.tools.map((t) => ({ toolSpec: { name: t.name, description: t.description, inputSchema: { json: t.inputSchema as never } } })),
      };
    }
    const response = await send<ConverseCommandOutput>((sdk) => new sdk.ConverseCommand(input));
    if (response.stopReason === 'guardrail_intervened' || response.stopReason === 'content_filtered') {
      throw new AiContentFilteredError('bedrock', `stopReason ${response.stopReason}`);
    }
    const blocks = response.output?.message?.content ?? [];
    const text = blocks
      .map((b) => b.text ?? '')
      .join('')
      .trim();
    const toolCalls = blocks.flatMap((b) => (b.toolUse?.name ? [{ name: b.toolUse.name, input: b.toolUse.input ?? {} }] : []));
    return { text, toolCalls, offline: false, model: models.text };
  }

  return remoteProvider('bedrock', {
    generateText: converse,
    embed,

    async generateImage(request: ImageRequest): Promise<ImageResult> {
      const modelId = models.image;
      const adapter = IMAGE_ADAPTERS.find((a) => isFamily(modelId, a.family))?.adapter;
      if (!adapter) throw new AiUnsupportedModelError('bedrock', modelId, 'la generación de imágenes');
      const json = (await invokeJson(modelId, adapter.body(request))) as { images?: unknown; finish_reasons?: unknown };
      const reason = Array.isArray(json.finish_reasons) ? json.finish_reasons[0] : null;
      if (typeof reason === 'string' && reason.startsWith('Filter reason')) throw new AiContentFilteredError('bedrock', reason);
      if (typeof reason === 'string') throw new AiProviderError('bedrock', AI_MSG.provider, { detail: reason });
      const image = Array.isArray(json.images) ? json.images[0] : undefined;
      if (typeof image !== 'string' || image.length === 0) throw new AiProviderError('bedrock', AI_MSG.provider, { detail: 'no image in response' });
      return base64Image(image, modelId);
    },
  });
}
