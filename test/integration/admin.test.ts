/**
 * The admin panel at scale against the twin (issue 17 item 1): the synthesized functions, their
 * IAM (the AWS gateway evaluates every DynamoDB and Cognito call), cognito-local's admins group.
 * - listing pages through a status filter and an e-mail prefix (server-side Queries), with counts;
 * - a suspended or rejected user's token issued before the change is refused with the Spanish
 *   reason; after a new sign-in they read their profile but use nothing; reactivation lets them back;
 * - self-actions are refused; two admins demoting each other at once leave one of them an admin,
 *   and the group never loses its last admin (even to a token that still claims a group an
 *   operator removed it from);
 * - the approval e-mail reaches the twin's mail catcher through the approving admin's Gmail;
 * - the audit log lists each action with who, what and whom.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG, type AuditEntry, type Profile, type UserCounts, type UserSummary } from '@director-ia/shared';
import { readMessage } from '../../infra/local/mail';
import { call, callOk } from '../support/api';
import { AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ADMINS_GROUP } from '@director-ia/shared';
import { cognitoConsole, registerUser, signIn, signInAdmin, signUpUsers, type TestUser } from '../support/cognito';

const twin = inject('twin');

type Page = { users: UserSummary[]; nextCursor: string | null; counts: UserCounts };

/** Waits past the current second: tokens issued from now on are newer than a `tokensValidAfter` set before. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

let admin: TestUser;

beforeAll(async () => {
  admin = await signInAdmin(twin);
});

describe('listing at scale', () => {
  const prefix = `lista${Date.now().toString(36)}`;
  let users: { email: string; sub: string }[];

  beforeAll(async () => {
    users = await signUpUsers(twin, prefix, 23);
    for (const user of users.slice(0, 2)) await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
  });

  it('pages through an e-mail prefix across pages, each user once, with counts per status', async () => {
    const first = await callOk<Page>(twin, 'listarUsuarios', { search: prefix }, admin.accessToken);
    expect(first.users).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.counts.pending).toBeGreaterThanOrEqual(21);
    expect(first.counts.active).toBeGreaterThanOrEqual(2);
    const second = await callOk<Page>(twin, 'listarUsuarios', { search: prefix, cursor: first.nextCursor }, admin.accessToken);
    const seen = [...first.users, ...second.users].map((u) => u.uid);
    expect(seen.sort()).toEqual(users.map((u) => u.sub).sort());
  });

  it('filters the pending ones of the prefix, across pages', async () => {
    const first = await callOk<Page>(twin, 'listarUsuarios', { status: 'pending', search: prefix.toUpperCase() }, admin.accessToken);
    expect(first.users).toHaveLength(20);
    const second = await callOk<Page>(twin, 'listarUsuarios', { status: 'pending', search: prefix, cursor: first.nextCursor }, admin.accessToken);
    expect(second.users).toHaveLength(1);
    expect([...first.users, ...second.users].every((u) => u.status === 'pending')).toBe(true);
    const active = await callOk<Page>(twin, 'listarUsuarios', { status: 'active', search: prefix }, admin.accessToken);
    expect(active.users.map((u) => u.uid).sort()).toEqual(users.slice(0, 2).map((u) => u.sub).sort());
  });

  it('refuses a cursor of another listing with a Spanish message', async () => {
    const first = await callOk<Page>(twin, 'listarUsuarios', { search: prefix }, admin.accessToken);
    const { status, body } = await call(twin, 'listarUsuarios', { status: 'active', cursor: first.nextCursor }, admin.accessToken);
    expect(status).toBe(400);
    expect(body.error).toEqual({ status: 'INVALID_ARGUMENT', message: MSG.invalidCursor });
  });
});

describe('suspended and rejected accounts', () => {
  it('a suspended user\'s token issued before the suspension is refused with the reason; reactivated, they sign in again', async () => {
    const user = await registerUser(twin, 'suspendida');
    await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
    await callOk(twin, 'guardarTema', { theme: 'sea' }, user.accessToken);
    await nextSecond();
    await expect(callOk(twin, 'suspenderUsuario', { uid: user.sub }, admin.accessToken)).resolves.toEqual({ uid: user.sub, status: 'suspended' });

    for (const name of ['guardarTema', 'obtenerPerfil'] as const) {
      const { status, body } = await call(twin, name, name === 'guardarTema' ? { theme: 'wine' } : null, user.accessToken);
      expect(status).toBe(401);
      expect(body.error).toEqual({ status: 'UNAUTHENTICATED', message: MSG.accountSuspended });
    }

    await nextSecond();
    const fresh = await signIn(twin, user.email, user.password);
    const { profile } = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', null, fresh);
    expect(profile.status).toBe('suspended');
    const refused = await call(twin, 'guardarTema', { theme: 'wine' }, fresh);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ status: 'PERMISSION_DENIED', message: MSG.accountSuspended });

    await expect(callOk(twin, 'reactivarUsuario', { uid: user.sub }, admin.accessToken)).resolves.toEqual({ uid: user.sub, status: 'active' });
    await expect(callOk(twin, 'guardarTema', { theme: 'wine' }, fresh)).resolves.toEqual({ theme: 'wine' });
    // The token from before the suspension stays refused.
    expect((await call(twin, 'obtenerPerfil', null, user.accessToken)).status).toBe(401);
  });

  it('a rejected user\'s token is refused with the rejection reason', async () => {
    const user = await registerUser(twin, 'rechazada');
    await nextSecond();
    await expect(callOk(twin, 'rechazarUsuario', { uid: user.sub }, admin.accessToken)).resolves.toEqual({ uid: user.sub, status: 'rejected' });
    const { status, body } = await call(twin, 'obtenerPerfil', null, user.accessToken);
    expect(status).toBe(401);
    expect(body.error).toEqual({ status: 'UNAUTHENTICATED', message: MSG.accountRejected });
    // Idempotent; and a rejected account is not suspended.
    await expect(callOk(twin, 'rechazarUsuario', { uid: user.sub }, admin.accessToken)).resolves.toEqual({ uid: user.sub, status: 'rejected' });
    const wrong = await call(twin, 'suspenderUsuario', { uid: user.sub }, admin.accessToken);
    expect(wrong.status).toBe(409);
    expect(wrong.body.error?.message).toBe(MSG.suspendOnlyActive);
  });
});

describe('admin rights', () => {
  it('refuses actions on oneself', async () => {
    for (const name of ['suspenderUsuario', 'rechazarUsuario', 'retirarAdmin'] as const) {
      const { status, body } = await call(twin, name, { uid: admin.sub }, admin.accessToken);
      expect(status).toBe(403);
      expect(body.error).toEqual({ status: 'PERMISSION_DENIED', message: MSG.notOnYourself });
    }
    const { profile } = await callOk<{ profile: Profile }>(twin, 'obtenerPerfil', null, admin.accessToken);
    expect(profile).toMatchObject({ isAdmin: true, status: 'active' });
  });

  it('grants admin through the Cognito group; two admins demoting each other at once leave one of them', async () => {
    const [b, c] = await Promise.all([registerUser(twin, 'admin-b'), registerUser(twin, 'admin-c')]);
    for (const user of [b, c]) {
      await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
      await expect(callOk(twin, 'concederAdmin', { uid: user.sub }, admin.accessToken)).resolves.toEqual({ uid: user.sub, isAdmin: true });
    }
    // A new sign-in carries the group: the new admins may use the admin panel.
    const [bToken, cToken] = [await signIn(twin, b.email, b.password), await signIn(twin, c.email, c.password)];
    await callOk(twin, 'listarUsuarios', null, bToken);

    const results = await Promise.all([call(twin, 'retirarAdmin', { uid: c.sub }, bToken), call(twin, 'retirarAdmin', { uid: b.sub }, cToken)]);
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    // The other: the lock was busy (409), or its token was revoked by the winner (401), or it was no longer an admin (403).
    const lost = results.find((r) => r.status !== 200);
    expect([401, 403, 409]).toContain(lost?.status);

    const flags = await Promise.all([b, c].map(async (u) => (await callOk<Page>(twin, 'listarUsuarios', { search: u.email }, admin.accessToken)).users[0]?.isAdmin));
    expect(flags.filter(Boolean)).toHaveLength(1);
    // Clean up: the first admin takes the rights back from whoever kept them.
    for (const user of [b, c]) await callOk(twin, 'retirarAdmin', { uid: user.sub }, admin.accessToken);
    // The last admin standing is the twin's first one: it cannot remove itself.
    expect((await call(twin, 'retirarAdmin', { uid: admin.sub }, admin.accessToken)).status).toBe(403);
  });

  it('the last admin cannot be demoted, even by a token that still claims the group after an operator removed it', async () => {
    const cognito = cognitoConsole(twin);
    const members = async () => ((await cognito.send(new ListUsersInGroupCommand({ UserPoolId: twin.userPoolId, GroupName: ADMINS_GROUP }))).Users ?? []).map((u) => u.Attributes?.find((a) => a.Name === 'sub')?.Value ?? u.Username ?? '');
    const user = await registerUser(twin, 'admin-e');
    await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
    await callOk(twin, 'concederAdmin', { uid: user.sub }, admin.accessToken);
    const token = await signIn(twin, user.email, user.password);
    // The operator takes the group from the new admin in the Cognito console (its token still says
    // admins), and other tests' admins are set aside for the moment: the first admin is the last member.
    const others = (await members()).filter((sub) => sub !== admin.sub);
    const setAside = async (sub: string, back: boolean) =>
      cognito.send(back ? new AdminAddUserToGroupCommand({ UserPoolId: twin.userPoolId, Username: sub, GroupName: ADMINS_GROUP }) : new AdminRemoveUserFromGroupCommand({ UserPoolId: twin.userPoolId, Username: sub, GroupName: ADMINS_GROUP }));
    for (const sub of others) await setAside(sub, false);
    try {
      expect(await members()).toEqual([admin.sub]);
      const { status, body } = await call(twin, 'retirarAdmin', { uid: admin.sub }, token);
      expect(status).toBe(409);
      expect(body.error).toEqual({ status: 'ABORTED', message: MSG.lastAdmin });
      expect(await members()).toEqual([admin.sub]);
      await callOk(twin, 'listarUsuarios', null, admin.accessToken);
    } finally {
      for (const sub of others.filter((sub) => sub !== user.sub)) await setAside(sub, true);
    }
    // The app catches up with the console: the profile's mirror follows the group.
    await expect(callOk(twin, 'retirarAdmin', { uid: user.sub }, admin.accessToken)).resolves.toEqual({ uid: user.sub, isAdmin: false });
  });

  it('a demoted admin\'s token stops working at once', async () => {
    const user = await registerUser(twin, 'admin-d');
    await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
    await callOk(twin, 'concederAdmin', { uid: user.sub }, admin.accessToken);
    const token = await signIn(twin, user.email, user.password);
    await callOk(twin, 'listarAuditoria', null, token);
    await nextSecond();
    await callOk(twin, 'retirarAdmin', { uid: user.sub }, admin.accessToken);
    const { status, body } = await call(twin, 'listarUsuarios', null, token);
    expect(status).toBe(401);
    expect(body.error).toEqual({ status: 'UNAUTHENTICATED', message: MSG.sessionRevoked });
  });
});

describe('approval e-mail and audit log', () => {
  it('e-mails the approved user through the approving admin\'s Gmail (the twin\'s mail catcher)', async () => {
    // A second admin with Gmail in Integraciones (the first admin stays without, for other tests).
    const approver = await registerUser(twin, 'aprobadora');
    await callOk(twin, 'aprobarUsuario', { uid: approver.sub }, admin.accessToken);
    await callOk(twin, 'concederAdmin', { uid: approver.sub }, admin.accessToken);
    const token = await signIn(twin, approver.email, approver.password);
    await callOk(twin, 'guardarIntegraciones', { gmailAddress: 'aprobaciones.marca@gmail.com', gmailAppPassword: 'abcd efgh ijkl mnop' }, token);

    const user = await registerUser(twin, 'aprobado');
    await expect(callOk(twin, 'aprobarUsuario', { uid: user.sub }, token)).resolves.toEqual({ uid: user.sub, status: 'active', mail: 'sent' });
    const mailDir = path.join(twin.stateDir, 'mail');
    const messages = readdirSync(mailDir).map((file) => readMessage(readFileSync(path.join(mailDir, file), 'utf8')));
    const mail = messages.find((m) => m.headers.to === `<${user.email}>`);
    expect(mail?.subject).toBe(MSG.approvalMailSubject);
    expect(mail?.headers.from).toContain('aprobaciones.marca@gmail.com');
    expect(mail?.text).toContain('ha aprobado tu cuenta');
    await callOk(twin, 'retirarAdmin', { uid: approver.sub }, admin.accessToken);
  });

  it('lists each action with who, what and whom, newest first, page by page', async () => {
    const user = await registerUser(twin, 'auditada');
    await callOk(twin, 'aprobarUsuario', { uid: user.sub }, admin.accessToken);
    await callOk(twin, 'suspenderUsuario', { uid: user.sub }, admin.accessToken);
    await callOk(twin, 'reactivarUsuario', { uid: user.sub }, admin.accessToken);
    const { entries, nextCursor } = await callOk<{ entries: AuditEntry[]; nextCursor: string | null }>(twin, 'listarAuditoria', null, admin.accessToken);
    const mine = entries.filter((e) => e.targetUid === user.sub);
    expect(mine.map((e) => e.action)).toEqual(['reactivate', 'suspend', 'approve']);
    for (const entry of mine) expect(entry).toMatchObject({ actorUid: admin.sub, actorEmail: admin.email, targetEmail: user.email });
    const times = entries.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    if (nextCursor) {
      const next = await callOk<{ entries: AuditEntry[] }>(twin, 'listarAuditoria', { cursor: nextCursor }, admin.accessToken);
      expect(next.entries.every((e) => e.at <= (times.at(-1) ?? ''))).toBe(true);
    }
  });
});
