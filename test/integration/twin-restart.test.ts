/**
 * The twin's own promises (issue "local twin"): state survives a restart, and a part that dies is
 * reported and turns /api/health to 503. Uses a second twin with its own state dir.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Profile } from '@director-ia/shared';
import { freePort } from '../../infra/local/ports';
import { startTwin, type Twin } from '../../infra/local/twin';
import { callOk } from '../support/api';
import { registerUser, signIn } from '../support/cognito';
import { twinInfoOf, type TwinInfo } from '../support/twin-global-setup';

const stateDir = mkdtempSync(path.join(tmpdir(), 'twin-restart-'));
const crashes: string[] = [];
let running: Twin | undefined;

async function boot(port: number): Promise<{ twin: Twin; info: TwinInfo }> {
  running = await startTwin({ port, stateDir, adminEmail: 'root@test.local', adminPassword: 'Admin1234!', web: 'none', onCrash: (part) => crashes.push(part) });
  return { twin: running, info: twinInfoOf(running, stateDir) };
}

afterAll(async () => {
  await running?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('local twin lifecycle', () => {
  it('keeps users, profiles and the pool across a restart', async () => {
    // Same PORT as a developer's second `npm start`; SDK clients are per process, like Lambda's.
    const port = await freePort();
    const first = await boot(port);
    expect(first.twin.admin.created).toBe(true);
    const user = await registerUser(first.info, 'persist');
    await first.twin.stop();

    const second = await boot(port);
    expect(second.twin.ports).toEqual(first.twin.ports);
    expect(second.twin.admin.created).toBe(false);
    expect(second.twin.cognito.userPoolId).toBe(first.twin.cognito.userPoolId);
    const token = await signIn(second.info, user.email, user.password);
    const { profile } = await callOk<{ profile: Profile }>(second.info, 'obtenerPerfil', null, token);
    expect(profile).toMatchObject({ uid: user.sub, email: user.email, status: 'pending' });
  });

  it('reports a crashed part and stops answering healthy', async () => {
    const info = { url: `http://127.0.0.1:${running?.ports.web}` };
    expect((await fetch(`${info.url}/api/health`)).status).toBe(200);
    // Kill this twin's DynamoDB Local (matched by its private data dir) as a crash would.
    execFileSync('pkill', ['-KILL', '-f', `${stateDir}/dynamodb`]);
    await expect.poll(() => crashes, { timeout: 10_000 }).toContain('DynamoDB Local');
    const health = await fetch(`${info.url}/api/health`);
    expect(health.status).toBe(503);
    expect((await health.json()).detail).toMatch(/DynamoDB Local stopped unexpectedly/);
  });
});
