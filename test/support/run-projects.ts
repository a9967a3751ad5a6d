/**
 * `npm test`'s test step: the unit and integration projects in two vitest processes at the same
 * time (concurrently), their output grouped (the unit project's first, then the integration
 * project's, each whole), then one closing line with the totals of both,
 * `Tests: N passed, N failed, N skipped`, and exit 1 if either failed.
 *
 * Why two processes: vitest runs a project without file parallelism (the integration project
 * shares one twin) in a group of its own after the others, so in one process the unit files wait
 * for every twin test to end. The twin tests mostly wait on timers, schedules and Chromium, so the
 * unit files fit in those waits: on the 2-core CI machine the suite takes the integration
 * project's time instead of the sum of both.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { concurrently } from 'concurrently';
import { SUMMARY_FILE_ENV, type SummaryCounts } from './summary-reporter';

/** Each process's name and the vitest projects it runs (unit-cdk: the stack's synthesis tests, vitest.config.ts). */
const PROCESSES = { unit: ['unit', 'unit-cdk'], integration: ['integration'] } as const;
const PROJECTS = Object.keys(PROCESSES) as (keyof typeof PROCESSES)[];

const dir = mkdtempSync(path.join(tmpdir(), 'director-ia-tests-'));
const summaryOf = (project: string) => path.join(dir, `${project}.json`);

const { result } = concurrently(
  PROJECTS.map((project) => ({ command: `vitest run ${PROCESSES[project].map((name) => `--project ${name}`).join(' ')}`, name: project, env: { [SUMMARY_FILE_ENV]: summaryOf(project) } })),
  { group: true, prefix: 'none' },
);
const passed = await result.then(
  () => true,
  () => false,
);

const totals: SummaryCounts = { passed: 0, failed: 0, skipped: 0 };
for (const project of PROJECTS) {
  try {
    const counts = JSON.parse(readFileSync(summaryOf(project), 'utf8')) as SummaryCounts;
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  } catch {
    // The project ended before reporting (it could not start): a failure all the same.
    totals.failed += 1;
  }
}
rmSync(dir, { recursive: true, force: true });
process.stdout.write(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(passed && totals.failed === 0 ? 0 : 1);
