/**
 * Bedrock embeddings (InvokeModel, one adapter per family), on their own so that a function that
 * only embeds does not bundle the text and image code; text.ts uses this for its `embed`.
 * Models and client: client.ts.
 *   Amazon Titan Text Embeddings V2 `{inputText, dimensions, normalize}` → `{embedding}`, one text per call;
 *   Cohere Embed v3/v4 `{texts, input_type: search_document|search_query, truncate, embedding_types}` →
 *   `{embeddings: number[][] | {float: number[][]}}`, 96 texts per call;
 *   Amazon Nova Multimodal Embeddings `{taskType: SINGLE_EMBEDDING, singleEmbeddingParams}` →
 *   `{embeddings: [{embedding}]}`, one text per call (GENERIC_INDEX for documents, TEXT_RETRIEVAL for queries).
 * Up to 4 calls run at once. Another family is an AiUnsupportedModelError (no call made).
 */
import { bedrockCaller, bedrockModelsFromEnv, isFamily, type BedrockModels, type BedrockProviderOptions } from './client';
import { AI_MSG, AiProviderError, AiUnsupportedModelError } from '../../errors';
import type { AiEmbedder, EmbeddingResult } from '../../types';

interface EmbeddingAdapter {
  batchSize: number;
  body(texts: string[], purpose: 'document' | 'query', dimensions: number): Record<string, unknown>;
  parse(json: unknown): number[][];
}

const isVector = (v: unknown): v is number[] => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number');

function vectorsOrThrow(vectors: unknown): number[][] {
  if (!Array.isArray(vectors) || !vectors.every(isVector)) throw new AiProviderError('bedrock', AI_MSG.provider, { detail: 'unexpected embedding response shape' });
  return vectors;
}

const EMBEDDING_ADAPTERS: { family: RegExp; adapter: EmbeddingAdapter }[] = [
  {
    family: /(^|\.)amazon\.titan-embed-text-v2/,
    adapter: {
      batchSize: 1,
      body: ([text], _purpose, dimensions) => ({ inputText: text, dimensions, normalize: true }),
      parse: (json) => vectorsOrThrow([(json as { embedding?: unknown }).embedding]),
    },
  },
  {
    family: /(^|\.)cohere\.embed-(multilingual-v3|english-v3|v4)/,
    adapter: {
      batchSize: 96,
      body: (texts, purpose) => ({ texts, input_type: purpose === 'query' ? 'search_query' : 'search_document', truncate: 'END', embedding_types: ['float'] }),
      parse: (json) => {
        const embeddings = (json as { embeddings?: unknown }).embeddings;
        return vectorsOrThrow(Array.isArray(embeddings) ? embeddings : (embeddings as { float?: unknown } | undefined)?.float);
      },
    },
  },
  {
    family: /(^|\.)amazon\.nova-2-multimodal-embeddings/,
    adapter: {
      batchSize: 1,
      body: ([text], purpose, dimensions) => ({
        taskType: 'SINGLE_EMBEDDING',
        singleEmbeddingParams: {
          embeddingPurpose: purpose === 'query' ? 'TEXT_RETRIEVAL' : 'GENERIC_INDEX',
          embeddingDimension: dimensions,
          text: { truncationMode: 'END', value: text },
        },
      }),
      parse: (json) => vectorsOrThrow(((json as { embeddings?: { embedding?: unknown }[] }).embeddings ?? []).map((e) => e.embedding)),
    },
  },
];

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      out[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Bedrock embeddings; without options, the module client and the environment's models. */
export function createBedrockEmbedder(options: BedrockProviderOptions = {}): AiEmbedder {
  const models: BedrockModels = { ...bedrockModelsFromEnv(), ...options.models };
  const { invokeJson } = bedrockCaller(options.client);

  return {
    id: 'bedrock',

    async embed(texts: string[], purpose: 'document' | 'query'): Promise<EmbeddingResult> {
      const modelId = models.embedding;
      const adapter = EMBEDDING_ADAPTERS.find((a) => isFamily(modelId, a.family))?.adapter;
      if (!adapter) throw new AiUnsupportedModelError('bedrock', modelId, 'la generación de embeddings');
      const batches: string[][] = [];
      for (let i = 0; i < texts.length; i += adapter.batchSize) batches.push(texts.slice(i, i + adapter.batchSize));
      const results = await mapLimit(batches, 4, async (batch) => {
        const vectors = adapter.parse(await invokeJson(modelId, adapter.body(batch, purpose, models.embeddingDimensions)));
        if (vectors.length !== batch.length) throw new AiProviderError('bedrock', AI_MSG.provider, { detail: `expected ${batch.length} embeddings, got ${vectors.length}` });
        return vectors;
      });
      const vectors = results.flat();
      const dimensions = vectors[0]?.length ?? models.embeddingDimensions;
      return { vectors, model: `bedrock/${modelId}/${dimensions}`, dimensions };
    },
  };
}
