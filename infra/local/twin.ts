/**
 * The local twin (architecture "Local twin"): DynamoDB Local, s3rver, cognito-local, the API router
 * and Vite behind one origin, with state under `stateDir` that survives restarts; new-lead e-mails
 * go to a local SMTP catcher (./mail.ts) unless SMTP_HOST names a real server.
 * `startTwin()` is used by `npm start` and by the integration/e2e tests.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { DEFAULT_REGION, type RuntimeConfig } from '../../shared';
import { ChildSupervisor } from './children';
import { ensureAdmin, ensureUserPool, LOCAL_HOST, startCognito, type CognitoIds } from './cognito';
import { ensureTable, startDynamo } from './dynamodb';
import { startMailCatcher } from './mail';
import { resolveTwinCredentials } from './credentials';
import { portNear, twinPorts, type TwinPorts } from './ports';
import { createRouter } from './router';
import { startS3, UPLOADS_BUCKET } from './s3';
import { createS3EventDispatcher } from './s3-events';
import { scheduledJobs, startScheduleTimers, type ScheduleTimers } from './schedules';
import { createAccessTokenVerifier, type AccessTokenVerifier } from './token-verifier';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const LOCAL_TABLE = 'director-ia';
/** What the shell said, before a twin of this process set them for its handlers. */
const SHELL_ENV = { SMTP_HOST: process.env.SMTP_HOST, SITE_URL: process.env.SITE_URL };

export interface TwinOptions {
  /** Web port (PORT); the others are derived from it or picked free. */
  port: number;
  stateDir: string;
  adminEmail: string;
  adminPassword: string;
  /** Serve the web with Vite (default), the production build in web/dist, or not at all. */
  web?: 'vite' | 'dist' | 'none';
  partnerName?: string;
  tokenSyncUrl?: string;
  publicSiteUrl?: string;
  /** Called when a part dies after start; the twin is unusable then. */
  onCrash?: (part: string, detail: string, output: string) => void;
  log?: (line: string) => void;
}

export interface Twin {
  url: string;
  /** `smtp`: the mail catcher (undefined when SMTP_HOST points elsewhere). */
  ports: { web: number; dynamodb: number; cognito: number; s3: number; smtp?: number };
  cognito: CognitoIds & { endpoint: string };
  admin: { email: string; password: string; sub: string; created: boolean };
  stop(): Promise<void>;
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

  const credentials = await resolveTwinCredentials();
  if (credentials.source === 'local') Object.assign(process.env, { AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey });
  else log(`Using your AWS credentials (${credentials.source}) for real AWS services such as Bedrock; local services accept them.`);
  // Handlers read their endpoints from the standard SDK environment, exactly as in AWS.
  Object.assign(process.env, {
    TABLE_NAME: LOCAL_TABLE,
    UPLOADS_BUCKET,
    AWS_REGION: DEFAULT_REGION,
    AWS_ENDPOINT_URL_DYNAMODB: `http://${LOCAL_HOST}:${ports.dynamodb}`,
    AWS_ENDPOINT_URL_S3: `http://${LOCAL_HOST}:${ports.s3}`,
    // s3rver serves buckets by path, not by virtual host.
    S3_FORCE_PATH_STYLE: 'true',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    POWERTOOLS_SERVICE_NAME: 'director-ia-local',
    // Brand secrets are sealed with a raw AES keyring under this key (AWS: a KMS key).
    SECRETS_LOCAL_KEY_FILE: ensureSecretsKey(stateDir),
    // Offline Spanish speech (eSpeak NG in WebAssembly, a devDependency): the twin's voice card
    // speaks without a cloud account. AWS uses Polly; OFFLINE_TTS=none turns it off here.
    OFFLINE_TTS: process.env.OFFLINE_TTS ?? 'text2wav',
    // The dashboard's address in the new-lead e-mail.
    SITE_URL: SHELL_ENV.SITE_URL ?? origin,
    ...(ports.smtp ? { SMTP_HOST: LOCAL_HOST, SMTP_PORT: String(ports.smtp), SMTP_SECURE: 'false' } : {}),
  });

  let crashed: string | undefined;
  const supervisor = new ChildSupervisor((part, detail, output) => {
    crashed = `${part} stopped unexpectedly (${detail})`;
    (options.onCrash ?? ((p, d, o) => log(`${p} stopped unexpectedly (${d})\n${o}`)))(part, detail, output);
  });

  let ready = false;
  let verifier: AccessTokenVerifier | undefined;
  let runtimeConfig: RuntimeConfig | undefined;
  let vite: ViteDevServer | undefined;
  let staticWeb: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined;
  const server = http.createServer();
  const router = createRouter({
    readiness: () => ({ ready: ready && !crashed, detail: crashed ?? (ready ? 'all parts ready' : 'starting') }),
    verifier: () => verifier,
    runtimeConfig: () => runtimeConfig,
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
  // Bucket notifications run the same handler modules as the Lambdas, asynchronously like AWS.
  const s3Events = createS3EventDispatcher(log);
  // Scheduled jobs (EventBridge Scheduler in AWS): timers started once every part is ready.
  let timers: ScheduleTimers | undefined;
  const stop = async () => {
    ready = false;
    await timers?.stop();
    await vite?.close().catch(() => undefined);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await s3?.stop().catch(() => undefined);
    await mail?.stop().catch(() => undefined);
    await s3Events.drain();
    await supervisor.stopAll();
  };

  try {
    log(`Starting DynamoDB Local (:${ports.dynamodb}), cognito-local (:${ports.cognito}) and s3rver (:${ports.s3})...`);
    const lambdaEndpoint = `http://${LOCAL_HOST}:${web}`;
    const [dynamo, cognito, s3Handle] = await Promise.all([
      startDynamo(supervisor, ports.dynamodb, path.join(stateDir, 'dynamodb')),
      startCognito(supervisor, ports.cognito, path.join(stateDir, 'cognito'), lambdaEndpoint),
      startS3(ports.s3, path.join(stateDir, 's3'), credentials, s3Events.dispatch, DEFAULT_REGION),
    ]);
    s3 = s3Handle;
    if (ports.smtp) {
      mail = await startMailCatcher(ports.smtp, path.join(stateDir, 'mail'), log);
      log(`Mail catcher (:${ports.smtp}): e-mails are kept in ${path.join(options.stateDir, 'mail')}`);
    }
    await ensureTable(dynamo, LOCAL_TABLE);
    const ids = await ensureUserPool(cognito, persisted.cognito);
    writeFileSync(statePath, JSON.stringify({ ...persisted, cognito: ids, ports }, null, 2));

    const admin = await ensureAdmin(cognito, ids.userPoolId, options.adminEmail, options.adminPassword);
    if (admin.created) {
      const accounts = await import('../../lambdas/core/accounts/profiles');
      await accounts.createPendingProfile(admin.sub, options.adminEmail);
      await accounts.approveUser(admin.sub);
    }
    verifier = await createAccessTokenVerifier(cognitoEndpoint, ids.userPoolId, ids.userPoolClientId);
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
    if (options.web === 'dist') staticWeb = await serveBuiltWeb(path.join(ROOT, 'web/dist'));
    if ((options.web ?? 'vite') === 'vite') {
      const { createServer } = await import('vite');
      vite = await createServer({
        configFile: path.join(ROOT, 'web/vite.config.ts'),
        server: { middlewareMode: true, ws: { server } },
        appType: 'spa',
        logLevel: 'warn',
      });
    }
    ready = true;
    timers = startScheduleTimers(scheduledJobs(), log);
    return {
      url: origin,
      ports,
      cognito: { ...ids, endpoint: cognitoEndpoint },
      admin: { email: options.adminEmail, password: options.adminPassword, sub: admin.sub, created: admin.created },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
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
