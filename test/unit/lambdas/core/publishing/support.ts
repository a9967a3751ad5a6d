/**
 * Environment of the publishing engine's unit tests: a table of the file's own on the unit run's
 * DynamoDB Local (the sweep reads every tenant's GSI1 entries), real sealing, the twin's real
 * "Red de pruebas" in-process (test/unit/infra/local/social-sandbox/support.ts) as every network,
 * and a fake Scheduler door (an injected stand-in for platform/scheduler's put and delete that
 * records each publication's one schedule: name → instant and event), since there is no Scheduler
 * in the unit run (the twin's gateway emulation is exercised by the integration tests).
 *
 * Use: at the top of a test file
 *   vi.mock('<root>/lambdas/platform/scheduler', async (original) => (await import('./support')).schedulerMock(original));
 *   vi.mock('<root>/lambdas/platform/social/apps', async (original) => (await import('./support')).appsMock(original));
 *   const env = await usePublishingEnv();
 * then import lambdas modules dynamically.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { SocialNetwork } from '@director-ia/shared';
import { afterAll, beforeAll } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS } from '../../../../../infra/local/dynamodb';
import type { PublishEvent } from '../../../../../lambdas/core/publishing/engine';
import type { NetworkApps } from '../../../../../lambdas/platform/social/types';
import { useDomainEnv } from '../../../../support/domain-env';
import { rawTableAt } from '../../../../support/raw-table';
import { BOT_TOKEN, connect, startTestSandbox, TARGET, type TestSandbox } from '../../../infra/local/social-sandbox/support';

/** One stored schedule of the fake door. */
export interface FakeSchedule {
  at: Date;
  event: PublishEvent;
}

/** The fake Scheduler door's state: every schedule by name, and every call made. */
export const fakeScheduler = {
  schedules: new Map<string, FakeSchedule>(),
  puts: 0,
  deletes: 0,
};

/** `vi.mock` factory of lambdas/platform/scheduler: the real names and settings, a fake put and delete. */
export async function schedulerMock(importOriginal: () => Promise<Record<string, unknown>>) {
  return {
    ...(await importOriginal()),
    putOneTimeSchedule: async (schedule: { name: string; at: Date; input: unknown }) => {
      fakeScheduler.puts += 1;
      const outcome = fakeScheduler.schedules.has(schedule.name) ? 'updated' : 'created';
      fakeScheduler.schedules.set(schedule.name, { at: schedule.at, event: schedule.input as PublishEvent });
      return { scheduleArn: `arn:aws:scheduler:eu-west-1:000000000000:schedule/test/${schedule.name}`, outcome };
    },
    deleteSchedule: async (name: string) => {
      fakeScheduler.deletes += 1;
      return fakeScheduler.schedules.delete(name);
    },
  };
}

/** The network apps the engine sees (the sandbox's, set once it started). */
const apps: { value: NetworkApps } = { value: {} };

/** `vi.mock` factory of lambdas/platform/social/apps: `loadNetworkApps` answers the sandbox's apps. */
export async function appsMock(importOriginal: () => Promise<Record<string, unknown>>) {
  return { ...(await importOriginal()), loadNetworkApps: async () => apps.value };
}

export interface PublishingEnv {
  t: TestSandbox;
  raw: ReturnType<typeof rawTableAt>;
}

/** Domain env on a table of the file's own, SCHEDULE_* settings, and the sandbox started before the file's tests. */
export async function usePublishingEnv(): Promise<PublishingEnv> {
  const db = await useDomainEnv({
    SITE_URL: 'http://localhost:5173/',
    SCHEDULE_GROUP: 'director-test',
    SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/scheduler',
    SCHEDULE_TARGET_ARN: 'arn:aws:lambda:eu-west-1:000000000000:function:publisher',
  });
  const table = `publishing-${randomUUID().slice(0, 8)}`;
  const client = new DynamoDBClient({ endpoint: db.endpoint, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS });
  await ensureTable(client, table);
  client.destroy();
  process.env.TABLE_NAME = table;
  const env = { raw: rawTableAt(db.endpoint, table) } as PublishingEnv;
  beforeAll(async () => {
    env.t = await startTestSandbox();
    const { networkAppsFromJson } = await import('../../../../../lambdas/platform/social/apps');
    apps.value = networkAppsFromJson(env.t.sandbox.apps());
    process.env.OUTBOUND_ALLOWED_ORIGINS = new URL(env.t.sandbox.url).host;
  });
  afterAll(async () => {
    delete process.env.OUTBOUND_ALLOWED_ORIGINS;
    await env.t?.close();
  });
  return env;
}

/** Where each network's sandbox account publishes, and as what. */
const DESTINATIONS: Partial<Record<SocialNetwork, { id: string; kind: 'profile' | 'channel'; account: string }>> = {
  x: { id: TARGET.x, kind: 'profile', account: TARGET.x },
  linkedin: { id: TARGET.linkedin, kind: 'profile', account: 'sAnDbOx0001' },
  telegram: { id: '@canal_pruebas', kind: 'channel', account: '7000000001' },
};

/**
 * Connects `network` (x, linkedin or telegram) for `sub` as the connect flow stores it: a fresh
 * consent at the sandbox (Telegram: the tests' bot), the account's one destination selected.
 */
export async function connectSandbox(env: PublishingEnv, sub: string, network: 'x' | 'linkedin' | 'telegram', now = new Date()) {
  const { saveConnection } = await import('../../../../../lambdas/core/social/store');
  const destination = DESTINATIONS[network];
  if (!destination) throw new Error(`no sandbox destination for ${network}`);
  let tokens: { accessToken: string; refreshToken?: string; expiresAt?: number } = { accessToken: BOT_TOKEN };
  if (network !== 'telegram') {
    const { body } = await connect(env.t.sandbox, network);
    tokens = {
      accessToken: body.access_token,
      ...(body.refresh_token ? { refreshToken: body.refresh_token } : {}),
      ...(body.expires_in ? { expiresAt: now.getTime() + body.expires_in * 1000 } : {}),
    };
  }
  return saveConnection(
    sub,
    network,
    {
      account: { id: destination.account, name: `Cuenta ${network}`, pictureUrl: null },
      targets: [{ id: destination.id, name: `Destino ${network}`, kind: destination.kind, pictureUrl: null }],
      tokens,
      sandbox: true,
    },
    now,
  );
}
