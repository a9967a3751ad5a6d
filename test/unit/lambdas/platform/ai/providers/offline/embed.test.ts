/**
 * Offline embedding ("offline-hash-v1"): a paraphrased Spanish question must rank the passage
 * that answers it first by cosine similarity, with no model and no network; vectors are
 * deterministic, unit length and of the advertised dimension.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offlineProvider } from '../../../../../../../lambdas/platform/ai/providers/offline/text';
import { OFFLINE_EMBEDDING_DIMENSIONS, OFFLINE_EMBEDDING_MODEL } from '../../../../../../../lambdas/platform/ai/providers/offline/embed';
import { cosineSimilarity } from '../../../../../../../lambdas/platform/ai/vectors';
import { BAKERY, BIKE_SHOP, type RetrievalSet } from '../../fixtures/retrieval-es';

async function ranking(set: RetrievalSet, question: string): Promise<{ id: string; score: number }[]> {
  const ids = Object.keys(set.passages);
  const docs = await offlineProvider.embed(Object.values(set.passages), 'document');
  const [query] = (await offlineProvider.embed([question], 'query')).vectors;
  return ids.map((id, i) => ({ id, score: cosineSimilarity(query as number[], docs.vectors[i] as number[]) })).sort((a, b) => b.score - a.score);
}

describe.each([BAKERY, BIKE_SHOP])('offline retrieval for $brand', (set) => {
  it.each(set.questions)('%j → %s', async (question, expected) => {
    const [best, second] = await ranking(set, question);
    expect(best?.id, `ranking: ${JSON.stringify(await ranking(set, question))}`).toBe(expected);
    expect(best?.score).toBeGreaterThan(second?.score ?? 0);
  });
});

describe('offline embeddings', () => {
  it('the fixture has enough passages and questions', () => {
    expect(Object.keys(BAKERY.passages).length).toBeGreaterThanOrEqual(5);
    expect(BAKERY.questions.length + BIKE_SHOP.questions.length).toBeGreaterThanOrEqual(12);
  });

  it('report their model and dimension', async () => {
    const result = await offlineProvider.embed(['hola', 'pan de masa madre'], 'document');
    expect(result.model).toBe(OFFLINE_EMBEDDING_MODEL);
    expect(result.dimensions).toBe(OFFLINE_EMBEDDING_DIMENSIONS);
    expect(result.vectors).toHaveLength(2);
    for (const v of result.vectors) expect(v).toHaveLength(OFFLINE_EMBEDDING_DIMENSIONS);
  });

  it('are deterministic, unit length (or zero for text without words) and purpose-independent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        const a = (await offlineProvider.embed([text], 'document')).vectors[0] as number[];
        const b = (await offlineProvider.embed([text], 'query')).vectors[0] as number[];
        expect(b).toEqual(a);
        const norm = Math.sqrt(a.reduce((s, x) => s + x * x, 0));
        expect(norm === 0 || Math.abs(norm - 1) < 1e-9).toBe(true);
      }),
    );
  });

  it('give identical vectors to texts that differ only in accents and case', async () => {
    const { vectors } = await offlineProvider.embed(['¿DÓNDE está la panadería?', 'donde esta la panaderia'], 'query');
    expect(vectors[0]).toEqual(vectors[1]);
  });
});
