/**
 * Lets a test process run domain modules (core/, entities, secrets) against the twin: its table on
 * DynamoDB Local, the local credentials and region, and the twin's KMS key through its AWS gateway
 * (the test's own calls are not IAM-checked: they are not a function's). Set before those modules
 * create their clients (import them after calling this).
 */
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { LOCAL_TABLE } from '../../infra/local/twin';
import type { TwinInfo } from './twin-global-setup';

/** Points this process at `twin`; `extra` adds or overrides variables (e.g. AI_PROVIDER). */
export function useTwinDomainEnv(twin: TwinInfo, extra: Record<string, string> = {}): void {
  if (!twin.dynamodbEndpoint || !twin.awsEndpoint || !twin.kmsKeyArn) throw new Error('This twin does not expose its DynamoDB endpoint and AWS gateway.');
  Object.assign(process.env, {
    TABLE_NAME: LOCAL_TABLE,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: twin.dynamodbEndpoint,
    SECRETS_KMS_KEY_ARN: twin.kmsKeyArn,
    AWS_ENDPOINT_URL_KMS: twin.awsEndpoint,
    ...extra,
  });
}
