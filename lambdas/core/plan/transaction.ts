/**
 * One all-or-nothing DynamoDB write of the Plan de Contenidos (issue 5 items 1–2): a post and its
 * id reference, a date move, a plan approval. `transactWrite(ops)` sends ElectroDB `.params()`
 * (Put/Delete) as one TransactWriteItems call; a cancelled transaction is reported with the
 * cancellation code of every operation, in order, so callers can tell which condition failed.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../platform/db/client';

/** Most items DynamoDB accepts in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

export type TransactOp = { Put: Record<string, unknown> } | { Delete: Record<string, unknown> } | { ConditionCheck: Record<string, unknown> };

/** A cancelled transaction: `codes[i]` is operation i's reason ('None', 'ConditionalCheckFailed', 'TransactionConflict'...). */
export class TransactionCancelled extends Error {
  readonly codes: (string | undefined)[];
  constructor(codes: (string | undefined)[], cause: unknown) {
    super(`transaction cancelled: ${codes.join(',')}`, { cause });
    this.name = 'TransactionCancelled';
    this.codes = codes;
  }

  /** Whether operation `index` failed its condition. */
  conditionFailed(index: number): boolean {
    return this.codes[index] === 'ConditionalCheckFailed';
  }
}

/** Writes `ops` in one transaction; throws TransactionCancelled when DynamoDB cancels it. */
export async function transactWrite(ops: TransactOp[]): Promise<void> {
  if (ops.length === 0) return;
  if (ops.length > MAX_TRANSACTION_ITEMS) throw new RangeError(`a transaction holds at most ${MAX_TRANSACTION_ITEMS} items (got ${ops.length})`);
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: ops as never }));
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException') {
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      throw new TransactionCancelled(
        ops.map((_, i) => reasons[i]?.Code),
        error,
      );
    }
    throw error;
  }
}

/** A single write's failed condition: DynamoDB's ConditionalCheckFailedException, or ElectroDB's error wrapping it. */
export function isConditionFailure(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.name === 'ConditionalCheckFailedException') return true;
  }
  return false;
}
