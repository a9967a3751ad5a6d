/**
 * The deployable artefacts (issue 10 item 2): the tenant stack is synthesized offline as DevOps
 * would (`cdk synth -c tenant=demo`, default AI provider, the stack's own bundling), then every
 * Node.js Lambda of the template is loaded in a fresh Node.js process with the environment the
 * template gives it (resources resolved to the test twin's DynamoDB, S3 and KMS), its `Handler`
 * export is checked, and it is invoked once with a representative event: an anonymous API Gateway
 * v2 event for each route, and the documented Cognito, S3 and EventBridge Scheduler events for
 * the trigger, the bucket notification and the schedule; issue 14's webhook gets Meta's verification
 * request without the verify token (refused 403, as an unsolicited caller would be) and the inbox
 * worker an InboxWorkerEvent naming a message that does not exist (answered, not thrown: Lambda
 * would retry it). A function the stack adds without any of these fails the test until it gets a
 * representative event here.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CALLABLES, ErrorBodySchema, isCallableName, webhookVerifySecretName } from '@director-ia/shared';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { DEPLOY_CONTEXT } from '../support/artefacts';
import { buildAssembly } from '../../infra/local/deployment/build';
import { readDeployment, type Deployment, type DeployedFunction } from '../../infra/local/deployment/template';
import { functionEnvironment } from '../../infra/local/runtime/function-env';
import { toLambdaS3Event, UPLOADS_BUCKET } from '../../infra/local/s3';
import { scheduleEvent } from '../../infra/local/schedules';
import { LOCAL_TABLE, TWIN_ACCOUNT_ID } from '../../infra/local/twin';

const twin = inject('twin');
const RUNNER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'support', 'artefact-runner.mjs');

interface RunResult {
  stage: 'load' | 'handler' | 'invoke';
  loadMs?: number;
  result?: unknown;
  error?: { name: string; message: string };
}

/** Runs one artefact in a fresh process (see test/support/artefact-runner.mjs). */
function runArtefact(fn: DeployedFunction, env: Record<string, string>, event: unknown): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, fn.codeDir, fn.handler, fn.name], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('ARTEFACT-RESULT '));
      if (!line) return reject(new Error(`${fn.name}: the process ended (exit ${code}) without a result:\n${err.slice(-2000)}`));
      resolve(JSON.parse(line.slice('ARTEFACT-RESULT '.length)) as RunResult);
    });
    child.stdin.end(JSON.stringify(event));
  });
}

/** An anonymous HTTP API (payload v2) event for `method path`, as API Gateway builds it. */
function httpEvent(routeKey: string, path: string, body?: string) {
  const [method = 'POST'] = routeKey.split(' ');
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', host: 'example.cloudfront.net', 'user-agent': 'artefact-test', 'x-forwarded-proto': 'https' },
    requestContext: {
      accountId: TWIN_ACCOUNT_ID,
      apiId: 'api',
      domainName: 'example.cloudfront.net',
      domainPrefix: 'example',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'artefact-test' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(path.startsWith('/blog/') ? { pathParameters: { proxy: path.slice('/blog/'.length) } } : {}),
    ...(path.startsWith('/oauth/callback/') ? { pathParameters: { platform: path.slice('/oauth/callback/'.length) } } : {}),
    ...(path.startsWith('/webhooks/') ? { pathParameters: { network: path.slice('/webhooks/'.length) } } : {}),
    ...(path.startsWith('/r/') ? { pathParameters: { code: path.slice('/r/'.length) } } : {}),
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: false,
  };
}

/** The documented event each function receives first, from how the stack wires it. */
function representativeEvent(fn: DeployedFunction, deployment: Deployment): { kind: string; event: unknown } | undefined {
  // Meta's verification request (GET /webhooks/{network}?hub.mode=subscribe&hub.challenge) without
  // hub.verify_token: anyone may send it, and it must be refused without storing anything.
  if (fn.name === 'socialWebhook') {
    const event = httpEvent('GET /webhooks/{network}', '/webhooks/facebook');
    return { kind: 'webhook', event: { ...event, rawQueryString: 'hub.mode=subscribe&hub.challenge=123', queryStringParameters: { 'hub.mode': 'subscribe', 'hub.challenge': '123' } } };
  }
  // The webhook's asynchronous invocation for a message no brand has: nothing to answer.
  if (fn.name === 'inboxWorker') return { kind: 'inbox', event: { uid: randomUUID(), conversationId: 'no-existe', messageId: 'no-existe' } };
  // A render job nobody queued (issue 18): nothing claimed, nothing rendered.
  if (fn.name === 'render') return { kind: 'render', event: { job: 'render', uid: randomUUID(), jobId: 'no-existe' } };
  const route = deployment.routes.find((r) => r.functionLogicalId === fn.logicalId);
  if (route?.method === 'POST') return { kind: 'callable', event: httpEvent(route.routeKey, route.path, JSON.stringify({ data: {} })) };
  // A well-formed tracked link code nobody claimed: read from the table, answered with the 404 page.
  if (route) return { kind: 'http', event: httpEvent(route.routeKey, route.path.replace('{proxy+}', 'blog-que-no-existe').replace('{platform}', 'red-que-no-existe').replace('{code}', 'NoExiste')) };
  if (Object.values(deployment.triggers).includes(fn.logicalId)) {
    const sub = randomUUID();
    return {
      kind: 'cognito',
      event: {
        version: '1',
        region: 'eu-west-1',
        userPoolId: twin.userPoolId,
        userName: sub,
        callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: twin.clientId },
        triggerSource: 'PreSignUp_SignUp',
        request: { userAttributes: { sub, email: `artefact-${sub.slice(0, 8)}@test.local` }, validationData: null },
        response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
      },
    };
  }
  const notification = deployment.notifications.find((n) => n.functionLogicalId === fn.logicalId);
  if (notification) {
    const key = `${notification.prefix}${randomUUID()}/knowledge/${randomUUID()}-nota.txt`;
    // The S3Event a bucket notification delivers, built as the twin builds it from s3rver's events.
    const created = { eventName: 'ObjectCreated:Post', eventTime: new Date().toISOString(), s3: { bucket: { name: notification.bucket }, object: { key, size: 12, eTag: '0123456789abcdef', sequencer: '0A1B2C3D4E5F678901' } } };
    return { kind: 's3', event: toLambdaS3Event({ Records: [created] }, 'eu-west-1') };
  }
  const schedule = deployment.schedules.find((s) => s.functionLogicalId === fn.logicalId);
  if (schedule) return { kind: 'schedule', event: scheduleEvent(schedule.input, new Date()) };
  // The publisher's schedules are made at run time (one per publication), so the template has
  // none: its event names a publication that does not exist, which it ignores.
  if (fn.name === 'publisher') return { kind: 'publish', event: { sub: randomUUID(), postId: 'no-existe', publicationId: 'no-existe', revision: 1 } };
  return undefined;
}

let deployment: Deployment;

beforeAll(async () => {
  const assembly = await buildAssembly({ context: DEPLOY_CONTEXT });
  deployment = readDeployment(assembly.templatePath, {
    region: 'eu-west-1',
    accountId: TWIN_ACCOUNT_ID,
    stackName: 'DirectorIa-demo',
    tableName: LOCAL_TABLE,
    uploadsBucket: UPLOADS_BUCKET,
    kmsKeyArn: twin.kmsKeyArn ?? '',
    userPoolId: twin.userPoolId,
    userPoolClientId: twin.clientId,
    siteOrigin: 'https://example.cloudfront.net',
    dynamicReferenceValue: 'origin-verify-secret',
    // The stack's verify token stands for the test twin's own (its Secrets Manager finds it by partial ARN).
    secretArns: { [webhookVerifySecretName('demo')]: `arn:aws:secretsmanager:eu-west-1:${TWIN_ACCOUNT_ID}:secret:${webhookVerifySecretName('local')}` },
  });
}, 600_000);

describe('synthesized Lambda artefacts', () => {
  it('are every function of the stack: the contract\'s callables, the public blog, the OAuth callback, the trigger, the knowledge processing, the publisher, the three jobs, the social webhook, the inbox worker, the tracked links\' redirect, the data-rights worker and the render function', () => {
    const names = deployment.functions.map((fn) => fn.name).sort();
    expect(names).toEqual([...Object.keys(CALLABLES), 'blogDrafts', 'blogPublico', 'dataRights', 'inboxWorker', 'knowledgeUploaded', 'oauthCallback', 'preSignUp', 'publisher', 'publishingSweep', 'render', 'socialTokens', 'socialWebhook', 'trackedRedirect'].sort());
  });

  it('each load in a fresh process, export their handler and answer a first representative invocation', async () => {
    const failures: string[] = [];
    const functions = deployment.functions;
    // Two at a time: one per core.
    for (let i = 0; i < functions.length; i += 2) {
      await Promise.all(
        functions.slice(i, i + 2).map(async (fn) => {
          const representative = representativeEvent(fn, deployment);
          if (!representative) return void failures.push(`${fn.name}: no representative event (add one to this test)`);
          const env = functionEnvironment(fn, {
            region: 'eu-west-1',
            gatewayUrl: twin.awsEndpoint ?? '',
            credentials: LOCAL_CREDENTIALS,
            settings: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
            siteUrl: 'https://example.cloudfront.net',
            realAws: true,
          });
          const run = await runArtefact(fn, { ...env, PATH: process.env.PATH ?? '' }, representative.event);
          if (run.error) return void failures.push(`${fn.name}: ${run.stage} threw ${run.error.name}: ${run.error.message}`);
          const result = run.result as { statusCode?: number; body?: string } | null;
          if (representative.kind === 'callable') {
            const name = fn.name;
            const body = JSON.parse(result?.body ?? 'null') as unknown;
            const expected = isCallableName(name) && CALLABLES[name].access === 'public' ? [200, 400] : [401];
            const envelope = (result?.statusCode === 200 && typeof body === 'object' && body !== null && 'result' in body) || ErrorBodySchema.safeParse(body).success;
            if (!envelope || !expected.includes(result?.statusCode ?? 0)) failures.push(`${name}: answered ${result?.statusCode} ${result?.body} (expected ${expected.join('/')} in the callable envelope)`);
          }
          if (representative.kind === 'publish' && (result as { outcome?: string } | null)?.outcome !== 'ignored') failures.push(`${fn.name}: did not ignore an unknown publication (${JSON.stringify(result)})`);
          if (representative.kind === 'webhook' && ![401, 403].includes(result?.statusCode ?? 0)) failures.push(`${fn.name}: answered ${result?.statusCode} to a verification request without the verify token (expected 403)`);
          if (representative.kind === 'render' && (result as { render?: string } | null)?.render !== 'skipped') failures.push(`${fn.name}: did not skip a job nobody queued (${JSON.stringify(result)})`);
          if (representative.kind === 'inbox' && typeof (result as { outcome?: unknown } | null)?.outcome !== 'string') failures.push(`${fn.name}: did not answer an unknown message with an outcome (${JSON.stringify(result)})`);
          if (representative.kind === 'http' && result?.statusCode !== 404) failures.push(`${fn.name}: answered ${result?.statusCode} for an unknown blog, network or link`);
          if (representative.kind === 'cognito' && (result as { response?: { autoConfirmUser?: boolean } })?.response?.autoConfirmUser !== true) {
            failures.push(`${fn.name}: did not confirm the new user (${JSON.stringify(result)})`);
          }
        }),
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
