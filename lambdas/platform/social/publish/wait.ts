/**
 * Waiting for a network to process our media (Instagram containers, X video, LinkedIn images,
 * YouTube nothing): a status check repeated every `intervalMs` while the processing budget lasts.
 * The clock and the sleep are the options' (tests inject both).
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { PublishOptions } from './types';

/** How long `prepare` waits for processing by default, ms (the engine may give less or more). */
export const PROCESSING_BUDGET_MS = 90_000;

/**
 * Calls `check` now and then every `intervalMs` until it answers something other than undefined;
 * resolves with that answer, or with undefined when the next check would pass the budget.
 */
export async function waitFor<T>(check: () => Promise<T | undefined>, intervalMs: number, options: PublishOptions): Promise<T | undefined> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const deadline = now() + (options.processingBudgetMs ?? PROCESSING_BUDGET_MS);
  for (;;) {
    const answer = await check();
    if (answer !== undefined) return answer;
    if (now() + intervalMs > deadline) return undefined;
    await sleep(intervalMs);
  }
}
