/**
 * The DynamoDB failures callers act on, in one vocabulary (issue 11 item 1):
 * - `TransactionCancelled`: a transaction DynamoDB cancelled, with the cancellation code of every
 *   operation in order ('None', 'ConditionalCheckFailed', 'TransactionConflict'...), thrown by
 *   service.ts `transactWrite`;
 * - `isConditionalCheckFailure(error)`: whether a write failed (only) because of its condition,
 *   whatever shape the failure took on the way up.
 */

/** A cancelled transaction: `codes[i]` is operation i's reason ('None', 'ConditionalCheckFailed', 'TransactionConflict'...). */
export class TransactionCancelled extends Error {
  readonly codes: (string | undefined)[];
  constructor(codes: (string | undefined)[], cause?: unknown) {
    super(`transaction cancelled: ${codes.join(',')}`, { cause });
    this.name = 'TransactionCancelled';
    this.codes = codes;
  }

  /** Whether operation `index` failed its condition. */
  conditionFailed(index: number): boolean {
    return this.codes[index] === CONDITIONAL_CHECK_FAILED;
  }
}

const CONDITIONAL_CHECK_FAILED = 'ConditionalCheckFailed';

interface ErrorShape {
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  CancellationReasons?: { Code?: string }[];
}

/**
 * True when `error` says a write's condition failed:
 * - the SDK's `ConditionalCheckFailedException` (a single write);
 * - the SDK's `TransactionCanceledException` with a `ConditionalCheckFailed` reason, or our
 *   `TransactionCancelled` with that code;
 * - ElectroDB's error wrapping either (it keeps the SDK error as `cause` and its message, "The
 *   conditional request failed").
 * Any other error (throttling, validation, a transaction conflict) is false.
 */
export function isConditionalCheckFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e = error as ErrorShape | null | undefined; e && typeof e === 'object' && !seen.has(e); e = e.cause as ErrorShape | undefined) {
    seen.add(e);
    if (e instanceof TransactionCancelled) return e.codes.includes(CONDITIONAL_CHECK_FAILED);
    if (e.name === 'ConditionalCheckFailedException') return true;
    if (e.name === 'TransactionCanceledException') return (e.CancellationReasons ?? []).some((reason) => reason?.Code === CONDITIONAL_CHECK_FAILED);
    if (typeof e.message === 'string' && /ConditionalCheckFailed|conditional request failed/i.test(e.message)) return true;
  }
  return false;
}
