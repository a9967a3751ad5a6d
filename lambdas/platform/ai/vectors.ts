/** Vector maths shared by retrieval (core/knowledge), the widget's answer check and the offline provider. */

/**
 * Cosine similarity of two vectors, in [-1, 1]. 0 when either is all zeros, when they are empty,
 * or when their lengths differ: vectors of different lengths come from different embedding models
 * and are never similar.
 */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
