/**
 * Account lifecycle (spec sections 3, 4, 6): the pending profile written at sign-up (with its user
 * directory entry, issue 17), the profile read (which mirrors admin-group membership), the
 * account state the access middleware checks on every call, the theme preference. The admin
 * panel's listing and actions live in ./admin.ts.
 */
import type { Profile } from '@director-ia/shared';
import { profiles } from '../../platform/db/entities/profile';
import { TransactionCancelled } from '../../platform/db/errors';
import { transactWrite } from '../../platform/db/service';
import { emailKey, statusChangeWrites } from './directory';

// The caller's own account state and theme live in ./own.ts (kept light for every callable's bundle).
export { accountState, saveTheme, type AccountState, type Caller } from './own';
import type { Caller } from './own';

/**
 * Writes the pending profile of a new user and its directory entry, in one transaction; a no-op if
 * the profile exists (retried triggers). `emailVerified: false` marks a self-registered address
 * nobody proved (issue 16 finding 6); omitted, the profile carries no flag. `now` is injectable for tests.
 */
export async function createPendingProfile(uid: string, email: string, { emailVerified, now = new Date() }: { emailVerified?: boolean; now?: Date } = {}): Promise<void> {
  try {
    await transactWrite(({ profile, userDirectory }) => [
      profile.create({ uid, email, status: 'pending', isAdmin: false, createdAt: now.toISOString(), ...(emailVerified === undefined ? {} : { emailVerified }) }).commit(),
      userDirectory.put({ status: 'pending', emailKey: emailKey(email), uid }).commit(),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.conditionFailed(0)) return;
    throw error;
  }
}

/**
 * The caller's profile, or null if none exists. Admin-group membership is the source of truth
 * for `isAdmin` (architecture "Identity"); it is mirrored into the record, and admins are active
 * (a status change then also moves the directory entry).
 */
export async function readProfile(caller: Caller): Promise<Profile | null> {
  const { data } = await profiles().get({ uid: caller.sub }).go();
  if (!data) return null;
  const status = caller.isAdmin ? 'active' : data.status;
  if (data.status !== status) {
    await transactWrite((entities) => statusChangeWrites(entities, data, status, { isAdmin: caller.isAdmin })).catch((error: unknown) => {
      // Another request moved it first: what it wrote is as good.
      if (!(error instanceof TransactionCancelled && error.conditionFailed(0))) throw error;
    });
  } else if (data.isAdmin !== caller.isAdmin) {
    await profiles().patch({ uid: caller.sub }).set({ isAdmin: caller.isAdmin }).go();
  }
  const { tokensValidAfter: _hidden, ...profile } = data;
  return { ...profile, isAdmin: caller.isAdmin, status };
}
