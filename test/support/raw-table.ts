/** Raw access to a table of a DynamoDB Local, for tests that must see what is stored. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
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
  };
}
