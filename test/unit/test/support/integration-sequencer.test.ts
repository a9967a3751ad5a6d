/** test/support/integration-sequencer.ts: `npm test`'s integration shards, balanced by file size. */
import { describe, expect, it } from 'vitest';
import { balancedShard } from '../../../support/integration-sequencer';

const files = [
  { path: 'test/e2e/plan.test.ts', bytes: 900 },
  { path: 'test/e2e/a.test.ts', bytes: 500 },
  { path: 'test/e2e/b.test.ts', bytes: 400 },
  { path: 'test/integration/c.test.ts', bytes: 300 },
  { path: 'test/integration/d.test.ts', bytes: 300 },
  { path: 'test/integration/e.test.ts', bytes: 100 },
];
const bytes = (shard: { bytes: number }[]) => shard.reduce((sum, file) => sum + file.bytes, 0);

describe('balancedShard', () => {
  it('gives every file to exactly one shard', () => {
    const shards = [1, 2, 3].map((index) => balancedShard(files, index, 3));
    expect(shards.flat().map((file) => file.path).sort()).toEqual(files.map((file) => file.path).sort());
  });

  it('balances the bytes between the shards', () => {
    const [first, second] = [balancedShard(files, 1, 2), balancedShard(files, 2, 2)];
    expect(Math.abs(bytes(first) - bytes(second))).toBeLessThanOrEqual(100);
    // Vitest's default (equal counts by path hash) can put plan, a and b together: 1800 against 700.
    expect(Math.max(bytes(first), bytes(second))).toBeLessThan(1800);
  });

  it('is the same split whatever order the files come in (every process computes it alone)', () => {
    const reversed = [...files].reverse();
    expect(balancedShard(reversed, 1, 2)).toEqual(balancedShard(files, 1, 2));
    expect(balancedShard(reversed, 2, 2)).toEqual(balancedShard(files, 2, 2));
  });

  it('is empty for a shard index out of range', () => {
    expect(balancedShard(files, 3, 2)).toEqual([]);
  });
});
