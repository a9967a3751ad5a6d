/**
 * The offline embedding ("offline-hash-v1"): a deterministic, Spanish-aware hashed feature vector.
 * Features per text: stemmed content words (weight 1), adjacent stem pairs (0.5), concepts of the
 * curated small-business map (weight 2.5, so "¿me lo mandáis a casa?" lands near a passage about
 * "entregas a domicilio"), and character trigrams of each stem (0.6 per word, spread over its
 * trigrams, for inflections the stemmer misses). Weights are dampened (1 + ln w). Concepts own
 * the first CONCEPT_SLOTS dimensions (one each, no collisions); the other features are hashed with
 * signed FNV-1a into the remaining buckets. The vector is L2-normalised, so cosine similarity is a
 * plain dot product.
 */
import { analyzeSpanish, CONCEPT_IDS } from '../../offline/spanish';
import type { EmbeddingResult } from '../../types';

export const OFFLINE_EMBEDDING_MODEL = 'offline-hash-v1';
export const OFFLINE_EMBEDDING_DIMENSIONS = 512;

const WORD_WEIGHT = 1;
const PAIR_WEIGHT = 0.5;
const CONCEPT_WEIGHT = 2.5;
const TRIGRAM_WEIGHT = 0.6;
/** Dimensions reserved for concepts (one per concept of the map). */
const CONCEPT_SLOTS = 64;

/** 32-bit FNV-1a. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

function features(text: string): Map<string, number> {
  const { stems, concepts } = analyzeSpanish(text);
  const out = new Map<string, number>();
  const add = (key: string, weight: number) => out.set(key, (out.get(key) ?? 0) + weight);
  stems.forEach((stem, i) => {
    add(`w:${stem}`, WORD_WEIGHT);
    const next = stems[i + 1];
    if (next) add(`p:${stem}_${next}`, PAIR_WEIGHT);
    const padded = `^${stem}$`;
    const count = Math.max(1, padded.length - 2);
    for (let k = 0; k + 3 <= padded.length; k += 1) add(`g:${padded.slice(k, k + 3)}`, TRIGRAM_WEIGHT / count);
  });
  for (const [concept, weight] of concepts) add(`c:${concept}`, CONCEPT_WEIGHT * weight);
  return out;
}

/** The offline embedding of one text (length OFFLINE_EMBEDDING_DIMENSIONS, unit length unless empty). */
export function offlineEmbedding(text: string): number[] {
  const dimensions = OFFLINE_EMBEDDING_DIMENSIONS;
  const hashed = dimensions - CONCEPT_SLOTS;
  const vector = new Array<number>(dimensions).fill(0);
  for (const [key, raw] of features(text)) {
    const weight = raw > 1 ? 1 + Math.log(raw) : raw;
    const conceptSlot = key.startsWith('c:') ? CONCEPT_IDS.indexOf(key.slice(2)) : -1;
    if (conceptSlot >= 0) {
      vector[conceptSlot] = weight;
      continue;
    }
    const bucket = CONCEPT_SLOTS + (fnv1a(key) % hashed);
    const sign = fnv1a(key, 0x9e3779b9) & 1 ? 1 : -1;
    vector[bucket] = (vector[bucket] as number) + sign * weight;
  }
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm === 0) return vector;
  return vector.map((v) => v / norm);
}

/** The offline embeddings of several texts (the same for documents and queries). */
export function offlineEmbed(texts: string[]): EmbeddingResult {
  return { vectors: texts.map((t) => offlineEmbedding(t)), model: OFFLINE_EMBEDDING_MODEL, dimensions: OFFLINE_EMBEDDING_DIMENSIONS };
}
