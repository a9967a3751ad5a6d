/**
 * vitest globalSetup for integration and e2e tests: starts one twin on a free port with a fresh
 * state dir and provides its coordinates to the tests. The browser tests get the production web
 * build (built here, into the state dir, with the config `npm run build:web` uses), served the way
 * CloudFront serves it: what users run, and pages load as a few bundled chunks instead of the
 * hundreds of modules Vite's dev server compiles on demand. `TWIN_TEST_WEB=vite` serves the dev
 * server instead (to debug a page with its sources).
 * It also reserves one port per test stub server that the functions must reach (a fake
 * OpenAI-compatible model on 127.0.0.1) and lets the twin's outbound HTTP client reach exactly
 * those origins (OUTBOUND_ALLOWED_ORIGINS, README "Twin settings"): every other local or private
 * address stays refused, as in AWS.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { REPO_ROOT } from '../../infra/paths';
import { freePort } from '../../infra/local/ports';
import { DATA_RIGHTS_INTERVAL_ENV, PUBLISHING_SWEEP_INTERVAL_ENV, SCHEDULER_RETRY_BASE_ENV, SOCIAL_TOKENS_INTERVAL_ENV } from '../../infra/local/schedules';
import { buildAssembly } from '../../infra/local/deployment/build';
import { DEPLOY_CONTEXT } from './artefacts';
import { IAM_DECISIONS_ENV, startTwin, type Twin, type TwinScheduling } from '../../infra/local/twin';
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
  /** The social networks' sandbox ("Red de pruebas") origin, where its test hooks live. */
  sandboxUrl?: string;
  /** The publications' schedule group, Scheduler role, publisher ARN and dead-letter queue ARN (issue 13). */
  scheduling?: TwinScheduling;
}

/** Ports on 127.0.0.1 the twin's functions may reach, one per test file that runs a stub server. */
export interface StubPorts {
  plan: number;
  widget: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    twin: TwinInfo;
    stubPorts: StubPorts;
  }
}

/** Distinct free ports, none of them among `avoid` (the twin's derived ports). */
async function freePorts(count: number, avoid: readonly number[]): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port) && !avoid.includes(port)) ports.push(port);
  }
  return ports;
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
    sandboxUrl: twin.sandbox.url,
    ...(twin.aws.scheduling ? { scheduling: twin.aws.scheduling } : {}),
  };
}

/** A background run that failed (an asynchronous invocation, a scheduled job, an S3 event handler): printed as well. */
const BACKGROUND_FAILURE = /^(Asynchronous invocation|Scheduled job|S3 event handler) .* failed/;

/**
 * The test twin's own log: every line goes to `<state dir>/logs/twin.log` (kept with
 * KEEP_TWIN_STATE=1, beside the functions' logs), and a failed background run is also printed,
 * since no test waits on it and its error would otherwise never reach the run's output.
 */
function twinLog(dir: string): (line: string) => void {
  const file = path.join(dir, 'logs', 'twin.log');
  mkdirSync(path.dirname(file), { recursive: true });
  return (line) => {
    appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
    if (BACKGROUND_FAILURE.test(line)) console.error(`[twin] ${line}`);
  };
}

let twin: Twin | undefined;
let stateDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  stateDir = mkdtempSync(path.join(tmpdir(), 'twin-test-'));
  // Keep the derived ports (web+1..3) clear of other twins by starting from a free port.
  const port = await freePort();
  const [plan = 0, widget = 0] = await freePorts(2, [port, port + 1, port + 2, port + 3, port + 4, port + 5, port + 6]);
  const stubPorts: StubPorts = { plan, widget };
  process.env.OUTBOUND_ALLOWED_ORIGINS = Object.values(stubPorts)
    .map((stubPort) => `127.0.0.1:${stubPort}`)
    .join(',');
  process.env.DAILY_GENERATION_QUOTA = String(TEST_DAILY_GENERATION_QUOTA);
  // The social token refresh job runs every few seconds instead of every 15 minutes, so the tests
  // see a token renewed (or a revoked grant noticed) without waiting.
  process.env[SOCIAL_TOKENS_INTERVAL_ENV] = '2';
  // The publishing sweep (lost schedules, expired leases, missed posts, the failure digest) every
  // few seconds too, so a recovery is seen without waiting 5 minutes.
  process.env[PUBLISHING_SWEEP_INTERVAL_ENV] = '5';
  // The data-rights sweep (abandoned account deletions, conversation retention) every few seconds
  // instead of hourly (issue 17 item 2).
  process.env[DATA_RIGHTS_INTERVAL_ENV] = '3';
  // Scheduler retries 100 ms apart (doubling) instead of 1 s: a dead letter is seen in under a second.
  process.env[SCHEDULER_RETRY_BASE_ENV] = '100';
  // Every twin of the run (this one and those tests start) appends the IAM calls it saw, for the
  // grant report (`npm run iam:grants`).
  process.env[IAM_DECISIONS_ENV] ??= IAM_DECISIONS_FILE;
  rmSync(process.env[IAM_DECISIONS_ENV], { force: true });
  const devServer = process.env.TWIN_TEST_WEB === 'vite';
  const webDist = path.join(stateDir, 'web-dist');
  if (!devServer) await build({ configFile: path.join(REPO_ROOT, 'web/vite.config.ts'), logLevel: 'error', build: { outDir: webDist, emptyOutDir: true } });
  twin = await startTwin({
    port,
    stateDir,
    adminEmail: 'admin@test.local',
    adminPassword: 'Admin1234!',
    ...(devServer ? {} : { web: 'dist' as const, webDist }),
    onCrash: (part, detail, output) => console.error(`twin part ${part} crashed (${detail})\n${output}`),
    log: twinLog(stateDir),
  });
  project.provide('twin', twinInfoOf(twin, stateDir));
  project.provide('stubPorts', stubPorts);
  // The artefacts test synthesizes the stack as DevOps would (another context, so other bundles than
  // the twin's): start that build now, beside the other tests, rather than in series with them; the
  // test waits for it (buildAssembly's lock) or finds it done.
  deployBuild = buildAssembly({ context: DEPLOY_CONTEXT }).then(
    () => undefined,
    (error: unknown) => console.error('Background build of the deployment artefacts failed (the artefacts test builds them itself):', error),
  );
}

let deployBuild: Promise<void> | undefined;

export async function teardown(): Promise<void> {
  await deployBuild;
  await twin?.stop();
  // KEEP_TWIN_STATE=1 keeps the twin's state (its functions' logs under logs/) for debugging a run.
  if (stateDir && !process.env.KEEP_TWIN_STATE) rmSync(stateDir, { recursive: true, force: true });
  else if (stateDir) console.info(`Twin state kept in ${stateDir}`);
}
