/**
 * IAM as the deployment has it (issue 10 item 3): in the twin, every AWS SDK call a function makes
 * is checked against that function's synthesized IAM policy. A second twin runs the same bundles
 * with one grant removed from one function's declaration (guardarTema without table write): its
 * call fails, the write is refused with AccessDenied and nothing changes. With the real
 * declarations (the suite's twin) the same call succeeds, as does the rest of the suite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Profile } from '@director-ia/shared';
import { freePort } from '../../infra/local/ports';
import { startTwin, type Twin } from '../../infra/local/twin';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { twinInfoOf, type TwinInfo } from '../support/twin-global-setup';

async function activeOwner(twin: TwinInfo, prefix: string): Promise<TestUser> {
  const [user, admin] = await Promise.all([registerUser(twin, prefix), signInAdmin(twin)]);
  await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
  return user;
}

describe('with the real declarations', () => {
  it('guardarTema writes the theme (its role has the table write it declares)', async () => {
    const twin = inject('twin');
    const owner = await activeOwner(twin, 'iam-real');
    await expect(callOk(twin, 'guardarTema', { theme: 'sea' }, owner.accessToken)).resolves.toEqual({ theme: 'sea' });
    const { profile } = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', null, owner.accessToken);
    expect(profile.theme).toBe('sea');
  });
});

describe('with one grant removed from one declaration', () => {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'twin-iam-'));
  let running: Twin;
  let twin: TwinInfo;

  beforeAll(async () => {
    // guardarTema declares { table: 'write' } in infra/functions.ts; here it keeps only read.
    running = await startTwin({
      port: await freePort(),
      stateDir,
      adminEmail: 'root@iam.local',
      adminPassword: 'Admin1234!',
      web: 'none',
      accessOverrides: { guardarTema: { table: 'read' } },
    });
    twin = twinInfoOf(running, stateDir);
  }, 600_000);

  afterAll(async () => {
    await running?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('the call fails with a generic 500, the write was refused with AccessDenied, and the theme is unchanged', async () => {
    const owner = await activeOwner(twin, 'iam-missing');
    const before = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', null, owner.accessToken);

    const { status, body } = await call(twin, 'guardarTema', { theme: 'wine' }, owner.accessToken);
    expect(status).toBe(500);
    expect(body.error?.status).toBe('INTERNAL');

    const refused = running.iamDecisions().filter((d) => d.principal === 'guardarTema' && !d.allowed);
    expect(refused).toEqual([
      expect.objectContaining({ action: 'dynamodb:UpdateItem', resource: 'arn:aws:dynamodb:eu-west-1:000000000000:table/director-ia' }),
    ]);
    // The reads the declaration still grants went through.
    expect(running.iamDecisions().some((d) => d.principal === 'guardarTema' && d.allowed && d.action === 'dynamodb:GetItem')).toBe(true);

    const after = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', null, owner.accessToken);
    expect(after.profile.theme).toBe(before.profile.theme);
  });

  it('other functions keep their grants', async () => {
    const owner = await activeOwner(twin, 'iam-other');
    await expect(callOk(twin, 'obtenerAjustesIA', null, owner.accessToken)).resolves.toBeDefined();
  });
});
