/**
 * Reading the embedded metric format lines (CloudWatch EMF) that lambdas/platform/metrics.ts writes
 * to stdout: `captureEmf()` spies on process.stdout until `stop()`, and returns what was written.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export interface EmfRecord {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [field: string]: unknown;
}

/** Starts capturing; `records()` parses the EMF lines written so far, `stop()` restores stdout. */
export function captureEmf(): { records: () => EmfRecord[]; stop: () => void } {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n'));
    return true;
  });
  return {
    records: () => lines.filter((line) => line.startsWith('{"_aws"')).map((line) => JSON.parse(line) as EmfRecord),
    stop: () => spy.mockRestore(),
  };
}

/** The records that carry metric `name`. */
export const withMetric = (records: EmfRecord[], name: string): EmfRecord[] => records.filter((record) => record._aws.CloudWatchMetrics.some((set) => set.Metrics.some((metric) => metric.Name === name)));

/**
 * Registers hooks capturing each test's EMF lines (metrics turned on for its duration: the unit
 * project turns them off, vitest.config.ts); `records()` reads the current test's. Extra env
 * (`env`) is stubbed for each test too. Modules that build their Metrics at load must be loaded
 * after the stub (see test/unit/lambdas/platform/callable/metrics.test.ts).
 */
export function useEmfCapture(env: Record<string, string> = {}): { records: () => EmfRecord[] } {
  let capture: ReturnType<typeof captureEmf> | undefined;
  beforeEach(() => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    capture = captureEmf();
  });
  afterEach(() => {
    capture?.stop();
    vi.unstubAllEnvs();
  });
  return { records: () => capture?.records() ?? [] };
}
