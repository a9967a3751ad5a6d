/**
 * The `openai-compatible` connection (base URL, optional API key, `fetch`, timeout) and its
 * embeddings, on their own so that a function that only embeds does not bundle the text, JSON and
 * image code; text.ts builds the full provider on the same connection.
 * Embeddings: POST {base}/embeddings `{model, input: texts}` → `data[].{index, embedding}`
 * (needs `embeddingModel`). The API key travels only in the Authorization header (omitted when
 * empty, for local servers).
 */
import { AI_MSG, AiConfigError } from '../../errors';
import { postJson, unexpected, type FetchFn } from '../rest';
import type { AiEmbedder, EmbeddingResult } from '../../types';

export interface OpenAiCompatibleConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  embeddingModel?: string;
  imageModel?: string;
  /** Injectable for tests; default the global fetch (through platform/http). */
  fetch?: FetchFn;
  timeoutMs?: number;
}

export interface OpenAiCompatibleConnection {
  timeoutMs: number;
  /** POST `{base}{path}` with a JSON body; the JSON answer. */
  post(path: string, body: unknown, timeout?: number): Promise<unknown>;
}

/** The connection of `config`; AiConfigError without a base URL or a model. */
export function openAiCompatibleConnection(config: OpenAiCompatibleConfig): OpenAiCompatibleConnection {
  const baseUrl = config.baseUrl.trim().replace(/\/+$/, '');
  if (!baseUrl || !config.model?.trim()) throw new AiConfigError(AI_MSG.missingOpenAi, { provider: 'openai-compatible' });
  const headers: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
  const timeoutMs = config.timeoutMs ?? 60_000;
  return {
    timeoutMs,
    post: (path, body, timeout = timeoutMs) =>
      postJson({ provider: 'openai-compatible', fetch: config.fetch, url: `${baseUrl}${path}`, headers, body, secrets: [config.apiKey], timeoutMs: timeout }),
  };
}

/** Embeddings through `connection` (by default the connection of `config`). */
export function createOpenAiCompatibleEmbedder(config: OpenAiCompatibleConfig, connection = openAiCompatibleConnection(config)): AiEmbedder {
  return {
    id: 'openai-compatible',

    async embed(texts: string[]): Promise<EmbeddingResult> {
      const model = config.embeddingModel?.trim();
      if (!model) throw new AiConfigError(AI_MSG.missingEmbeddingModel, { provider: 'openai-compatible' });
      if (texts.length === 0) return { vectors: [], model: `openai-compatible/${model}`, dimensions: 0 };
      const json = (await connection.post('/embeddings', { model, input: texts })) as { data?: { index?: number; embedding?: unknown }[] };
      const data = json.data;
      if (!Array.isArray(data) || data.length !== texts.length) unexpected('openai-compatible', 'data[] length');
      const vectors = [...data]
        .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
        .map((d) => {
          if (!Array.isArray(d.embedding) || !d.embedding.every((x) => typeof x === 'number')) unexpected('openai-compatible', 'data[].embedding');
          return d.embedding as number[];
        });
      return { vectors, model: `openai-compatible/${model}`, dimensions: vectors[0]?.length ?? 0 };
    },
  };
}
