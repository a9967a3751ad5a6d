/**
 * Lets a test process run domain modules (core/, entities, secrets) as a Lambda of the twin would:
 * the twin's table on DynamoDB Local, the local credentials and region, and the twin's secrets key
 * file. Set before those modules create their clients (import them after calling this).
 */
import path from 'node:path';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { LOCAL_TABLE } from '../../infra/local/twin';
import type { TwinInfo } from './twin-global-setup';

/** Points this process at `twin`; `extra` adds or overrides variables (e.g. AI_PROVIDER). */
export function useTwinDomainEnv(twin: TwinInfo, extra: Record<string, string> = {}): void {
  if (!twin.dynamodbEndpoint) throw new Error('This twin does not expose its DynamoDB endpoint.');
  Object.assign(process.env, {
    TABLE_NAME: LOCAL_TABLE,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: twin.dynamodbEndpoint,
    SECRETS_LOCAL_KEY_FILE: path.join(twin.stateDir, 'secrets.key'),
    ...extra,
  });
}
