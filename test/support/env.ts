/** Environment for a test file or describe block, set with vitest's stubEnv and restored after it. */
import { afterAll, beforeAll, vi } from 'vitest';

/** Sets `values` in process.env before the block's tests and restores the previous values after. */
export function useEnv(values: Record<string, string>): void {
  beforeAll(() => {
    for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
}
