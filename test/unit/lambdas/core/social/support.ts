/**
 * Environment of the social unit tests: the unit run's DynamoDB Local and sealing keys
 * (test/support/domain-env.ts), SITE_URL, and a table of the test file's own, so the refresh job
 * (which reads every tenant's due connections from GSI1) never meets another file's connections.
 * Call before importing lambdas modules.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { OAuthNetwork } from '@director-ia/shared';
import { ensureTable, LOCAL_CREDENTIALS } from '../../../../../infra/local/dynamodb';
import { useDomainEnv } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';
import { fakeNetworks } from './fake-networks';

/** The dashboard the tests' deployment runs on. */
export const SITE = 'https://panel.example.test';

export async function useSocialEnv() {
  const db = await useDomainEnv({ SITE_URL: `${SITE}/` });
  const table = `social-${randomUUID().slice(0, 8)}`;
  const client = new DynamoDBClient({ endpoint: db.endpoint, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS });
  await ensureTable(client, table);
  client.destroy();
  // Put back with the rest of the domain environment after the file.
  process.env.TABLE_NAME = table;
  return { ...db, table, raw: rawTableAt(db.endpoint, table) };
}

/**
 * Connects `network` for `sub` through the real flow (startOAuth, the fake consent page,
 * completeOAuth) at `now`, with the fake network's clock at `now` too.
 */
export async function connectNetwork(sub: string, network: OAuthNetwork, now = new Date(), accountId = sub) {
  const { completeOAuth, startOAuth } = await import('../../../../../lambdas/core/social/oauth');
  fakeNetworks.clock = () => now.getTime();
  const { code, state } = fakeNetworks.consent(await startOAuth(sub, network, now), accountId);
  return completeOAuth(sub, { platform: network, state, code }, now);
}
