/**
 * The publishing sweep (issue 13 item 3; see lambdas/events/publishingSweep.ts). INTERFACE FIRST:
 * the engine helper implements it.
 */

/** What one run did. */
export interface SweepResult {
  synced: number;
  redelivered: number;
  missed: number;
  digests: number;
}

/** One run at `now`; stops early when `remainingMs()` runs low. */
export async function runPublishingSweep(_now: Date = new Date(), _options: { remainingMs?: () => number } = {}): Promise<SweepResult> {
  throw new Error('runPublishingSweep: not implemented yet (issue 13 wave 2)');
}
