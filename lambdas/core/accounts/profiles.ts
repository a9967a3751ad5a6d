/**
 * Account lifecycle (spec sections 3, 4, 6): the pending profile written at sign-up, the profile
 * read (which mirrors admin-group membership), admin listing and approval, the theme preference.
 */
import { MSG, type Profile, type ThemeId, type UserSummary } from '@director-ia/shared';
import { profiles } from '../../platform/db/entities/profile';
// Aliased so the error-throwing line that uses it stays as it was (issue 11 merges).
import { isConditionalCheckFailure as isConditionalFailure } from '../../platform/db/errors';
import { NotFoundError } from '../../platform/errors';

/** Who is calling, from verified token claims only. */
export interface Caller {
  sub: string;
  isAdmin: boolean;
}

/**
 * Writes the pending profile of a new user; a no-op if one exists (retried triggers).
 * `emailVerified: false` marks a self-registered address nobody proved (issue 16 finding 6);
 * omitted, the profile carries no flag. `now` is injectable for tests.
 */
export async function createPendingProfile(uid: string, email: string, { emailVerified, now = new Date() }: { emailVerified?: boolean; now?: Date } = {}): Promise<void> {
  await profiles()
    .create({ uid, email, status: 'pending', isAdmin: false, createdAt: now.toISOString(), ...(emailVerified === undefined ? {} : { emailVerified }) })
    .go()
    .catch((error: unknown) => {
      if (isConditionalFailure(error)) return;
      throw error;
    });
}

/**
 * The caller's profile, or null if none exists. Admin-group membership is the source of truth
 * for `isAdmin` (architecture "Identity"); it is mirrored into the record, and admins are active.
 */
export async function readProfile(caller: Caller): Promise<Profile | null> {
  const { data } = await profiles().get({ uid: caller.sub }).go();
  if (!data) return null;
  const status = caller.isAdmin ? 'active' : data.status;
  if (data.isAdmin !== caller.isAdmin || data.status !== status) {
    await profiles().patch({ uid: caller.sub }).set({ isAdmin: caller.isAdmin, status }).go();
  }
  return { ...data, isAdmin: caller.isAdmin, status };
}

/** Whether the caller may use owner features: an active profile, or an admin. */
export async function isActive(caller: Caller): Promise<boolean> {
  if (caller.isAdmin) return true;
  const { data } = await profiles().get({ uid: caller.sub }).go({ attributes: ['status'] });
  return data?.status === 'active';
}

/** Every user, newest first, for the admin panel (GSI1 query; never a Scan). */
export async function listUsers(): Promise<UserSummary[]> {
  const { data } = await profiles().query.allProfiles({}).go({ pages: 'all', order: 'desc' });
  return data.map(({ uid, email, status, isAdmin, createdAt, emailVerified }) => ({ uid, email, status, isAdmin, createdAt, ...(emailVerified === undefined ? {} : { emailVerified }) }));
}

/** Sets a user's status to active. Idempotent. Throws NotFoundError if the user has no profile. */
export async function approveUser(uid: string): Promise<{ uid: string; status: 'active' }> {
  try {
    await profiles().patch({ uid }).set({ status: 'active' }).go();
  } catch (error) {
    if (isConditionalFailure(error)) throw new NotFoundError(MSG.userNotFound);
    throw error;
  }
  return { uid, status: 'active' };
}

/** Remembers the caller's background theme (spec section 2 side panel). */
export async function saveTheme(caller: Caller, theme: ThemeId): Promise<{ theme: ThemeId }> {
  await profiles().patch({ uid: caller.sub }).set({ theme }).go();
  return { theme };
}
