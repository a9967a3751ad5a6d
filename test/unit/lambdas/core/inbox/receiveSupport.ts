/**
 * Environment of the inbox's receive tests: the unit run's DynamoDB Local on a table of the file's
 * own (webhooks resolve routes across every brand through GSI1, so no other file's routes may be
 * seen), real sealing, the inbox worker's function name, and a Lambda client mocked with
 * aws-sdk-client-mock that records every asynchronous invocation. Call before importing lambdas modules.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../../../../infra/local/dynamodb';
import { useDomainEnv } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';

export const WORKER = 'director-test-inbox';

export async function useInboxEnv(extra: Record<string, string> = {}) {
  const db = await useDomainEnv({ INBOX_WORKER_FUNCTION: WORKER, ...extra });
  const table = `inbox-${randomUUID().slice(0, 8)}`;
  const client = new DynamoDBClient({ endpoint: db.endpoint, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS });
  await ensureTable(client, table);
  client.destroy();
  process.env.TABLE_NAME = table;
  const lambda = mockClient(LambdaClient);
  lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
  afterAll(() => lambda.restore());
  /** The events the worker was invoked with, in order. */
  const invocations = () =>
    lambda.commandCalls(InvokeCommand).map((call) => {
      const input = call.args[0].input;
      return { functionName: input.FunctionName, type: input.InvocationType, event: JSON.parse(new TextDecoder().decode(input.Payload as Uint8Array)) as Record<string, unknown> };
    });
  return { ...db, table, raw: rawTableAt(db.endpoint, table), lambda, invocations };
}
