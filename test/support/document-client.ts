/**
 * DynamoDB mocked at the document client (aws-sdk-client-mock), for unit tests of lambdas/platform/db
 * and of the core code above it: the mock, a table name for the block, and a reset after each test.
 * `fakeCounterTable` answers the counters' UpdateItem requests the way DynamoDB evaluates them.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach } from 'vitest';
import { useEnv } from './env';

const documentClientMock = () => mockClient(DynamoDBDocumentClient);
export type DocumentClientMock = ReturnType<typeof documentClientMock>;

/** The document client's mock for this file or describe block, with TABLE_NAME=`tableName`. */
export function mockDocumentClient(tableName: string): DocumentClientMock {
  const dynamo = documentClientMock();
  useEnv({ TABLE_NAME: tableName });
  afterEach(() => {
    dynamo.reset();
  });
  return dynamo;
}

/** The error DynamoDB answers a failed condition with. */
export const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

/**
 * Counters that apply the requests' ADD and conditions the way DynamoDB does (platform/db/counters.ts:
 * `+1` under `attribute_not_exists(count) OR count < :limit`, `-1` under `count > 0`), each answer
 * after a random few milliseconds so concurrent requests interleave.
 */
export function fakeCounterTable(dynamo: DocumentClientMock) {
  const counts = new Map<string, number>();
  dynamo.on(UpdateCommand).callsFake(async (input: UpdateCommandInput) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
    const id = JSON.stringify(input.Key);
    const current = counts.get(id);
    const values = input.ExpressionAttributeValues as Record<string, number>;
    const ok = input.ConditionExpression?.startsWith('attribute_not_exists') ? current === undefined || current < (values[':limit'] as number) : current !== undefined && current > 0;
    if (!ok) throw conditionFailed();
    const next = (current ?? 0) + (values[':one'] ?? values[':minusOne'] ?? 0);
    counts.set(id, next);
    return { Attributes: { count: next } };
  });
  return { count: (key: Record<string, string>) => counts.get(JSON.stringify(key)) };
}
