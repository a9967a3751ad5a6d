/**
 * The `gemini` provider: Google's Generative Language REST API with the owner's key (spec
 * Integraciones: geminiApiKey, imagenApiKey), sent only in the `x-goog-api-key` header.
 * Base `https://generativelanguage.googleapis.com/v1beta`; defaults in GEMINI_DEFAULTS.
 * - Text: POST models/{model}:generateContent `{systemInstruction, contents (user/model roles),
 *   generationConfig, tools: [{functionDeclarations: [{name, description, parametersJsonSchema}]}]}`
 *   (a message's images are `inlineData` parts before its text)
 *   → `candidates[0].content.parts[]` (`text`, `functionCall {name, args}`; thought parts skipped).
 *   A blocked prompt (`promptFeedback.blockReason`) or a safety finish → AiContentFilteredError.
 * - JSON: generateContent with `responseMimeType: application/json` + `responseJsonSchema`, then
 *   zod validation and one repair (json.ts).
 * - Embeddings: models/{m}:embedContent / batchEmbedContents (embed.ts, which also holds
 *   the connection and the defaults).
 * - Images (imagenApiKey, else apiKey): `imagen-*` → models/{m}:predict `{instances: [{prompt}],
 *   parameters: {sampleCount: 1, aspectRatio}}` → `predictions[0].{bytesBase64Encoded, mimeType}`
 *   (Imagen on this API takes no reference image: ignored); `gemini-*image*` → generateContent with
 *   `responseModalities: ['TEXT', 'IMAGE']` and the reference image as `inlineData` → the first
 *   `inlineData` part. Other model names throw AiUnsupportedModelError.
 */
import { AiContentFilteredError, AiUnsupportedModelError } from '../../errors';
import { createGeminiEmbedder, GEMINI_DEFAULTS, geminiConnection, type GeminiConfig } from './embed';
import { unexpected } from '../rest';
import { base64Image, remoteProvider } from '../remote';
import { systemWithPassages } from '../../prompt-text';
import type { AiProvider, ImageRequest, ImageResult, TextRequest, TextResult } from '../../types';

export { GEMINI_BASE_URL, GEMINI_DEFAULTS, type GeminiConfig } from './embed';

interface Part {
  text?: string;
  thought?: boolean;
  functionCall?: { name?: string; args?: unknown };
  inlineData?: { mimeType?: string; data?: string };
}

interface GenerateContentResponse {
  candidates?: { content?: { parts?: Part[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
}

const SAFETY_FINISH = new Set(['SAFETY', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'IMAGE_SAFETY', 'RECITATION']);
const IMAGEN_RATIOS = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;

function imagenAspectRatio(width = 1, height = 1): string {
  const target = Math.log(width / height);
  return [...IMAGEN_RATIOS].sort((a, b) => {
    const d = (r: string) => {
      const [w, h] = r.split(':').map(Number) as [number, number];
      return Math.abs(Math.log(w / h) - target);
    };
    return d(a) - d(b);
  })[0] as string;
}

export function createGeminiProvider(config: GeminiConfig): AiProvider {
  const connection = geminiConnection(config);
  const { call, imageKey, timeoutMs } = connection;
  const model = config.model?.trim() || GEMINI_DEFAULTS.model;
  const imageModel = config.imageModel?.trim() || GEMINI_DEFAULTS.imageModel;
  const { embed } = createGeminiEmbedder(config, connection);

  function checkBlocked(json: GenerateContentResponse): Part[] {
    if (json.promptFeedback?.blockReason) throw new AiContentFilteredError('gemini', `blockReason ${json.promptFeedback.blockReason}`);
    const candidate = json.candidates?.[0];
    if (!candidate) unexpected('gemini', 'candidates[0] missing');
    const parts = candidate.content?.parts ?? [];
    if (parts.length === 0 && candidate.finishReason && SAFETY_FINISH.has(candidate.finishReason)) {
      throw new AiContentFilteredError('gemini', `finishReason ${candidate.finishReason}`);
    }
    return parts;
  }

  async function generate(request: TextRequest, jsonSchema?: Record<string, unknown>, json = false): Promise<TextResult> {
    const generationConfig: Record<string, unknown> = { maxOutputTokens: request.maxTokens ?? 2048 };
    if (request.temperature !== undefined) generationConfig.temperature = request.temperature;
    if (json) {
      generationConfig.responseMimeType = 'application/json';
      if (jsonSchema) generationConfig.responseJsonSchema = jsonSchema;
    }
    const body: Record<string, unknown> = {
      systemInstruction: { parts: [{ text: systemWithPassages(request.system, request.passages) }] },
      contents: request.messages.map((m) => ({
        role: m.role === 'assistant' ? 'model' : 'user',
        parts: [...(m.images ?? []).map((image) => ({ inlineData: { mimeType: image.mediaType, data: Buffer.from(image.bytes).toString('base64') } })), { text: m.content }],
      })),
      generationConfig,
    };
    if (request.tools?.length) {
      body.tools = [{ functionDeclarations: request.tools.map((t) => ({ name: t.name, description: t.description, parametersJsonSchema: t.inputSchema })) }];
    }
    const parts = checkBlocked((await call(model, 'generateContent', body)) as GenerateContentResponse);
    const text = parts
      .filter((p) => !p.thought && typeof p.text === 'string')
      .map((p) => p.text)
      .join('')
      .trim();
    const toolCalls = parts.flatMap((p) => (p.functionCall?.name ? [{ name: p.functionCall.name, input: p.functionCall.args ?? {} }] : []));
    return { text, toolCalls, offline: false, model };
  }

  return remoteProvider('gemini', {
    generateText: (request) => generate(request),
    complete: (request, jsonSchema) => generate(request, jsonSchema, true),
    embed,

    async generateImage(request: ImageRequest): Promise<ImageResult> {
      const imageTimeout = Math.max(timeoutMs, 120_000);
      if (/^imagen-/.test(imageModel)) {
        const json = (await call(
          imageModel,
          'predict',
          { instances: [{ prompt: request.prompt }], parameters: { sampleCount: 1, aspectRatio: imagenAspectRatio(request.width, request.height) } },
          imageKey,
          imageTimeout,
        )) as { predictions?: { bytesBase64Encoded?: string; raiFilteredReason?: string }[] };
        const prediction = json.predictions?.[0];
        if (!prediction?.bytesBase64Encoded) throw new AiContentFilteredError('gemini', prediction?.raiFilteredReason ?? 'no predictions returned');
        return base64Image(prediction.bytesBase64Encoded, imageModel);
      }
      if (/^gemini-.*image/.test(imageModel)) {
        const parts: Part[] = [{ text: request.prompt }];
        if (request.referenceImage) {
          parts.push({ inlineData: { mimeType: request.referenceImage.mediaType, data: Buffer.from(request.referenceImage.bytes).toString('base64') } });
        }
        const body = { contents: [{ role: 'user', parts }], generationConfig: { responseModalities: ['TEXT', 'IMAGE'] } };
        const out = checkBlocked((await call(imageModel, 'generateContent', body, imageKey, imageTimeout)) as GenerateContentResponse);
        const data = out.find((p) => p.inlineData?.data)?.inlineData?.data;
        if (!data) throw new AiContentFilteredError('gemini', 'no image part returned');
        return base64Image(data, imageModel);
      }
      throw new AiUnsupportedModelError('gemini', imageModel, 'la generación de imágenes');
    },
  });
}
