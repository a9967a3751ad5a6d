/** Raw DynamoDB Local access for tests that must see what is stored (e.g. no plaintext secrets). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { LOCAL_TABLE } from '../../infra/local/twin';
import type { TwinInfo } from './twin-global-setup';

export function rawTable(twin: TwinInfo) {
  if (!twin.dynamodbEndpoint) throw new Error('This twin does not expose its DynamoDB endpoint.');
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: twin.dynamodbEndpoint, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS }));
  return {
    /** One item by its keys, strongly consistent; undefined when absent. */
    async get(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
      const { Item } = await client.send(new GetCommand({ TableName: LOCAL_TABLE, Key: { pk, sk }, ConsistentRead: true }));
      return Item;
    },
    /** Every item of partition `pk` whose sort key starts with `prefix` (all pages, strongly consistent). */
    async query(pk: string, prefix: string): Promise<Record<string, unknown>[]> {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await client.send(
          new QueryCommand({
            TableName: LOCAL_TABLE,
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
