/**
 * The `gemini` provider: Google's Generative Language REST API with the owner's key (spec
 * Integraciones: geminiApiKey, imagenApiKey), sent only in the `x-goog-api-key` header.
 * Base `https://generativelanguage.googleapis.com/v1beta`; defaults in GEMINI_DEFAULTS.
 * - Text: POST models/{model}:generateContent `{systemInstruction, contents (user/model roles),
 *   generationConfig, tools: [{functionDeclarations: [{name, description, parametersJsonSchema}]}]}`
 *   → `candidates[0].content.parts[]` (`text`, `functionCall {name, args}`; thought parts skipped).
 *   A blocked prompt (`promptFeedback.blockReason`) or a safety finish → AiContentFilteredError.
 * - JSON: generateContent with `responseMimeType: application/json` + `responseJsonSchema`, then
 *   zod validation and one repair (json.ts).
 * - Embeddings: one text → models/{m}:embedContent `{model, content, taskType, outputDimensionality}`
 *   → `{embedding: {values}}`; several → models/{m}:batchEmbedContents `{requests: [...]}` →
 *   `{embeddings: [{values}]}` (100 per call). taskType RETRIEVAL_DOCUMENT / RETRIEVAL_QUERY.
 * - Images (imagenApiKey, else apiKey): `imagen-*` → models/{m}:predict `{instances: [{prompt}],
 *   parameters: {sampleCount: 1, aspectRatio}}` → `predictions[0].{bytesBase64Encoded, mimeType}`
 *   (Imagen on this API takes no reference image: ignored); `gemini-*image*` → generateContent with
 *   `responseModalities: ['TEXT', 'IMAGE']` and the reference image as `inlineData` → the first
 *   `inlineData` part. Other model names throw AiUnsupportedModelError.
 */
import type { $ZodType, output } from 'zod/v4/core';
import { AI_MSG, AiConfigError, AiContentFilteredError, AiUnsupportedModelError } from './errors';
import { postJson, sniffImageType, unexpected, type FetchFn } from './http';
import { generateJsonWithRepair } from './json';
import { systemWithPassages } from './prompt';
import type { AiProvider, EmbeddingResult, ImageRequest, ImageResult, TextRequest, TextResult } from './types';

export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';

export const GEMINI_DEFAULTS = {
  model: 'gemini-2.5-flash',
  embeddingModel: 'gemini-embedding-001',
  embeddingDimensions: 768,
  imageModel: 'imagen-4.0-generate-001',
} as const;

export interface GeminiConfig {
  apiKey: string;
  /** Key for image generation (spec: imagenApiKey); the Gemini key is used when absent. */
  imagenApiKey?: string;
  model?: string;
  embeddingModel?: string;
  embeddingDimensions?: number;
  imageModel?: string;
  fetch?: FetchFn;
  baseUrl?: string;
  timeoutMs?: number;
}

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
const EMBED_BATCH = 100;

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
  const apiKey = config.apiKey?.trim();
  if (!apiKey) throw new AiConfigError(AI_MSG.missingGeminiKey, { provider: 'gemini' });
  const imageKey = config.imagenApiKey?.trim() || apiKey;
  const base = (config.baseUrl ?? GEMINI_BASE_URL).replace(/\/+$/, '');
  const model = config.model?.trim() || GEMINI_DEFAULTS.model;
  const embeddingModel = config.embeddingModel?.trim() || GEMINI_DEFAULTS.embeddingModel;
  const embeddingDimensions = config.embeddingDimensions ?? GEMINI_DEFAULTS.embeddingDimensions;
  const imageModel = config.imageModel?.trim() || GEMINI_DEFAULTS.imageModel;
  const fetchFn: FetchFn = config.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = config.timeoutMs ?? 60_000;

  const call = (modelName: string, method: string, body: unknown, key = apiKey, timeout = timeoutMs) =>
    postJson({
      provider: 'gemini',
      fetch: fetchFn,
      url: `${base}/models/${encodeURIComponent(modelName)}:${method}`,
      headers: { 'x-goog-api-key': key },
      body,
      secrets: [apiKey, imageKey],
      timeoutMs: timeout,
    });

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
      contents: request.messages.map((m) => ({ role: m.role === 'assistant' ? 'model' : 'user', parts: [{ text: m.content }] })),
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

  const asVector = (values: unknown): number[] => {
    if (!Array.isArray(values) || !values.every((x) => typeof x === 'number')) unexpected('gemini', 'embedding values');
    return values as number[];
  };

  return {
    id: 'gemini',
    offline: false,

    generateText: (request) => generate(request),

    generateJson<S extends $ZodType>(request: TextRequest, schema: S): Promise<{ value: output<S>; offline: boolean; model: string }> {
      return generateJsonWithRepair('gemini', request, schema, (r, jsonSchema) => generate(r, jsonSchema, true));
    },

    async embed(texts: string[], purpose: 'document' | 'query'): Promise<EmbeddingResult> {
      const taskType = purpose === 'query' ? 'RETRIEVAL_QUERY' : 'RETRIEVAL_DOCUMENT';
      const request = (text: string) => ({ model: `models/${embeddingModel}`, content: { parts: [{ text }] }, taskType, outputDimensionality: embeddingDimensions });
      const vectors: number[][] = [];
      if (texts.length === 1) {
        const json = (await call(embeddingModel, 'embedContent', request(texts[0] as string))) as { embedding?: { values?: unknown } };
        vectors.push(asVector(json.embedding?.values));
      } else {
        for (let i = 0; i < texts.length; i += EMBED_BATCH) {
          const batch = texts.slice(i, i + EMBED_BATCH);
          const json = (await call(embeddingModel, 'batchEmbedContents', { requests: batch.map(request) })) as { embeddings?: { values?: unknown }[] };
          if (!Array.isArray(json.embeddings) || json.embeddings.length !== batch.length) unexpected('gemini', 'embeddings[] length');
          vectors.push(...json.embeddings.map((e) => asVector(e.values)));
        }
      }
      return { vectors, model: `gemini/${embeddingModel}/${embeddingDimensions}`, dimensions: vectors[0]?.length ?? embeddingDimensions };
    },

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
        const bytes = new Uint8Array(Buffer.from(prediction.bytesBase64Encoded, 'base64'));
        return { bytes, mediaType: sniffImageType(bytes), offline: false, model: imageModel };
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
        const bytes = new Uint8Array(Buffer.from(data, 'base64'));
        return { bytes, mediaType: sniffImageType(bytes), offline: false, model: imageModel };
      }
      throw new AiUnsupportedModelError('gemini', imageModel, 'la generación de imágenes');
    },
  };
}
