/**
 * Whole-partition reads and deletes (issue 17 item 2: the data export and the account deletion
 * work on everything under `user#<sub>` and a few other partitions, whatever entity wrote it,
 * quota counters included). Query and BatchWriteItem only: never Scan.
 *
 * - `queryPartition(pk, {prefix?, startKey?, limit?})` → one page `{items, next}` of the raw items
 *   of partition `pk` (sort key beginning with `prefix` when given), `next` for the following page.
 * - `deleteKeys(keys)` → deletes the items of `keys` (`{pk, sk}`) in BatchWriteItem calls of 25,
 *   retrying unprocessed ones with backoff; throws after MAX_BATCH_ATTEMPTS rounds. Deleting an
 *   absent item succeeds, so a repeated call is harmless.
 * - `keyOf(item)` → the `{pk, sk}` of a raw item.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_SCHEMA } from '@director-ia/shared';
import { documentClient, tableName } from './client';

/** Items per BatchWriteItem (DynamoDB's maximum). */
const BATCH_SIZE = 25;
/** Rounds while DynamoDB leaves items unprocessed. */
const MAX_BATCH_ATTEMPTS = 8;

export type RawItem = Record<string, unknown>;
export interface TableKey {
  pk: string;
  sk: string;
}

/** The table key of a raw item. */
export function keyOf(item: RawItem): TableKey {
  return { pk: String(item[TABLE_SCHEMA.partitionKey]), sk: String(item[TABLE_SCHEMA.sortKey]) };
}

/** One page of partition `pk` (see the module header). */
export async function queryPartition(pk: string, options: { prefix?: string; startKey?: RawItem; limit?: number } = {}): Promise<{ items: RawItem[]; next?: RawItem }> {
  const names: Record<string, string> = { '#pk': TABLE_SCHEMA.partitionKey };
  const values: Record<string, unknown> = { ':pk': pk };
  let condition = '#pk = :pk';
  if (options.prefix) {
    names['#sk'] = TABLE_SCHEMA.sortKey;
    values[':sk'] = options.prefix;
    condition += ' AND begins_with(#sk, :sk)';
  }
  const out = await documentClient.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(options.startKey ? { ExclusiveStartKey: options.startKey } : {}),
      ...(options.limit ? { Limit: options.limit } : {}),
    }),
  );
  return { items: (out.Items ?? []) as RawItem[], ...(out.LastEvaluatedKey ? { next: out.LastEvaluatedKey as RawItem } : {}) };
}

/** Deletes the items of `keys` (see the module header). */
export async function deleteKeys(keys: readonly TableKey[]): Promise<void> {
  for (let start = 0; start < keys.length; start += BATCH_SIZE) {
    let pending: Record<string, unknown>[] = keys.slice(start, start + BATCH_SIZE).map((key) => ({
      DeleteRequest: { Key: { [TABLE_SCHEMA.partitionKey]: key.pk, [TABLE_SCHEMA.sortKey]: key.sk } },
    }));
    for (let attempt = 1; pending.length > 0; attempt++) {
      const out = await documentClient.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (out.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
      if (pending.length === 0) break;
      if (attempt >= MAX_BATCH_ATTEMPTS) throw new Error(`${pending.length} deletes left unprocessed`);
      await sleep(50 * 2 ** attempt);
    }
  }
}
