/**
 * `npm run iam:grants` (also printed by `npm run bench`): per function, the actions its
 * synthesized IAM policy grants that no call of the last test run exercised (issue 10 item 3), so
 * over-grants become visible. The twins of `npm test` append what their AWS gateway saw to
 * IAM_DECISIONS_FILE (test/support/twin-global-setup.ts, infra/local/twin.ts); this merges the runs.
 * A grant listed here is not necessarily wrong (e.g. Polly and Transcribe need real AWS, and some
 * paths are covered only by unit tests with mocks); it is a place to look.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../../infra/paths';

/** Where the test run's twins write their IAM decisions (git-ignored). */
export const IAM_DECISIONS_FILE = path.join(REPO_ROOT, '.bench', 'iam-decisions.json');

interface Coverage {
  name: string;
  granted: string[];
  exercised: string[];
}

/** Per function: granted and exercised actions over every twin of the run. */
export function mergeRuns(runs: { coverage: Coverage[] }[]): { name: string; granted: string[]; unexercised: string[] }[] {
  const merged = new Map<string, { granted: Set<string>; exercised: Set<string> }>();
  for (const run of runs) {
    for (const fn of run.coverage) {
      const entry = merged.get(fn.name) ?? { granted: new Set(), exercised: new Set() };
      fn.granted.forEach((a) => entry.granted.add(a));
      fn.exercised.forEach((a) => entry.exercised.add(a));
      merged.set(fn.name, entry);
    }
  }
  return [...merged]
    .map(([name, { granted, exercised }]) => ({ name, granted: [...granted].sort(), unexercised: [...granted].filter((a) => !exercised.has(a)).sort() }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Prints the report; false when there is no test run to report on. */
export function printGrantReport(file: string = IAM_DECISIONS_FILE): boolean {
  if (!existsSync(file)) {
    console.log(`No IAM decisions at ${path.relative(REPO_ROOT, file)}: run npm test (the integration and end-to-end suites) first.`);
    return false;
  }
  const report = mergeRuns(JSON.parse(readFileSync(file, 'utf8')) as { coverage: Coverage[] }[]);
  const unused = report.filter((fn) => fn.unexercised.length > 0);
  console.log(`\nIAM grants no test exercised (${unused.length} of ${report.length} functions; logs:* left out)`);
  for (const fn of unused) console.log(`  ${fn.name.padEnd(22)} ${fn.unexercised.join(', ')}`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) printGrantReport();
