/**
 * `npm start`: runs the local twin in the foreground. Environment: PORT (web, default 5173),
 * LOCAL_STATE_DIR (default .local), LOCAL_ADMIN_EMAIL / LOCAL_ADMIN_PASSWORD (first admin),
 * LOCAL_PARTNER_NAME, LOCAL_TOKEN_SYNC_URL, LOCAL_PUBLIC_SITE_URL (optional web config).
 * Ctrl-C stops every part; a part that dies stops the twin with a non-zero exit code.
 */
import { startTwin } from './twin';

export const DEFAULT_ADMIN_EMAIL = 'admin@local.test';
export const DEFAULT_ADMIN_PASSWORD = 'Admin1234!';

const env = process.env;
const port = Number(env.PORT ?? 5173);
const log = (line: string) => console.log(`[twin] ${line}`);

let shuttingDown = false;
async function shutdown(twin: { stop(): Promise<void> } | undefined, code: number): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    log('Stopping...');
    await twin?.stop().catch((error: unknown) => console.error(error));
  }
  process.exit(code);
}

let twin: Awaited<ReturnType<typeof startTwin>> | undefined;
process.on('SIGINT', () => void shutdown(twin, 0));
process.on('SIGTERM', () => void shutdown(twin, 0));

try {
  twin = await startTwin({
    port,
    stateDir: env.LOCAL_STATE_DIR ?? '.local',
    adminEmail: env.LOCAL_ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
    adminPassword: env.LOCAL_ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    partnerName: env.LOCAL_PARTNER_NAME,
    tokenSyncUrl: env.LOCAL_TOKEN_SYNC_URL,
    publicSiteUrl: env.LOCAL_PUBLIC_SITE_URL,
    watch: true,
    log,
    onCrash: (part, detail, output) => {
      console.error(`[twin] ✖ ${part} stopped unexpectedly (${detail}). Last output:\n${output || '(none)'}`);
      void shutdown(twin, 1);
    },
  });
  log(`Ready at ${twin.url}  (health: ${twin.url}/api/health)`);
  // Only the well-known default password is printed; a password you chose stays out of logs.
  const shownPassword = env.LOCAL_ADMIN_PASSWORD ? '(LOCAL_ADMIN_PASSWORD)' : DEFAULT_ADMIN_PASSWORD;
  log(`Admin login: ${twin.admin.email} / ${shownPassword}${twin.admin.created ? ' (created now)' : ''}`);
  log(`State: ${env.LOCAL_STATE_DIR ?? '.local'}  ·  Ctrl-C to stop`);
} catch (error) {
  console.error('[twin] Failed to start:', error instanceof Error ? error.message : error);
  await shutdown(twin, 1);
}
