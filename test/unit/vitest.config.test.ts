/**
 * One rule for the test tree (issue 11 item 7), as vitest.config.ts collects it: a unit test lives
 * at `test/unit/<exact source path>.test.ts`, or, when one module has several aspects worth a file
 * each, at `test/unit/<exact source path>/<aspect>.test.ts` (the CDK stack's tests, for instance).
 * Integration and e2e tests are named after the product (the README glossary), not after modules.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** Test files under `dir` (repo-relative, posix). */
function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .sort();
}

const isModule = (withoutExtension: string) => SOURCE_EXTENSIONS.some((extension) => existsSync(path.join(ROOT, withoutExtension + extension)));

/** Whether `testFile` names a source module, exactly or as one aspect of it. */
export function namesSourceModule(testFile: string, exists: (modulePath: string) => boolean = isModule): boolean {
  if (!testFile.startsWith('test/unit/') || !testFile.endsWith('.test.ts')) return false;
  const subject = testFile.slice('test/unit/'.length, -'.test.ts'.length);
  return exists(subject) || exists(path.posix.dirname(subject));
}

describe('the unit test tree', () => {
  it('puts every unit test at the path of the module it tests', () => {
    expect(testFiles('test/unit').filter((file) => !namesSourceModule(file))).toEqual([]);
  });

  it.each([
    ['test/unit/lambdas/platform/db/counters.test.ts', true],
    ['test/unit/infra/tenant-stack/permissions.test.ts', true],
    ['test/unit/lambdas/platform/db/no-such-module.test.ts', false],
    ['test/unit/web/features/leads/csv.test.ts', false],
    ['test/unit/lambdas/platform/ai.test.ts', false],
  ])('%s names a module: %s', (file, expected) => {
    const modules = new Set(['lambdas/platform/db/counters', 'infra/tenant-stack', 'web/src/features/leads/csv']);
    expect(namesSourceModule(file, (modulePath) => modules.has(modulePath))).toBe(expected);
  });
});
