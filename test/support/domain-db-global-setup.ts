/**
 * vitest globalSetup of the unit project: ONE DynamoDB Local (with the app table) for the whole
 * run, started lazily. Most unit tests never touch a table, so nothing is spawned up front: this
 * setup only opens a tiny loopback HTTP door and provides its URL (`domainDb`); the first unit test
 * that calls `useDomainEnv()` (./domain-env.ts) knocks, DynamoDB Local starts (a few seconds, once
 * per run; concurrent knocks share the start) and every knock gets its endpoint. The door also
 * hands out a raw AES-256 key file for the secrets keyring (`SECRETS_LOCAL_KEY_FILE`, the local
 * keyring of lambdas/platform/secrets/keyring.ts), so unit tests seal and open without KMS.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ChildSupervisor } from '../../infra/local/children';
import { ensureTable, startDynamo } from '../../infra/local/dynamodb';
import { freePort } from '../../infra/local/ports';

/** The app table's name in the unit run's DynamoDB Local. */
export const UNIT_TABLE = 'director-ia-unit';

/** What a knock on the door answers. */
export interface DomainDb {
  endpoint: string;
  table: string;
  secretsKeyFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the door that starts (once) and describes the unit run's DynamoDB Local. */
    domainDb: string;
  }
}

let server: Server | undefined;
let supervisor: ChildSupervisor | undefined;
let stateDir: string | undefined;
let started: Promise<DomainDb> | undefined;

/** Starts DynamoDB Local and the table on first use; later calls share the same start. */
function start(): Promise<DomainDb> {
  started ??= (async () => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'unit-dynamo-'));
    const secretsKeyFile = path.join(stateDir, 'secrets.key');
    writeFileSync(secretsKeyFile, randomBytes(32), { mode: 0o600 });
    supervisor = new ChildSupervisor((part, detail, output) => console.error(`${part} stopped unexpectedly (${detail})\n${output}`));
    const port = await freePort();
    const client = await startDynamo(supervisor, port, path.join(stateDir, 'dynamodb'));
    await ensureTable(client, UNIT_TABLE);
    client.destroy();
    return { endpoint: `http://127.0.0.1:${port}`, table: UNIT_TABLE, secretsKeyFile };
  })();
  return started;
}

export async function setup(project: TestProject): Promise<void> {
  server = createServer((_req, res) => {
    start().then(
      (db) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(db)),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  project.provide('domainDb', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}

export async function teardown(): Promise<void> {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await supervisor?.stopAll();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}
