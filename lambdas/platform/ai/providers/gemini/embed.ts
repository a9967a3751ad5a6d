/**
 * The `gemini` connection (keys, base URL, `fetch`, timeout; the keys only ever travel in the
 * `x-goog-api-key` header) and its embeddings, on their own so that a function that only embeds
 * does not bundle the text, JSON and image code; text.ts builds the full provider on the same
 * connection. Embeddings: one text → models/{m}:embedContent `{model, content, taskType,
 * outputDimensionality}` → `{embedding: {values}}`; several → models/{m}:batchEmbedContents
 * `{requests: [...]}` → `{embeddings: [{values}]}` (100 per call). taskType RETRIEVAL_DOCUMENT /
 * RETRIEVAL_QUERY.
 */
import { AI_MSG, AiConfigError } from '../../errors';
import { postJson, unexpected, type FetchFn } from '../rest';
import type { AiEmbedder, EmbeddingResult } from '../../types';

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

export interface GeminiConnection {
  /** The image key (imagenApiKey, else the Gemini key). */
  imageKey: string;
  timeoutMs: number;
  /** POST models/{modelName}:{method} with `key` (default the Gemini key); the JSON answer. */
  call(modelName: string, method: string, body: unknown, key?: string, timeout?: number): Promise<unknown>;
}

const EMBED_BATCH = 100;

/** The connection of `config`; AiConfigError without an API key. */
export function geminiConnection(config: GeminiConfig): GeminiConnection {
  const apiKey = config.apiKey?.trim();
  if (!apiKey) throw new AiConfigError(AI_MSG.missingGeminiKey, { provider: 'gemini' });
  const imageKey = config.imagenApiKey?.trim() || apiKey;
  const base = (config.baseUrl ?? GEMINI_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 60_000;

  const call = (modelName: string, method: string, body: unknown, key = apiKey, timeout = timeoutMs) =>
    postJson({
      provider: 'gemini',
      fetch: config.fetch,
      url: `${base}/models/${encodeURIComponent(modelName)}:${method}`,
      headers: { 'x-goog-api-key': key },
      body,
      secrets: [apiKey, imageKey],
      timeoutMs: timeout,
    });

  return { imageKey, timeoutMs, call };
}

/** Embeddings through `connection` (by default the connection of `config`). */
export function createGeminiEmbedder(config: GeminiConfig, connection = geminiConnection(config)): AiEmbedder {
  const embeddingModel = config.embeddingModel?.trim() || GEMINI_DEFAULTS.embeddingModel;
  const embeddingDimensions = config.embeddingDimensions ?? GEMINI_DEFAULTS.embeddingDimensions;
  const { call } = connection;

  const asVector = (values: unknown): number[] => {
    if (!Array.isArray(values) || !values.every((x) => typeof x === 'number')) unexpected('gemini', 'embedding values');
    return values as number[];
  };

  return {
    id: 'gemini',

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
  };
}
