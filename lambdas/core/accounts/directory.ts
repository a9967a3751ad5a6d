/**
 * Keeping the user directory (platform/db/entities/userDirectory.ts) in step with the profiles
 * (issue 17 item 1): the writes of a status change, committed in one transaction with the profile
 * patch (and the audit entry, when an admin acted), so the directory never shows a user under a
 * status the profile left; and the key helpers the listing shares.
 */
import { PROFILE_STATUSES, type ProfileStatus } from '@director-ia/shared';
import { userDirectory } from '../../platform/db/entities/userDirectory';
import type { CommittedWrite, DirectorEntities } from '../../platform/db/service';

/** The directory's search key of an e-mail: trimmed, lower case (searches ignore case). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Seconds since the epoch (the unit of JWT `iat` and of `tokensValidAfter`). */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** A profile as a status change needs it. */
export interface StatusSubject {
  uid: string;
  email: string;
  status: ProfileStatus;
}

/**
 * The writes moving `subject` from its status to `to`: the profile patch, conditioned on the
 * status it had when read (a concurrent change cancels the transaction: operation 0 fails its
 * condition), with `set` (e.g. `tokensValidAfter`); the old directory entry's delete; the new one's put.
 */
export function statusChangeWrites(
  entities: DirectorEntities,
  subject: StatusSubject,
  to: ProfileStatus,
  set: { tokensValidAfter?: number; isAdmin?: boolean } = {},
): CommittedWrite[] {
  const key = emailKey(subject.email);
  return [
    entities.profile
      .patch({ uid: subject.uid })
      .set({ status: to, ...set })
      .where((attributes, { eq }) => eq(attributes.status, subject.status))
      .commit(),
    entities.userDirectory.delete({ status: subject.status, emailKey: key, uid: subject.uid }).commit(),
    entities.userDirectory.put({ status: to, emailKey: key, uid: subject.uid }).commit(),
  ];
}

/**
 * Deletes `uid`'s directory entry under every status (account deletion, issue 17 item 2): the
 * entry's key needs the e-mail, which only the profile holds. Idempotent.
 */
export async function removeDirectoryEntries(uid: string, email: string): Promise<void> {
  const key = emailKey(email);
  await Promise.all(PROFILE_STATUSES.map((status) => userDirectory().delete({ status, emailKey: key, uid }).go()));
}
