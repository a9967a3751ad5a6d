/**
 * `npm test`'s test step: the unit projects in one vitest process and the integration project in
 * two more, as two shards (`--shard=1/2`, `2/2`, balanced by ./integration-sequencer.ts), all at the
 * same time (concurrently), their output grouped (each process's whole, in turn), then one closing
 * line with the totals, `Tests: N passed, N failed, N skipped`, and exit 1 if any failed.
 *
 * Why processes: vitest runs a project without file parallelism (the integration project shares
 * one twin) in a group of its own after the others, so in one process the unit files would wait for
 * every twin test to end. The twin tests mostly wait (on timers, schedules, Chromium, the
 * emulators), so the unit files fit in those waits, and two integration shards, each with a twin of
 * its own (its own ports, state dir and emulators), wait side by side: on the 2-core CI machine the
 * suite takes about the longest shard's time instead of the sum.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { concurrently } from 'concurrently';
import { IAM_DECISIONS_ENV } from '../../infra/local/twin';
import { IAM_DECISIONS_FILE } from '../bench/iam-grants';
import { SUMMARY_FILE_ENV, type SummaryCounts } from './summary-reporter';

/** Integration shards, each a vitest process with its own twin. */
const INTEGRATION_SHARDS = 2;
/** Each process's name and its vitest arguments (unit-cdk: the stack's synthesis tests, vitest.config.ts). */
const PROCESSES: Record<string, string[]> = {
  unit: ['--project unit', '--project unit-cdk'],
  ...Object.fromEntries(Array.from({ length: INTEGRATION_SHARDS }, (_, i) => [`integration-${i + 1}`, ['--project integration', `--shard=${i + 1}/${INTEGRATION_SHARDS}`]])),
};
const PROJECTS = Object.keys(PROCESSES);

// Every twin of the run appends its IAM decisions to one file for `npm run iam:grants`; the run
// starts it empty (a twin's setup would otherwise empty what the other shard's twin wrote).
rmSync(IAM_DECISIONS_FILE, { force: true });

const dir = mkdtempSync(path.join(tmpdir(), 'director-ia-tests-'));
const summaryOf = (project: string) => path.join(dir, `${project}.json`);

const { result } = concurrently(
  PROJECTS.map((project) => ({ command: `vitest run ${(PROCESSES[project] ?? []).join(' ')}`, name: project, env: { [SUMMARY_FILE_ENV]: summaryOf(project), [IAM_DECISIONS_ENV]: IAM_DECISIONS_FILE } })),
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
