/**
 * The admin panel's core (lambdas/core/accounts/admin.ts; issue 17 item 1) against the unit run's
 * DynamoDB Local: status changes move the user directory entry and write one audit entry in the
 * same transaction, are idempotent and refuse what does not apply; the listing pages through a
 * status and an e-mail prefix with Queries; cursors of another query are refused; the admin lock
 * lets one admin change through at a time. (Cognito's admins group is exercised against the twin:
 * test/integration/admin.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@director-ia/shared';
import { useDomainEnv } from '../../../../support/domain-env';

await useDomainEnv();
const { approveUser, changeStatus, countUsers, decodeCursor, encodeCursor, listAudit, listUsers, PAGE_SIZE, resetDirectoryCheck, withAdminLock } = await import('../../../../../lambdas/core/accounts/admin');
const { accountState, createPendingProfile, readProfile } = await import('../../../../../lambdas/core/accounts/profiles');
const { userDirectory } = await import('../../../../../lambdas/platform/db/entities/userDirectory');
const { profiles } = await import('../../../../../lambdas/platform/db/entities/profile');
const { migrationMarks } = await import('../../../../../lambdas/platform/db/entities/migrationMark');
const { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } = await import('../../../../../lambdas/platform/errors');

const admin = { sub: `admin-${randomUUID()}`, isAdmin: true };

/** A new pending user whose e-mail starts with `prefix`. */
async function newUser(prefix: string, at = new Date()): Promise<{ uid: string; email: string }> {
  const uid = randomUUID();
  const email = `${prefix}-${randomUUID().slice(0, 6)}@Example.es`;
  await createPendingProfile(uid, email, { now: at });
  return { uid, email };
}

async function directoryOf(uid: string, email: string) {
  const key = email.toLowerCase();
  const found = [];
  for (const status of ['pending', 'active', 'suspended', 'rejected'] as const) {
    const { data } = await userDirectory().get({ status, emailKey: key, uid }).go();
    if (data) found.push(status);
  }
  return found;
}

beforeAll(async () => {
  await createPendingProfile(admin.sub, `admin-${randomUUID().slice(0, 6)}@example.es`);
  await readProfile(admin);
});

describe('status changes', () => {
  it('approve moves the directory entry and writes one audit entry naming who, what and whom', async () => {
    const user = await newUser('aprob');
    expect(await directoryOf(user.uid, user.email)).toEqual(['pending']);
    // No Gmail in Integraciones for this admin: the approval stands, the e-mail is not sent.
    await expect(approveUser(admin, user.uid)).resolves.toEqual({ uid: user.uid, status: 'active', mail: 'not-configured' });
    expect(await directoryOf(user.uid, user.email)).toEqual(['active']);
    const { entries } = await listAudit();
    const entry = entries.find((e) => e.targetUid === user.uid);
    expect(entry).toMatchObject({ action: 'approve', actorUid: admin.sub, targetEmail: user.email });
    expect(entry?.actorEmail).toMatch(/^admin-/);
    // Again: nothing changes, no e-mail, no second entry.
    await expect(approveUser(admin, user.uid)).resolves.toMatchObject({ mail: 'skipped' });
    expect((await listAudit()).entries.filter((e) => e.targetUid === user.uid)).toHaveLength(1);
  });

  it('suspend sets tokensValidAfter; reactivate lets the user back; each is idempotent', async () => {
    const user = await newUser('susp');
    await approveUser(admin, user.uid);
    const before = Math.floor(Date.now() / 1000);
    await expect(changeStatus(admin, user.uid, 'suspend')).resolves.toMatchObject({ changed: true });
    await expect(changeStatus(admin, user.uid, 'suspend')).resolves.toMatchObject({ changed: false });
    const state = await accountState({ sub: user.uid, isAdmin: false });
    expect(state.status).toBe('suspended');
    expect(state.tokensValidAfter).toBeGreaterThanOrEqual(before);
    expect(await directoryOf(user.uid, user.email)).toEqual(['suspended']);
    await changeStatus(admin, user.uid, 'reactivate');
    expect((await accountState({ sub: user.uid, isAdmin: false })).status).toBe('active');
    expect(await directoryOf(user.uid, user.email)).toEqual(['active']);
    const actions = (await listAudit()).entries.filter((e) => e.targetUid === user.uid).map((e) => e.action);
    expect(actions).toEqual(['reactivate', 'suspend', 'approve']);
  });

  it('refuses what does not apply, oneself, admins and unknown users, changing nothing', async () => {
    const user = await newUser('rules');
    await expect(changeStatus(admin, user.uid, 'suspend')).rejects.toThrow(new ConflictError(MSG.suspendOnlyActive));
    await expect(changeStatus(admin, user.uid, 'reactivate')).rejects.toThrow(new ConflictError(MSG.reactivateOnlyRefused));
    await changeStatus(admin, user.uid, 'reject');
    await expect(approveUser(admin, user.uid)).rejects.toThrow(new ConflictError(MSG.approveOnlyPending));
    await expect(changeStatus(admin, admin.sub, 'suspend')).rejects.toThrow(new ForbiddenError(MSG.notOnYourself));
    const other = await newUser('otheradmin');
    await approveUser(admin, other.uid);
    await profiles().patch({ uid: other.uid }).set({ isAdmin: true }).go();
    await expect(changeStatus(admin, other.uid, 'suspend')).rejects.toThrow(new ForbiddenError(MSG.notForAdmins));
    await expect(changeStatus(admin, 'no-such-user', 'reject')).rejects.toThrow(NotFoundError);
    expect((await accountState({ sub: user.uid, isAdmin: false })).status).toBe('rejected');
    expect(await directoryOf(user.uid, user.email)).toEqual(['rejected']);
  });

  it('two admins racing on one user: one wins, the other is told the account changed', async () => {
    const user = await newUser('race');
    const results = await Promise.allSettled([changeStatus(admin, user.uid, 'reject'), approveUser(admin, user.uid)]);
    const failed = results.filter((r) => r.status === 'rejected');
    // Either both read 'pending' and one transaction lost its condition, or the second read the first's result.
    for (const failure of failed) expect((failure as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    expect(await directoryOf(user.uid, user.email)).toHaveLength(1);
  });
});

describe('listing', () => {
  const prefix = `pag${randomUUID().slice(0, 8)}`;
  const users: { uid: string; email: string }[] = [];

  beforeAll(async () => {
    for (let i = 0; i < PAGE_SIZE + 5; i++) users.push(await newUser(`${prefix}-${String(i).padStart(2, '0')}`));
    for (const user of users.slice(0, 3)) await approveUser(admin, user.uid);
  });

  it('pages through an e-mail prefix (case-insensitive) in e-mail order, every user once', async () => {
    const first = await listUsers({ search: prefix.toUpperCase() });
    expect(first.users).toHaveLength(PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await listUsers({ search: prefix, cursor: first.nextCursor ?? undefined });
    const seen = [...first.users, ...second.users].map((u) => u.uid);
    expect(new Set(seen).size).toBe(users.length);
    expect(seen.sort()).toEqual(users.map((u) => u.uid).sort());
    const emails = first.users.map((u) => u.email.toLowerCase());
    expect(emails).toEqual([...emails].sort());
  });

  it('filters by status together with the prefix', async () => {
    const active = await listUsers({ status: 'active', search: prefix });
    expect(active.users.map((u) => u.uid).sort()).toEqual(users.slice(0, 3).map((u) => u.uid).sort());
    expect(active.nextCursor).toBeNull();
    const pending = await listUsers({ status: 'pending', search: prefix });
    expect(pending.users.every((u) => u.status === 'pending')).toBe(true);
    expect(pending.users).toHaveLength(PAGE_SIZE);
  });

  it('counts users per status (the counts move with a status change)', async () => {
    const before = await countUsers();
    const user = await newUser('count');
    const afterSignUp = await countUsers();
    expect(afterSignUp.pending).toBeGreaterThanOrEqual(before.pending + 1);
    await changeStatus(admin, user.uid, 'reject');
    const afterReject = await countUsers();
    expect(afterReject.rejected).toBeGreaterThanOrEqual(before.rejected + 1);
  });

  it('refuses a cursor of another query, or garbage, as invalid input', async () => {
    const first = await listUsers({ search: prefix });
    await expect(listUsers({ search: `${prefix}-0`, cursor: first.nextCursor ?? undefined })).rejects.toThrow(new InvalidInputError(MSG.invalidCursor));
    await expect(listUsers({ search: prefix, cursor: 'no-es-un-cursor' })).rejects.toThrow(InvalidInputError);
    expect(() => decodeCursor('a', encodeCursor('b', 'x') ?? undefined)).toThrow(InvalidInputError);
    expect(decodeCursor('a', encodeCursor('a', 'x') ?? undefined)).toBe('x');
  });

  it('fills the directory once from profiles written before it existed', async () => {
    await listUsers({ search: 'nadie' }); // the directory is ready (marked) before the old profile appears
    const uid = randomUUID();
    const email = `legado-${uid.slice(0, 6)}@example.es`;
    // A profile as issue 16 wrote it: no directory entry.
    await profiles().create({ uid, email, status: 'active', isAdmin: false, createdAt: new Date().toISOString() }).go();
    expect((await listUsers({ search: email })).users).toEqual([]);
    await migrationMarks().delete({ name: 'userDirectory' }).go();
    resetDirectoryCheck();
    expect((await listUsers({ search: email })).users.map((u) => u.uid)).toEqual([uid]);
    expect((await listUsers({ status: 'active', search: email })).users.map((u) => u.uid)).toEqual([uid]);
    expect(await directoryOf(uid, email)).toEqual(['active']);
  });

  it('lists everyone newest first without a filter', async () => {
    const { users: page } = await listUsers();
    const dates = page.map((u) => u.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('the admin lock', () => {
  it('lets one admin change through at a time, and frees itself after', async () => {
    let release!: () => void;
    const held = withAdminLock(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(withAdminLock(async () => 'second')).rejects.toThrow(new ConflictError(MSG.adminChangeBusy));
    release();
    await held;
    await expect(withAdminLock(async () => 'third')).resolves.toBe('third');
  });

  it('is taken over once its holder\'s lease expired', async () => {
    let release!: () => void;
    const held = withAdminLock(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(withAdminLock(async () => 'later', () => Date.now() + 60_000)).resolves.toBe('later');
    release();
    await held;
  });
});
