/**
 * Prints one plain closing line, `Tests: N passed, N failed, N skipped`, after vitest's own
 * summary, so CI logs carry a runner-independent count. With TEST_SUMMARY_FILE set (npm test runs
 * each project in its own process: ./run-projects.ts), the line names the project and the counts
 * are also written to that file as JSON, for the run's one total line.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** Where a project's counts go when npm test combines the projects (./run-projects.ts). */
export const SUMMARY_FILE_ENV = 'TEST_SUMMARY_FILE';

export interface SummaryCounts {
  passed: number;
  failed: number;
  skipped: number;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts: SummaryCounts = { passed: 0, failed: 0, skipped: 0 };
    const projects = new Set<string>();
    for (const module of testModules) {
      projects.add(module.project.name);
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that failed to load has no tests but is a failure all the same.
      if (module.state() === 'failed' && module.children.size === 0) counts.failed += 1;
    }
    const file = process.env[SUMMARY_FILE_ENV];
    if (file) writeFileSync(file, JSON.stringify(counts));
    // Only the run's total line reads "Tests:" (a project's own line names it).
    const label = file ? `Tests of ${[...projects].join(', ') || 'no project'}` : 'Tests';
    process.stdout.write(`\n${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
