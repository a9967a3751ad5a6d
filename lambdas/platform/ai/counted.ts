/**
 * Counting a remote AI provider's failures (issue 16 observability): index.ts and embeddings.ts
 * wrap each call to a lazily loaded provider in `counted`, so a throttled, failing or refusing
 * provider shows in the AiProviderErrors metric (platform/metrics.ts) and its alarm.
 */
import { recordAiFailure } from '../metrics';

/** Runs one remote provider call; a provider failure is counted and rethrown unchanged. */
export async function counted<T>(provider: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    recordAiFailure(error, provider);
    throw error;
  }
}
