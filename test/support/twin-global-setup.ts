/**
 * vitest globalSetup for integration and e2e tests: starts one twin on a free port with a fresh
 * state dir (Vite included, for the browser test) and provides its coordinates to the tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/ports';
import { IAM_DECISIONS_ENV, startTwin, type Twin } from '../../infra/local/twin';
import { IAM_DECISIONS_FILE } from '../bench/iam-grants';
import { TEST_DAILY_GENERATION_QUOTA } from './generation';

export interface TwinInfo {
  url: string;
  cognitoEndpoint: string;
  userPoolId: string;
  clientId: string;
  adminEmail: string;
  adminPassword: string;
  stateDir: string;
  /** DynamoDB Local's endpoint, for tests that read items raw (e.g. secrets sealed at rest). */
  dynamodbEndpoint?: string;
  /** The twin's AWS gateway and KMS key, for tests that seal secrets as the functions do. */
  awsEndpoint?: string;
  kmsKeyArn?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    twin: TwinInfo;
  }
}

/** What tests need of a running twin (the suite's, or one a test starts itself). */
export function twinInfoOf(twin: Twin, stateDir: string): TwinInfo {
  return {
    url: `http://127.0.0.1:${twin.ports.web}`,
    cognitoEndpoint: twin.cognito.endpoint,
    userPoolId: twin.cognito.userPoolId,
    clientId: twin.cognito.userPoolClientId,
    adminEmail: twin.admin.email,
    adminPassword: twin.admin.password,
    stateDir,
    dynamodbEndpoint: `http://127.0.0.1:${twin.ports.dynamodb}`,
    awsEndpoint: twin.aws.endpoint,
    kmsKeyArn: twin.aws.kmsKeyArn,
  };
}

let twin: Twin | undefined;
let stateDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  stateDir = mkdtempSync(path.join(tmpdir(), 'twin-test-'));
  // Keep the derived ports (web+1..3) clear of other twins by starting from a free port.
  const port = await freePort();
  process.env.DAILY_GENERATION_QUOTA = String(TEST_DAILY_GENERATION_QUOTA);
  // Every twin of the run (this one and those tests start) appends the IAM calls it saw, for the
  // grant report (`npm run iam:grants`).
  process.env[IAM_DECISIONS_ENV] ??= IAM_DECISIONS_FILE;
  rmSync(process.env[IAM_DECISIONS_ENV], { force: true });
  twin = await startTwin({
    port,
    stateDir,
    adminEmail: 'admin@test.local',
    adminPassword: 'Admin1234!',
    onCrash: (part, detail, output) => console.error(`twin part ${part} crashed (${detail})\n${output}`),
  });
  project.provide('twin', twinInfoOf(twin, stateDir));
}

export async function teardown(): Promise<void> {
  await twin?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}
