/**
 * The Lambda code's source files, for tests that check a rule across all of it (no Scan, every
 * condition's OR in parentheses: test/unit/lambdas/platform/db/service/).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Absolute path of `lambdas/`. */
export const LAMBDAS_ROOT = path.resolve(import.meta.dirname, '../../lambdas');

/** Every `.ts`/`.tsx` file under `dir` (absolute paths), recursively. */
export function sourceFiles(dir: string = LAMBDAS_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
