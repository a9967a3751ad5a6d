/**
 * The integration project's sequencer: `npm test` runs that project as two shards, each in its own
 * vitest process with its own twin (./run-projects.ts). Vitest's default shard cuts the files,
 * ordered by a hash of their path, into equal counts, which can put the longest browser files in
 * one shard. This one balances by file size, which follows a file's duration well enough here
 * (larger files hold more scenarios): files from the largest down, each to the shard with the
 * fewest bytes so far (ties by path, so every process computes the same split).
 */
import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Splits `files` (with their sizes in bytes) into `count` shards; returns shard `index` (1-based). */
export function balancedShard<T extends { path: string; bytes: number }>(files: readonly T[], index: number, count: number): T[] {
  const shards = Array.from({ length: count }, () => ({ bytes: 0, files: [] as T[] }));
  const ordered = [...files].sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of ordered) {
    const lightest = shards.reduce((best, shard) => (shard.bytes < best.bytes ? shard : best));
    lightest.files.push(file);
    lightest.bytes += file.bytes;
  }
  return shards[index - 1]?.files ?? [];
}

export default class IntegrationSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const shard = this.ctx.config.shard;
    if (!shard) return files;
    const sized = files.map((spec) => ({ spec, path: spec.moduleId, bytes: statSync(spec.moduleId).size }));
    return balancedShard(sized, shard.index, shard.count).map(({ spec }) => spec);
  }
}
