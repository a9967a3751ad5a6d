/**
 * Counting the items of one table partition with a Query (`Select: 'COUNT'`, all pages), never a
 * Scan (issue 17 item 1: the admin panel's counts per status). DynamoDB reads up to 1 MB of the
 * partition per page to count it, so the cost grows with the partition: fine for the users of one
 * tenant (thousands of small directory entries are a few pages), not for unbounded partitions.
 *
 * `countPartition(partitionKeyValue)` → the number of items whose partition key is that value.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { TABLE_SCHEMA } from '@director-ia/shared';
import { documentClient, tableName } from './client';

/** How many items the partition `partition` holds. */
export async function countPartition(partition: string): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE_SCHEMA.partitionKey },
        ExpressionAttributeValues: { ':pk': partition },
        Select: 'COUNT',
        ExclusiveStartKey,
      }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}
