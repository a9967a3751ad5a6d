/**
 * Lets a unit test run domain modules (core/, entities, secrets) against the unit run's own
 * DynamoDB Local (started once, on first use, by ./domain-db-global-setup.ts) with the raw AES
 * secrets keyring instead of KMS. Call it before importing those modules (they create their
 * clients on import), e.g. at the top of the file: `await useDomainEnv();` then `await import(...)`.
 * Tests share one table: give each test its own tenant (`uniqueSub()`). The variables are put back
 * after the file (a worker runs other files next).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import type { DomainDb } from './domain-db-global-setup';

/** Points this process at the unit DynamoDB Local; `extra` adds or overrides variables. Resolves with its coordinates. */
export async function useDomainEnv(extra: Record<string, string> = {}): Promise<DomainDb> {
  const response = await fetch(inject('domainDb'));
  if (!response.ok) throw new Error(`DynamoDB Local for unit tests did not start: ${await response.text()}`);
  const db = (await response.json()) as DomainDb;
  const values: Record<string, string | undefined> = {
    TABLE_NAME: db.table,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: db.endpoint,
    SECRETS_KMS_KEY_ARN: undefined,
    SECRETS_LOCAL_KEY_FILE: db.secretsKeyFile,
    ...extra,
  };
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  setEnv(values);
  afterAll(() => setEnv(saved));
  return db;
}

function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** A tenant id no other test uses (Cognito subs are UUIDs). */
export const uniqueSub = (): string => randomUUID();
