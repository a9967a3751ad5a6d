/**
 * The account lifecycle against the twin (spec sections 3, 4, 6): register → pending profile →
 * admin lists and approves → active; plus the profile's admin mirroring and theme persistence.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG, type Profile, type UserSummary } from '@director-ia/shared';
import { call, callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';

const twin = inject('twin');

describe('account lifecycle', () => {
  let owner: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    [owner, admin] = await Promise.all([registerUser(twin, 'owner'), signInAdmin(twin)]);
  });

  it('registration writes a pending, non-admin profile through PreSignUp', async () => {
    const { profile } = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', null, owner.accessToken);
    expect(profile).toMatchObject({ uid: owner.sub, email: owner.email, status: 'pending', isAdmin: false });
    expect(Date.parse(profile.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a pending owner cannot use owner features', async () => {
    const { status, body } = await call(twin, 'guardarTema', { theme: 'sea' }, owner.accessToken);
    expect(status).toBe(403);
    expect(body.error).toEqual({ status: 'PERMISSION_DENIED', message: MSG.pendingAccount });
  });

  it('the admin sees the new user as pending, approves them, and the owner becomes active', async () => {
    // The list is paginated (issue 17): each user is found by an e-mail prefix search.
    const before = await callOk<{ users: UserSummary[] }>(twin, 'listarUsuarios', { search: owner.email }, admin.accessToken);
    expect(before.users.find((u) => u.uid === owner.sub)).toMatchObject({ email: owner.email, status: 'pending', emailVerified: false });
    // The admin's first profile read mirrors the admins group: active from then on.
    await callOk(twin, 'obtenerPerfil', null, admin.accessToken);
    const admins = await callOk<{ users: UserSummary[] }>(twin, 'listarUsuarios', { search: admin.email }, admin.accessToken);
    expect(admins.users.find((u) => u.uid === admin.sub)).toMatchObject({ status: 'active', isAdmin: true });

    // The admin has no Gmail in Integraciones here: the approval stands, the e-mail is not sent.
    await expect(callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken)).resolves.toEqual({ uid: owner.sub, status: 'active', mail: 'not-configured' });

    const after = await callOk<{ users: UserSummary[] }>(twin, 'listarUsuarios', { search: owner.email }, admin.accessToken);
    expect(after.users.find((u) => u.uid === owner.sub)?.status).toBe('active');
    const { profile } = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', {}, owner.accessToken);
    expect(profile.status).toBe('active');
  });

  it('an active owner saves a theme that is remembered in the profile', async () => {
    await expect(callOk(twin, 'guardarTema', { theme: 'sunset' }, owner.accessToken)).resolves.toEqual({ theme: 'sunset' });
    const { profile } = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', null, owner.accessToken);
    expect(profile.theme).toBe('sunset');
  });

  it('rejects an unknown theme with a Spanish message and changes nothing', async () => {
    const { status, body } = await call(twin, 'guardarTema', { theme: 'neon' }, owner.accessToken);
    expect(status).toBe(400);
    expect(body.error?.status).toBe('INVALID_ARGUMENT');
    expect(body.error?.message).toContain('Tema no válido.');
    const { profile } = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', null, owner.accessToken);
    expect(profile.theme).toBe('sunset');
  });

  it('approving a user that does not exist is NOT_FOUND and creates nothing', async () => {
    const { status, body } = await call(twin, 'aprobarUsuario', { uid: 'no-such-user' }, admin.accessToken);
    expect(status).toBe(404);
    expect(body.error).toEqual({ status: 'NOT_FOUND', message: MSG.userNotFound });
    const { users } = await callOk<{ users: UserSummary[] }>(twin, 'listarUsuarios', { search: 'no-such-user' }, admin.accessToken);
    expect(users.some((u) => u.uid === 'no-such-user')).toBe(false);
  });

  it('approval is idempotent', async () => {
    await expect(callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken)).resolves.toEqual({ uid: owner.sub, status: 'active', mail: 'skipped' });
  });
});
