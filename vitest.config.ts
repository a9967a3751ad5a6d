// Test projects: unit (logic, CDK templates, and domain modules on one lazily started DynamoDB
// Local), integration (against a twin the tests start), e2e (Chromium driving the real UI against
// that twin). `npm test` runs them all.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
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
