/**
 * DynamoDB clients, created once per process. Endpoints come from the SDK's standard
 * configuration (`AWS_ENDPOINT_URL_DYNAMODB` in the local twin), so no code path knows it is local.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME_ENV } from '@director-ia/shared';

export const dynamo = new DynamoDBClient({});
export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true },
});

/** The table name from the environment; throws at first use if the deployment forgot it. */
export function tableName(): string {
  const name = process.env[TABLE_NAME_ENV];
  if (!name) throw new Error(`${TABLE_NAME_ENV} is not set`);
  return name;
}
