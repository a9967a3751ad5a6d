/** Similarity maths of retrieval and the compact embedding encoding chunks are stored with. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEmbedding, encodeEmbedding } from '../../../../../lambdas/platform/db/entities/knowledgeChunk';

describe('embedding encoding', () => {
  it('stores 4 bytes per dimension and reads back the float32 values', () => {
    const vector = [0.5, -1.25, 3.140625, 0];
    const bytes = encodeEmbedding(vector);
    expect(bytes.byteLength).toBe(16);
    expect(Array.from(decodeEmbedding(bytes))).toEqual(vector);
  });

  it('round-trips any vector within float32 precision, also from an unaligned view', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 }), { maxLength: 64 }), (vector) => {
        const padded = new Uint8Array(vector.length * 4 + 1);
        padded.set(encodeEmbedding(vector), 1);
        const decoded = decodeEmbedding(padded.subarray(1));
        vector.forEach((v, i) => expect(decoded[i]).toBeCloseTo(v, 5));
      }),
    );
  });
});
