/**
 * Admin rights (lambdas/core/accounts/admin.ts grantAdmin / revokeAdmin; issue 17 item 1) with the
 * Cognito door (lambdas/platform/users) replaced by an in-memory admins group, so the rules are
 * seen whatever the group holds, including states the API cannot reach (the group changed in the
 * Cognito console): never oneself, never the last admin, only a caller still in the group, only
 * active users, idempotent; the profile mirrors the group and the audit log records each change.
 * The real group is exercised against the twin in test/integration/admin.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@director-ia/shared';
import { useDomainEnv } from '../../../../../support/domain-env';

const group = new Set<string>();
const signedOut: string[] = [];
vi.mock('../../../../../../lambdas/platform/users', () => ({
  adminSubs: async () => [...group],
  addToAdmins: async (sub: string) => void group.add(sub),
  removeFromAdmins: async (sub: string) => void group.delete(sub),
  signOutEverywhere: async (sub: string) => void signedOut.push(sub),
}));

await useDomainEnv();
const { approveUser, grantAdmin, listAudit, revokeAdmin } = await import('../../../../../../lambdas/core/accounts/admin');
const { accountState, createPendingProfile } = await import('../../../../../../lambdas/core/accounts/profiles');
const { profiles } = await import('../../../../../../lambdas/platform/db/entities/profile');
const { ConflictError, ForbiddenError } = await import('../../../../../../lambdas/platform/errors');

async function activeUser(approver: { sub: string; isAdmin: boolean }) {
  const uid = randomUUID();
  await createPendingProfile(uid, `rights-${uid.slice(0, 6)}@example.es`);
  await approveUser(approver, uid);
  return { sub: uid, isAdmin: true };
}

let admin: { sub: string; isAdmin: boolean };

beforeEach(async () => {
  group.clear();
  admin = { sub: randomUUID(), isAdmin: true };
  await createPendingProfile(admin.sub, `rights-admin-${admin.sub.slice(0, 6)}@example.es`);
  group.add(admin.sub);
});

describe('admin rights', () => {
  it('grants an active user, mirrors it in the profile, audits it; again is a no-op', async () => {
    const user = await activeUser(admin);
    await expect(grantAdmin(admin, user.sub)).resolves.toEqual({ uid: user.sub, isAdmin: true });
    expect(group.has(user.sub)).toBe(true);
    expect((await profiles().get({ uid: user.sub }).go()).data?.isAdmin).toBe(true);
    await grantAdmin(admin, user.sub);
    expect((await listAudit()).entries.filter((e) => e.targetUid === user.sub).map((e) => e.action)).toEqual(['grantAdmin', 'approve']);
  });

  it('refuses to grant a pending user', async () => {
    const uid = randomUUID();
    await createPendingProfile(uid, `rights-p-${uid.slice(0, 6)}@example.es`);
    await expect(grantAdmin(admin, uid)).rejects.toThrow(new ConflictError(MSG.grantOnlyActive));
    expect(group.has(uid)).toBe(false);
  });

  it('revokes another admin: group, mirror, tokensValidAfter, global sign-out, audit', async () => {
    const other = await activeUser(admin);
    await grantAdmin(admin, other.sub);
    await expect(revokeAdmin(admin, other.sub)).resolves.toEqual({ uid: other.sub, isAdmin: false });
    expect(group.has(other.sub)).toBe(false);
    expect((await profiles().get({ uid: other.sub }).go()).data?.isAdmin).toBe(false);
    expect((await accountState({ sub: other.sub, isAdmin: false })).tokensValidAfter).toBeGreaterThan(0);
    expect(signedOut).toContain(other.sub);
    await expect(revokeAdmin(admin, other.sub)).resolves.toEqual({ uid: other.sub, isAdmin: false });
  });

  it('never on oneself', async () => {
    await expect(revokeAdmin(admin, admin.sub)).rejects.toThrow(new ForbiddenError(MSG.notOnYourself));
    expect(group.has(admin.sub)).toBe(true);
  });

  it('never the last admin, even for a caller whose token still claims the group', async () => {
    const other = await activeUser(admin);
    await grantAdmin(admin, other.sub);
    // The caller was taken out of the group in the Cognito console; their token still says admin.
    group.delete(admin.sub);
    await expect(revokeAdmin(admin, other.sub)).rejects.toThrow(new ConflictError(MSG.lastAdmin));
    expect([...group]).toEqual([other.sub]);
  });

  it('refuses a caller no longer in the group', async () => {
    const [b, c] = [await activeUser(admin), await activeUser(admin)];
    await grantAdmin(admin, b.sub);
    await grantAdmin(admin, c.sub);
    group.delete(b.sub);
    await expect(revokeAdmin(b, c.sub)).rejects.toThrow(new ForbiddenError(MSG.adminOnly));
    await expect(grantAdmin(b, c.sub)).rejects.toThrow(new ForbiddenError(MSG.adminOnly));
    expect(group.has(c.sub)).toBe(true);
  });

  it('two admins demoting each other at once leave one admin of the two', async () => {
    const [b, c] = [await activeUser(admin), await activeUser(admin)];
    await grantAdmin(admin, b.sub);
    await grantAdmin(admin, c.sub);
    group.delete(admin.sub);
    const results = await Promise.allSettled([revokeAdmin(b, c.sub), revokeAdmin(c, b.sub)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(group.size).toBe(1);
  });
});
