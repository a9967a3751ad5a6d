/**
 * Raw access to a table of a DynamoDB Local, for tests that must see what is stored, or plant
 * what no callable writes (a stale item, a race's leftover, a setting with no form yet).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';

/** Table `table` of the DynamoDB Local at `endpoint` (e.g. the unit run's, test/support/domain-env.ts). */
export function rawTableAt(endpoint: string, table: string) {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS }));
  return {
    /** One item by its keys, strongly consistent; undefined when absent. */
    async get(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
      const { Item } = await client.send(new GetCommand({ TableName: table, Key: { pk, sk }, ConsistentRead: true }));
      return Item;
    },
    /** Every item of partition `pk` whose sort key starts with `prefix` (all pages, strongly consistent). */
    async query(pk: string, prefix: string): Promise<Record<string, unknown>[]> {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await client.send(
          new QueryCommand({
            TableName: table,
            KeyConditionExpression: 'pk = :pk and begins_with(sk, :sk)',
            ExpressionAttributeValues: { ':pk': pk, ':sk': prefix },
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        items.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start);
      return items;
    },
    /** Every item of partition `pk` (all pages, strongly consistent). */
    async partition(pk: string): Promise<Record<string, unknown>[]> {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await client.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true, ExclusiveStartKey: start }));
        items.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start);
      return items;
    },
    /** Every item of the table (all pages, strongly consistent): for "nothing stored anywhere" checks. */
    async scanAll(): Promise<Record<string, unknown>[]> {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await client.send(new ScanCommand({ TableName: table, ConsistentRead: true, ExclusiveStartKey: start }));
        items.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start);
      return items;
    },
    /** Writes `item` as is (it carries its own pk and sk). */
    async put(item: Record<string, unknown>): Promise<void> {
      await client.send(new PutCommand({ TableName: table, Item: item }));
    },
    /** Sets the top-level attributes of `values` on an existing item (fails when it is absent). */
    async set(pk: string, sk: string, values: Record<string, unknown>): Promise<void> {
      const names = Object.keys(values);
      await client.send(
        new UpdateCommand({
          TableName: table,
          Key: { pk, sk },
          ConditionExpression: 'attribute_exists(pk)',
          UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
          ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, values[name]])),
        }),
      );
    },
    /** Deletes one item (absent: nothing happens). */
    async delete(pk: string, sk: string): Promise<void> {
      await client.send(new DeleteCommand({ TableName: table, Key: { pk, sk } }));
    },
  };
}
