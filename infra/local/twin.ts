/**
 * The local twin (architecture "Local twin"; issue 10): DynamoDB Local, s3rver, cognito-local, the
 * API router and Vite behind one origin, with state under `stateDir` that survives restarts;
 * new-lead e-mails go to a local SMTP catcher (./mail.ts) unless SMTP_HOST names a real server.
 *
 * It runs what deploys: the tenant stack is synthesized by its own code (./deployment), every
 * function, trigger, bucket notification and schedule runs from the synthesized bundles in
 * execution environments of its own (./runtime) with the template's handler, environment, timeout
 * and memory, the HTTP API's routes and authorizer rules come from the template, and every AWS SDK
 * call a function makes goes through the AWS gateway (./aws-gateway), which checks it against that
 * function's synthesized IAM policy and answers a missing grant with AWS's own AccessDenied.
 * `startTwin()` is used by `npm start` and by the integration/e2e tests.
 *
 * Issue 14: the gateway serves Lambda's asynchronous Invoke for the hosted functions (the webhook
 * hands messages to the inbox worker); the Meta webhook verify token is a secret of the gateway's
 * Secrets Manager with a value generated once and kept in the state dir; and once the functions are
 * served, the sandbox's Facebook and Instagram apps subscribe their webhooks to the twin's
 * `/webhooks/<network>` (Meta's verification handshake included; a failure is logged, not fatal).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import {
  DEFAULT_REGION,
  SCHEDULE_DEAD_LETTER_ARN_ENV,
  SCHEDULE_GROUP_ENV,
  SCHEDULE_TARGET_ARN_ENV,
  SCHEDULER_ROLE_ARN_ENV,
  WEBHOOKS_PREFIX,
  webhookVerifySecretName,
  type RuntimeConfig,
} from '@director-ia/shared';
import { grantCoverage, startAwsGateway, type AwsGateway, type GatewayDecision, type GatewayPrincipal } from './aws-gateway';
import { ChildSupervisor } from './children';
import { COGNITO_TRIGGERS, ensureAdmin, ensureUserPool, LOCAL_HOST, startCognito, syncClientAuthFlows, type CognitoIds } from './cognito';
import { twinCustomTokenContext } from './custom-token';
import { ensureTable, startDynamo } from './dynamodb';
import { startMailCatcher } from './mail';
import { startSocialSandbox, type SocialSandbox } from './social-sandbox';
import { resolveTwinCredentials } from './credentials';
import { portNear, twinPorts, type TwinPorts } from './ports';
import { buildAssembly, synthTemplateOnly, TWIN_STACK_NAME, TWIN_TENANT, type BuiltAssembly } from './deployment/build';
import { readDeployment, type Deployment, type TwinResources } from './deployment/template';
import { createRouter, triggerEndpoint, type ServedApi } from './router';
import { LambdaHost, type HostedFunction } from './runtime/environments';
import { functionEnvironment } from './runtime/function-env';
import { acceptCredentials, startS3, UPLOADS_BUCKET } from './s3';
import { createS3EventDispatcher, type S3EventTargets } from './s3-events';
import { createAsyncInvoker, scheduledJobs, schedulerRetryBaseMs, startScheduleTimers, type ScheduleTimers } from './schedules';
import { createAccessTokenVerifier } from './token-verifier';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const LOCAL_TABLE = 'director-ia';
/** The account id of the twin's ARNs. */
export const TWIN_ACCOUNT_ID = '000000000000';
/** The id of the twin's one KMS key (seals the brands' secrets; AWS: the stack's secrets key). */
const LOCAL_KMS_KEY_ID = '00000000-0000-4000-8000-000000000001';
/** The name of the twin's social network apps secret (served by the AWS gateway's local Secrets Manager). */
export const TWIN_SOCIAL_APPS_SECRET = 'director-ia/local/social-apps';
/**
 * The CDK context of the twin's synth. The deployment's AI provider is offline in the template; a
 * developer's AI settings reach the AI functions at run time (./runtime/function-env.ts), so they
 * need no new synth. The social network apps secret is the twin's own (registered at start).
 */
export const TWIN_CONTEXT = { tenant: TWIN_TENANT, region: DEFAULT_REGION, aiProvider: 'offline', socialAppsSecret: TWIN_SOCIAL_APPS_SECRET } as const;
/**
 * TWIN_CONTEXT plus custom-token sign-in (issue 17 item 3): the stack trusts the twin's generated
 * key (./custom-token.ts), so a host page's token signed with it signs in.
 */
export function twinContext(): Record<string, unknown> {
  return { ...TWIN_CONTEXT, ...twinCustomTokenContext() };
}
/** Where the test run's IAM decisions are written for the grant report (test/bench/iam-grants.ts). */
export const IAM_DECISIONS_ENV = 'TWIN_IAM_DECISIONS_FILE';
/** What the shell said, before a twin of this process set them for its handlers. */
const SHELL_ENV = { SMTP_HOST: process.env.SMTP_HOST, SITE_URL: process.env.SITE_URL, SOCIAL_APPS_FILE: process.env.SOCIAL_APPS_FILE };

export interface TwinOptions {
  /** Web port (PORT); the others are derived from it or picked free. */
  port: number;
  stateDir: string;
  adminEmail: string;
  adminPassword: string;
  /** Serve the web with Vite (default), the production build in `webDist`, or not at all. */
  web?: 'vite' | 'dist' | 'none';
  /** The production build `web: 'dist'` serves (default web/dist, what `npm run build:web` writes). */
  webDist?: string;
  partnerName?: string;
  tokenSyncUrl?: string;
  publicSiteUrl?: string;
  /**
   * Replaces some callables' declared access (infra/functions.ts) for this twin only: the IAM
   * tests prove that a missing grant is refused. The bundles are the normal build's.
   */
  accessOverrides?: Parameters<typeof synthTemplateOnly>[1];
  /** Rebuild the bundles when lambdas/, shared/ or infra/ change (npm start). */
  watch?: boolean;
  /** Called when a part dies after start; the twin is unusable then. */
  onCrash?: (part: string, detail: string, output: string) => void;
  log?: (line: string) => void;
}

export interface Twin {
  url: string;
  /** `smtp`: the mail catcher (undefined when SMTP_HOST points elsewhere). */
  ports: { web: number; dynamodb: number; cognito: number; s3: number; aws: number; smtp?: number; sandbox: number };
  /** The social networks' sandbox ("Red de pruebas"): its origin, where its test hooks live. */
  sandbox: { url: string };
  cognito: CognitoIds & { endpoint: string };
  admin: { email: string; password: string; sub: string; created: boolean };
  /**
   * The AWS gateway's URL and the KMS key ARN, for tests that seal secrets as a function would. The
   * gateway's `/_twin/scheduler/` hooks list the functions' one-time schedules, their deliveries and
   * dead letters, force duplicate deliveries and fire a schedule now (./aws-gateway/scheduler.ts).
   * `scheduling`: where the functions put the publications' schedules (the SCHEDULE_* the stack gives
   * them: group, execution role, the publisher's ARN, dead-letter queue), for tests that make one.
   */
  aws: { endpoint: string; kmsKeyArn: string; scheduling?: TwinScheduling };
  /** Every IAM decision of the gateway so far (function, action, resource, allowed). */
  iamDecisions(): readonly GatewayDecision[];
  stop(): Promise<void>;
}

/** The publications' scheduling settings of the stack (the publisher's SCHEDULE_* environment). */
export interface TwinScheduling {
  group: string;
  roleArn: string;
  targetArn: string;
  deadLetterArn: string;
}

/** The scheduling settings of `deployment`, read from the publisher's environment; undefined without one. */
function schedulingOf(deployment: Deployment): TwinScheduling | undefined {
  const env = deployment.functions.find((fn) => fn.name === 'publisher')?.environment;
  const [group, roleArn, targetArn, deadLetterArn] = [SCHEDULE_GROUP_ENV, SCHEDULER_ROLE_ARN_ENV, SCHEDULE_TARGET_ARN_ENV, SCHEDULE_DEAD_LETTER_ARN_ENV].map((name) => env?.[name]);
  return group && roleArn && targetArn && deadLetterArn ? { group, roleArn, targetArn, deadLetterArn } : undefined;
}

interface PersistedState {
  cognito?: CognitoIds;
  /** The ports of the last start (see `twinPorts`). */
  ports?: TwinPorts;
}

/** Starts every part, bootstraps resources on first start, resolves once /api/health is 200. */
export async function startTwin(options: TwinOptions): Promise<Twin> {
  const log = options.log ?? (() => undefined);
  const stateDir = path.resolve(options.stateDir);
  mkdirSync(stateDir, { recursive: true });
  const statePath = path.join(stateDir, 'twin.json');
  const persisted: PersistedState = existsSync(statePath) ? JSON.parse(readFileSync(statePath, 'utf8')) : {};

  const web = await portNear(options.port);
  if (web !== options.port) throw new Error(`Port ${options.port} is in use: set PORT to another port.`);
  // New-lead e-mails go to the local mail catcher unless SMTP_HOST names a real server.
  const catchMail = !SHELL_ENV.SMTP_HOST;
  const ports = await twinPorts(web, persisted.ports, catchMail);
  const origin = `http://localhost:${web}`;
  const cognitoEndpoint = `http://${LOCAL_HOST}:${ports.cognito}`;
  const gatewayUrl = `http://${LOCAL_HOST}:${ports.aws}`;
  const kmsKeyArn = `arn:aws:kms:${DEFAULT_REGION}:${TWIN_ACCOUNT_ID}:key/${LOCAL_KMS_KEY_ID}`;

  const credentials = await resolveTwinCredentials();
  if (credentials.source === 'local') Object.assign(process.env, { AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey });
  else log(`Using your AWS credentials (${credentials.source}) for AWS services the twin does not emulate, such as Bedrock; local services accept them.`);
  // The twin's own code (bootstrap) reads its endpoints from the standard SDK environment; the
  // functions get theirs from ./runtime/function-env.ts. The settings below reach the functions too.
  Object.assign(process.env, {
    TABLE_NAME: LOCAL_TABLE,
    UPLOADS_BUCKET,
    AWS_REGION: DEFAULT_REGION,
    AWS_ENDPOINT_URL_DYNAMODB: `http://${LOCAL_HOST}:${ports.dynamodb}`,
    AWS_ENDPOINT_URL_S3: `http://${LOCAL_HOST}:${ports.s3}`,
    S3_FORCE_PATH_STYLE: 'true',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    POWERTOOLS_SERVICE_NAME: 'director-ia-local',
    // Offline Spanish speech (eSpeak NG in WebAssembly, a devDependency): the twin's voice card
    // speaks without a cloud account. AWS uses Polly; OFFLINE_TTS=none turns it off here.
    OFFLINE_TTS: process.env.OFFLINE_TTS ?? 'text2wav',
    // The dashboard's address in the new-lead e-mail.
    SITE_URL: SHELL_ENV.SITE_URL ?? origin,
    ...(ports.smtp ? { SMTP_HOST: LOCAL_HOST, SMTP_PORT: String(ports.smtp), SMTP_SECURE: 'false' } : {}),
    // The functions' outbound HTTP client may reach the sandbox and the AWS gateway's S3 (the
    // presigned GET URLs of the gallery media the publisher hands the networks, which its adapters
    // also read in ranges), and only them among local addresses (plus what the shell allowed).
    OUTBOUND_ALLOWED_ORIGINS: withOrigin(withOrigin(process.env.OUTBOUND_ALLOWED_ORIGINS, `${LOCAL_HOST}:${ports.sandbox}`), `${LOCAL_HOST}:${ports.aws}`),
  });

  let crashed: string | undefined;
  const supervisor = new ChildSupervisor((part, detail, output) => {
    crashed = `${part} stopped unexpectedly (${detail})`;
    (options.onCrash ?? ((p, d, o) => log(`${p} stopped unexpectedly (${d})\n${o}`)))(part, detail, output);
  });

  let ready = false;
  let api: (ServedApi & { targets: S3EventTargets; principals: GatewayPrincipal[] }) | undefined;
  let runtimeConfig: RuntimeConfig | undefined;
  let vite: ViteDevServer | undefined;
  let staticWeb: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined;
  const server = http.createServer();
  // Issue 16: cognito-local reaches the trigger endpoint under this start's secret path only.
  const triggerSecret = randomBytes(24).toString('base64url');
  // Vite's dev server puts this on the scripts and styles it injects; the CSP allows it (infra/web-headers.ts devNonce).
  const devNonce = (options.web ?? 'vite') === 'vite' ? randomBytes(18).toString('base64') : undefined;
  const tokenSyncOrigin = options.tokenSyncUrl && /^https?:\/\//.test(options.tokenSyncUrl) ? [new URL(options.tokenSyncUrl).origin] : [];
  const router = createRouter({
    triggerSecret,
    // The browser's presigned URLs name the AWS gateway's S3 and Amplify calls cognito-local.
    browserOrigins: () => ({ uploads: gatewayUrl, cognito: cognitoEndpoint, connect: tokenSyncOrigin, ...(devNonce ? { devNonce } : {}) }),
    readiness: () => ({ ready: ready && !crashed, detail: crashed ?? (ready ? 'all parts ready' : 'starting') }),
    api: () => api,
    runtimeConfig: () => runtimeConfig,
    log: (line) => (options.log ?? console.error)(line),
    fallback: (req, res) => {
      if (vite) return vite.middlewares(req, res);
      if (staticWeb) return staticWeb(req, res);
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    },
  });
  server.on('request', (req, res) => void router(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(web, LOCAL_HOST, () => resolve());
  });

  let s3: { stop: () => Promise<void> } | undefined;
  let mail: { stop: () => Promise<void> } | undefined;
  let sandbox: SocialSandbox | undefined;
  let gateway: AwsGateway | undefined;
  let host: LambdaHost | undefined;
  let watcher: { close: () => void } | undefined;
  // Bucket notifications go to the stack's targets, asynchronously like AWS.
  const s3Events = createS3EventDispatcher(() => api?.targets, log);
  // Scheduled jobs (EventBridge Scheduler in AWS): timers started once every part is ready.
  let timers: ScheduleTimers | undefined;
  // The functions' one-time schedules (the gateway's local EventBridge Scheduler) reach their target
  // as Lambda's asynchronous invocations; function ARNs name the template's logical id, the fixed
  // FunctionName (the publisher's) or the twin's name.
  const lambdaEvents = createAsyncInvoker(
    (id) => api?.functionName(id) ?? api?.deployment.functions.find((fn) => fn.physicalName === id || fn.name === id)?.name,
    (name, event) => (api ? api.targets.invoke(name, event) : Promise.reject(new Error('The twin is not serving functions.'))),
    log,
  );
  const stop = async () => {
    ready = false;
    watcher?.close();
    await timers?.stop();
    await gateway?.scheduler.stop();
    await lambdaEvents.drain();
    await vite?.close().catch(() => undefined);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await s3Events.drain();
    writeDecisions(gateway, api?.principals);
    await host?.stop();
    await gateway?.stop().catch(() => undefined);
    await s3?.stop().catch(() => undefined);
    await mail?.stop().catch(() => undefined);
    await sandbox?.stop().catch(() => undefined);
    await supervisor.stopAll();
  };

  try {
    log(`Starting DynamoDB Local (:${ports.dynamodb}), cognito-local (:${ports.cognito}), s3rver (:${ports.s3}) and the AWS gateway (:${ports.aws})...`);
    const lambdaEndpoint = triggerEndpoint(`http://${LOCAL_HOST}:${web}`, triggerSecret);
    const context = twinContext();
    const assembly = buildAssembly({ context, log });
    const [dynamo, cognito, s3Handle, built] = await Promise.all([
      startDynamo(supervisor, ports.dynamodb, path.join(stateDir, 'dynamodb')),
      startCognito(supervisor, ports.cognito, path.join(stateDir, 'cognito'), lambdaEndpoint),
      startS3(ports.s3, path.join(stateDir, 's3'), credentials, s3Events.dispatch, DEFAULT_REGION),
      assembly,
    ]);
    s3 = s3Handle;
    if (ports.smtp) {
      mail = await startMailCatcher(ports.smtp, path.join(stateDir, 'mail'), log);
      log(`Mail catcher (:${ports.smtp}): e-mails are kept in ${path.join(options.stateDir, 'mail')}`);
    }
    sandbox = await startSocialSandbox({ port: ports.sandbox, host: LOCAL_HOST, stateDir: path.join(stateDir, 'social-sandbox'), log });
    log(`Red de pruebas (:${ports.sandbox}): ${SHELL_ENV.SOCIAL_APPS_FILE ? `not used, the network apps come from ${SHELL_ENV.SOCIAL_APPS_FILE}` : 'every social network connects to this local sandbox'}`);
    gateway = await startAwsGateway({
      port: ports.aws,
      region: DEFAULT_REGION,
      accountId: TWIN_ACCOUNT_ID,
      // Functions that manage users (admin actions, account deletion) reach cognito-local, after IAM evaluation.
      upstreams: { dynamodb: `http://${LOCAL_HOST}:${ports.dynamodb}`, s3: `http://${LOCAL_HOST}:${ports.s3}`, cognitoIdp: `http://${LOCAL_HOST}:${ports.cognito}` },
      kms: { keyArn: kmsKeyArn, masterKey: readFileSync(ensureSecretsKey(stateDir)) },
      // The network apps secret, as DevOps would create it: the sandbox's apps, or your own file.
      secrets: { [TWIN_SOCIAL_APPS_SECRET]: SHELL_ENV.SOCIAL_APPS_FILE ? readFileSync(SHELL_ENV.SOCIAL_APPS_FILE, 'utf8') : JSON.stringify(sandbox.apps()) },
      ...(credentials.source !== 'local' ? { realAws: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey } } : {}),
      // Kept under the state dir; fires once the functions are served (started below). Its groups and
      // execution roles are the template's (set by `serve`): a schedule in another group is refused,
      // and a delivery is checked against its role's policy (the publications' role invokes the publisher only).
      scheduler: { stateDir: path.join(stateDir, 'scheduler'), invokeFunction: lambdaEvents.invoke, autoStart: false, onlyKnownRoles: true, retryBaseDelayMs: schedulerRetryBaseMs() },
      // The functions' asynchronous invocations (the webhook → the inbox worker): Lambda's, retries included.
      lambda: { invokeFunction: lambdaEvents.invoke },
      log,
    });
    // The Meta webhook verify token, as the stack's generated secret (SecretsConstruct), kept across restarts.
    const verifyToken = readFileSync(ensureWebhookVerifyToken(stateDir), 'utf8').trim();
    const verifyTokenArn = gateway.putSecret(webhookVerifySecretName(TWIN_TENANT), verifyToken);
    await ensureTable(dynamo, LOCAL_TABLE);
    const ids = await ensureUserPool(cognito, persisted.cognito);
    writeFileSync(statePath, JSON.stringify({ ...persisted, cognito: ids, ports }, null, 2));


    const resources: TwinResources = {
      region: DEFAULT_REGION,
      accountId: TWIN_ACCOUNT_ID,
      stackName: TWIN_STACK_NAME,
      tableName: LOCAL_TABLE,
      uploadsBucket: UPLOADS_BUCKET,
      kmsKeyArn,
      userPoolId: ids.userPoolId,
      userPoolClientId: ids.userPoolClientId,
      siteOrigin: origin,
      // The origin-verify secret: the twin's front never sends it, so functions use the socket's IP.
      dynamicReferenceValue: randomBytes(24).toString('base64url'),
      secretArns: { [webhookVerifySecretName(TWIN_TENANT)]: verifyTokenArn },
    };
    const load = async (assemblyBuilt: BuiltAssembly): Promise<Deployment> => {
      const deployment = readDeployment(assemblyBuilt.templatePath, resources);
      if (!options.accessOverrides) return deployment;
      const variant = await synthTemplateOnly(context, options.accessOverrides);
      try {
        const overridden = readDeployment(variant.templatePath, resources);
        const code = new Map(deployment.functions.map((fn) => [fn.logicalId, fn.codeDir]));
        return { ...overridden, functions: overridden.functions.map((fn) => ({ ...fn, codeDir: code.get(fn.logicalId) ?? fn.codeDir })) };
      } finally {
        variant.cleanup();
      }
    };
    const first = await load(built);
    // The authorizer's audience from the template (the web client), as API Gateway is configured.
    const verifier = await createAccessTokenVerifier(cognitoEndpoint, ids.userPoolId, first.authorizer?.audience ?? []);
    const lambdas = (host = new LambdaHost([]));
    const awsGateway = gateway;
    /** Serves `deployment` from now on (functions, principals, routes); returns what the router serves. */
    const serve = (deployment: Deployment) => {
      for (const principal of api?.principals ?? []) awsGateway.removePrincipal(principal.accessKeyId);
      const names = new Map(deployment.functions.map((fn) => [fn.logicalId, fn.name]));
      for (const [trigger, logicalId] of Object.entries(deployment.triggers)) {
        if (COGNITO_TRIGGERS[trigger] !== names.get(logicalId)) throw new Error(`The stack's ${trigger} trigger (${names.get(logicalId)}) is not wired in cognito-local (infra/local/cognito.ts COGNITO_TRIGGERS).`);
      }
      const principals: GatewayPrincipal[] = [];
      const hosted: HostedFunction[] = deployment.functions.map((fn) => {
        const keys = { accessKeyId: `ASIA${randomBytes(8).toString('hex').toUpperCase()}`, secretAccessKey: randomBytes(30).toString('base64') };
        acceptCredentials(keys);
        const principal = { name: fn.name, roleArn: `arn:aws:iam::${TWIN_ACCOUNT_ID}:role/${fn.roleLogicalId}`, ...keys, policies: fn.policies };
        awsGateway.setPrincipal(principal);
        principals.push(principal);
        const environment = functionEnvironment(fn, { region: DEFAULT_REGION, gatewayUrl, credentials: keys, settings: process.env, siteUrl: process.env.SITE_URL ?? origin, realAws: credentials.source !== 'local' });
        return { name: fn.name, codeDir: fn.codeDir, handler: fn.handler, timeoutSeconds: fn.timeoutSeconds, memoryMb: fn.memoryMb, environment, arn: `arn:aws:lambda:${DEFAULT_REGION}:${TWIN_ACCOUNT_ID}:function:${fn.name}`, logGroupName: `/aws/lambda/${fn.name}`, logFile: path.join(stateDir, 'logs', `${fn.name}.log`) };
      });
      lambdas.replace(hosted);
      awsGateway.scheduler.setGroups(deployment.scheduleGroups);
      for (const role of deployment.schedulerRoles) awsGateway.scheduler.setRole(role);
      const invoke = async (name: string, event: unknown) => {
        const outcome = await lambdas.invoke(name, event);
        if (!outcome.ok) throw new Error(`${outcome.error.errorType}: ${outcome.error.errorMessage} (requestId ${outcome.requestId})`);
      };
      const functionName = (logicalId: string) => names.get(logicalId);
      api = { deployment, functionName, invoker: lambdas, verifier, principals, targets: { notifications: deployment.notifications, functionName, invoke } };
      return api;
    };
    const served = serve(first);
    // The web client's auth flows as the template's (CUSTOM_AUTH for custom-token sign-in).
    await syncClientAuthFlows(cognito, ids, first.clientAuthFlows ?? []);
    // AdminCreateUser runs the PreSignUp trigger in AWS (the stack's `adminEmail` invite), which
    // writes the admin's profile; cognito-local does not, so the twin invokes the same bundle with
    // the event Cognito sends. The admin's first profile read mirrors group membership (active).
    const admin = await ensureAdmin(cognito, ids.userPoolId, options.adminEmail, options.adminPassword);
    if (admin.created) {
      const preSignUp = served.functionName(first.triggers.PreSignUp ?? '');
      if (!preSignUp) throw new Error('The stack has no PreSignUp trigger to write the first admin profile.');
      await served.targets.invoke(preSignUp, adminCreateUserEvent(ids, admin.sub, options.adminEmail));
    }

    runtimeConfig = {
      region: DEFAULT_REGION,
      userPoolId: ids.userPoolId,
      userPoolClientId: ids.userPoolClientId,
      userPoolEndpoint: cognitoEndpoint,
      apiBase: '/api',
      environment: 'local',
      ...(options.partnerName ? { partnerName: options.partnerName } : {}),
      ...(options.tokenSyncUrl ? { tokenSyncUrl: options.tokenSyncUrl } : {}),
      ...(options.publicSiteUrl ? { publicSiteUrl: options.publicSiteUrl } : {}),
    };
    const scheduling = schedulingOf(first);
    if (options.web === 'dist') staticWeb = await serveBuiltWeb(options.webDist ?? path.join(ROOT, 'web/dist'));
    if ((options.web ?? 'vite') === 'vite') {
      const { createServer } = await import('vite');
      vite = await createServer({
        configFile: path.join(ROOT, 'web/vite.config.ts'),
        server: { middlewareMode: true, ws: { server } },
        appType: 'spa',
        logLevel: 'warn',
        ...(devNonce ? { html: { cspNonce: devNonce } } : {}),
      });
    }
    ready = true;
    // The schedules of the first build; a rebuild swaps the functions they invoke (changed schedules need a restart).
    timers = startScheduleTimers(scheduledJobs(served.deployment.schedules, served.targets.functionName, served.targets.invoke), log);
    gateway.scheduler.start();
    // What DevOps does in each Meta app's dashboard, against the sandbox's apps (not with your own apps file).
    if (!SHELL_ENV.SOCIAL_APPS_FILE) await subscribeSandboxWebhooks(sandbox.url, origin, verifyToken, log);
    if (options.watch) {
      watcher = watchSources(async () => {
        try {
          const rebuilt = await buildAssembly({ context, log });
          if (!rebuilt.built) return;
          serve(await load(rebuilt));
          log('Bundles rebuilt: the next calls run the new code.');
        } catch (error) {
          log(`Rebuild failed, still serving the previous bundles: ${error instanceof Error ? error.message : String(error)}`);
        }
      });
    }
    return {
      url: origin,
      ports,
      sandbox: { url: sandbox.url },
      cognito: { ...ids, endpoint: cognitoEndpoint },
      admin: { email: options.adminEmail, password: options.adminPassword, sub: admin.sub, created: admin.created },
      aws: { endpoint: gatewayUrl, kmsKeyArn, ...(scheduling ? { scheduling } : {}) },
      iamDecisions: () => gateway?.decisions() ?? [],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `list` (comma-separated `host:port` origins) with `origin` added once. */
function withOrigin(list: string | undefined, origin: string): string {
  const origins = (list ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  return [...new Set([...origins, origin])].join(',');
}

/** Source folders whose changes rebuild the bundles (the twin's own code needs a restart). */
const WATCHED = ['lambdas', 'shared', 'infra'];

/** Calls `rebuild` once the sources have been quiet for a moment after a change; never two at once. */
function watchSources(rebuild: () => Promise<void>): { close: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const trigger = () => {
    if (running) {
      again = true;
      return;
    }
    running = rebuild().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        trigger();
      }
    });
  };
  const watchers: FSWatcher[] = WATCHED.map((dir) =>
    watch(path.join(ROOT, dir), { recursive: true }, (_event, file) => {
      if (file && (String(file).startsWith(`local${path.sep}`) || String(file).includes('node_modules'))) return;
      clearTimeout(timer);
      timer = setTimeout(trigger, 400);
    }),
  );
  return { close: () => watchers.forEach((w) => w.close()) };
}

/** Appends the run's IAM decisions to the file named by TWIN_IAM_DECISIONS_FILE (the grant report). */
function writeDecisions(gateway: AwsGateway | undefined, principals: GatewayPrincipal[] | undefined): void {
  const file = process.env[IAM_DECISIONS_ENV];
  if (!file || !gateway || !principals) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { coverage: ReturnType<typeof grantCoverage> }[]) : [];
  writeFileSync(file, JSON.stringify([...previous, { run: randomUUID(), coverage: grantCoverage(principals, gateway.decisions()) }]));
}

/** Serves the production build like CloudFront would: files, else index.html (SPA routes). */
async function serveBuiltWeb(dist: string): Promise<(req: http.IncomingMessage, res: http.ServerResponse) => void> {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} has no build: run npm run build:web first.`);
  const { default: serveStatic } = await import('serve-static');
  const files = serveStatic(dist, { index: ['index.html'] });
  const index = readFileSync(path.join(dist, 'index.html'));
  return (req, res) =>
    files(req, res, () => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(index);
    });
}

/** The twin's key for sealing brand secrets: 32 random bytes, created on first start, owner-only. */
function ensureSecretsKey(stateDir: string): string {
  const file = path.join(stateDir, 'secrets.key');
  try {
    writeFileSync(file, randomBytes(32), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return file;
}

/** The twin's Meta webhook verify token: 48 hex characters, created on first start, owner-only. */
function ensureWebhookVerifyToken(stateDir: string): string {
  const file = path.join(stateDir, 'webhook-verify-token');
  try {
    writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return file;
}

/** The Meta networks whose webhooks the sandbox delivers (issue 14). */
const META_WEBHOOK_NETWORKS = ['facebook', 'instagram'] as const;

/**
 * Subscribes the sandbox's Facebook and Instagram apps to the twin's `/webhooks/<network>` (the
 * sandbox first makes Meta's verification request to our GET route); a refusal is logged and the
 * twin goes on (the sandbox then delivers nothing for that network).
 */
async function subscribeSandboxWebhooks(sandboxUrl: string, origin: string, verifyToken: string, log: (line: string) => void): Promise<void> {
  await Promise.all(
    META_WEBHOOK_NETWORKS.map(async (network) => {
      const url = `${origin}${WEBHOOKS_PREFIX}/${network}`;
      try {
        const response = await fetch(`${sandboxUrl}/__sandbox/webhooks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ network, url, verifyToken }),
          signal: AbortSignal.timeout(15_000),
        });
        if (!response.ok) log(`Red de pruebas: the ${network} webhook was not subscribed to ${url} (${response.status}: ${(await response.text()).slice(0, 200)})`);
      } catch (error) {
        log(`Red de pruebas: the ${network} webhook was not subscribed to ${url} (${error instanceof Error ? error.message : String(error)})`);
      }
    }),
  );
}

/** The PreSignUp event Cognito sends for AdminCreateUser (the shape of aws-lambda's PreSignUpTriggerEvent). */
function adminCreateUserEvent(ids: CognitoIds, sub: string, email: string) {
  return {
    version: '1',
    region: DEFAULT_REGION,
    userPoolId: ids.userPoolId,
    userName: sub,
    callerContext: { awsSdkVersion: 'aws-sdk-js-3', clientId: 'CLIENT_ID_NOT_APPLICABLE' },
    triggerSource: 'PreSignUp_AdminCreateUser',
    request: { userAttributes: { sub, email, email_verified: 'true' }, validationData: {} },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  };
}
