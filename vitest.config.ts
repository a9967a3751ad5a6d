// Test projects: unit (logic, CDK templates, and domain modules on one lazily started DynamoDB
// Local), integration (against a twin the tests start), e2e (Chromium driving the real UI against
// that twin). `npm test` runs them all.
import { defineConfig } from 'vitest/config';

/** Tests that synthesize the tenant stack (project 'unit-cdk', run with the unit project). */
const CDK_TEST_FILES = ['test/unit/infra/tenant-stack.test.ts', 'test/unit/infra/tenant-stack/**/*.test.ts', 'test/unit/infra/edge-stack.test.ts', 'test/unit/infra/constructs/**/*.test.ts', 'test/unit/infra/local/deployment/**/*.test.ts'];

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: CDK_TEST_FILES,
          // One DynamoDB Local for the domain modules' unit tests, started on first use (test/support/domain-env.ts).
          globalSetup: ['test/support/domain-db-global-setup.ts'],
          testTimeout: 120_000,
          // CDK synth in beforeAll takes several seconds, more on a busy 2-core machine.
          hookTimeout: 180_000,
          // Metrics (EMF lines on stdout) only where a test turns them on (test/support/emf.ts).
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
        },
      },
      {
        // The stack's synthesis tests (CDK assertions, the twin's template reader): each builds its
        // own App, none mocks modules or stubs the environment, so they share one module graph
        // per worker (isolate: false). Loading aws-cdk-lib and warming its code paths cost ~7 s a
        // file when each file had its own; a synthesis after the first takes ~1 s.
        test: {
          name: 'unit-cdk',
          include: CDK_TEST_FILES,
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/twin-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
