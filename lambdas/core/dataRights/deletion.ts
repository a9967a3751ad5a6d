/**
 * "Eliminar mi cuenta" (issue 17 item 2): erasing everything of an owner, idempotent and resumable.
 *
 * - `requestDeletion(sub, username, confirmation, now)` → `{status: 'eliminando'}`. The owner
 *   confirms by typing their account's e-mail (case-insensitive; else INVALID_INPUT and nothing
 *   changes). An admin (token group or profile) is refused (FORBIDDEN): an admin account goes only
 *   after another admin revokes its rights, so the deployment never loses its last admin. Creates the AccountDeletion record (partition `accountDeletion`, outside the owner's:
 *   it survives the deletion) unless one exists, then hands `{job: 'deleteAccount', uid}` to the
 *   worker. Asking again while it runs changes nothing but queues another (harmless) run.
 * - `runDeletion(sub, now)` → 'done' | 'busy' | 'absent'. Takes the record's lease
 *   (LEASE_MS; another live run → 'busy'), then runs the steps not yet in `done`, recording each:
 *   1. `social`: every social connection disconnected (tokens revoked at the network where its API
 *      allows, Telegram's webhook deleted, inbox routes removed: core/social/disconnect.ts);
 *   2. `schedules`: each publication's one-time EventBridge schedule deleted;
 *   3. `outside`: the owner's items outside `user#<sub>`: the blog slug claim, tracked link code
 *      claims, the network rate usage partition `rateUsage#<sub>`, the lead-notice and publication
 *      digests, the admin panel's directory entry (`users#<status>`), the OAuth states the owner
 *      started and never finished (found through their references in the owner's partition); the
 *      audit entries that name the owner are redacted (kept, without the owner's uid and e-mail);
 *   4. `files`: every object (every version, in the versioned bucket) under `users/<sub>/`;
 *   5. `table`: every item of `user#<sub>` (Query + BatchWriteItem, page by page, never Scan);
 *   6. `cognito`: the Cognito user (AdminDeleteUser; already gone counts as done);
 *   then the record itself. Each step is idempotent, so a run that dies anywhere is finished by the
 *   next: Lambda's retry, the owner or an admin asking again, or the sweep (`resumeDeletions`). A
 *   step that throws logs it, releases the lease and rethrows, so that the retry resumes at once;
 *   only a run that dies without throwing (a timeout, a crash) waits for the lease to expire.
 * - `resumeDeletions(now)` → runs the unfinished deletions whose lease has expired (one Query of
 *   the `accountDeletion` partition).
 */
import { DATA_RIGHTS_MSG } from '@director-ia/shared';
import { accountDeletions, type AccountDeletionItem } from '../../platform/db/entities/accountDeletion';
import { blogSettings } from '../../platform/db/entities/blogSettings';
import { blogSlugs } from '../../platform/db/entities/blogSlug';
import { leadNoticeDigests } from '../../platform/db/entities/leadNoticeDigest';
import { oauthStateRefs } from '../../platform/db/entities/oauthStateRef';
import { profiles } from '../../platform/db/entities/profile';
import { publicationDigests } from '../../platform/db/entities/publicationDigest';
import { trackedLinks } from '../../platform/db/entities/trackedLink';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { deleteKeys, keyOf, queryPartition, type TableKey } from '../../platform/db/partition';
import { deleteUser } from '../../platform/users';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { deletePrefix } from '../../platform/storage/prefix';
import { redactAuditFor } from '../accounts/admin';
import { removeDirectoryEntries } from '../accounts/directory';
import { listAllPublications } from '../publishing/store';
import { deletePublicationSchedule } from '../publishing/schedules';
import { disconnect } from '../social/disconnect';
import { readConnections } from '../social/store';
import { userPrefix } from './export';
import { handToWorker } from './worker';

export const DELETION_STEPS = ['social', 'schedules', 'outside', 'files', 'table', 'cognito'] as const;
export type DeletionStep = (typeof DELETION_STEPS)[number];

/** How long one run holds a deletion (a run that died releases it by expiry). */
export const LEASE_MS = 5 * 60_000;

/** Starts `sub`'s account deletion after the e-mail confirmation (see the module header). */
export async function requestDeletion(sub: string, username: string | undefined, confirmation: string, now = new Date(), { isAdmin = false }: { isAdmin?: boolean } = {}): Promise<{ status: 'eliminando' }> {
  const { data: profile } = await profiles().get({ uid: sub }).go();
  const pending = await readDeletion(sub);
  if (!profile && !pending) throw new NotFoundError(DATA_RIGHTS_MSG.profileMissing);
  if (profile && profile.email.trim().toLowerCase() !== confirmation.trim().toLowerCase()) throw new InvalidInputError(DATA_RIGHTS_MSG.confirmationMismatch);
  // An admin's account is never deleted while it is one: the last admin would leave none (issue 17 item 1).
  if (isAdmin || profile?.isAdmin) throw new ForbiddenError(DATA_RIGHTS_MSG.adminCannotDelete);
  if (!pending) {
    try {
      await accountDeletions()
        .create({ uid: sub, ...(username ? { username } : {}), done: [], leaseUntil: 0, attempts: 0, requestedAt: now.toISOString(), updatedAt: now.toISOString() })
        .go();
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  await handToWorker({ job: 'deleteAccount', uid: sub });
  return { status: 'eliminando' };
}

async function readDeletion(sub: string): Promise<AccountDeletionItem | null> {
  const { data } = await accountDeletions().get({ uid: sub }).go({ consistent: true });
  return data ?? null;
}

/** Takes the lease of `sub`'s deletion; null when absent or held by a live run. */
async function takeLease(sub: string, now: Date): Promise<AccountDeletionItem | null> {
  try {
    const { data } = await accountDeletions()
      .patch({ uid: sub })
      .set({ leaseUntil: now.getTime() + LEASE_MS, updatedAt: now.toISOString() })
      .add({ attempts: 1 })
      .where(({ leaseUntil }, { lt }) => lt(leaseUntil, now.getTime()))
      .go({ response: 'all_new' });
    return data as AccountDeletionItem;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
}

/**
 * Ends this run's hold on `sub`'s deletion (the next run may start at once): only while the lease
 * is still the one it took (`heldUntil`), so a run that outlived its lease never frees another's.
 */
async function releaseLease(sub: string, heldUntil: number): Promise<void> {
  try {
    await accountDeletions()
      .patch({ uid: sub })
      .set({ leaseUntil: 0 })
      .where(({ leaseUntil }, { eq }) => eq(leaseUntil, heldUntil))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

async function markDone(sub: string, step: DeletionStep, now: Date): Promise<void> {
  await accountDeletions().patch({ uid: sub }).append({ done: [step] }).set({ updatedAt: now.toISOString() }).go();
}

/** Every key of partition `pk`, page by page (deleting as it goes, so each Query starts over). */
async function emptyPartition(pk: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const { items } = await queryPartition(pk, { limit: 500 });
    if (items.length === 0) return removed;
    await deleteKeys(items.map(keyOf));
    removed += items.length;
  }
}

async function revokeSocial(sub: string): Promise<void> {
  for (const connection of await readConnections(sub)) {
    if (connection.state === 'desconectada') continue;
    await disconnect(sub, connection.network);
  }
}

async function deleteSchedules(sub: string): Promise<void> {
  for (const publication of await listAllPublications(sub)) await deletePublicationSchedule(publication.id);
}

async function deleteOutside(sub: string): Promise<void> {
  const keys: TableKey[] = [];
  const { data: blog } = await blogSettings().get({ uid: sub }).go();
  if (blog?.slug) {
    const { data: claim } = await blogSlugs().get({ slug: blog.slug }).go();
    if (claim?.ownerSub === sub) await blogSlugs().delete({ slug: blog.slug }).go();
  }
  const { data: links } = await trackedLinks().query.byUser({ uid: sub }).go({ pages: 'all' });
  for (const link of links) keys.push({ pk: `linkcode#${link.code}`, sk: 'claim' });
  // OAuth states the owner started and never finished, found through their references.
  const { data: states } = await oauthStateRefs().query.byUser({ uid: sub }).go({ pages: 'all' });
  for (const state of states) keys.push({ pk: `oauthState#${state.stateHash}`, sk: 'oauthState' });
  await deleteKeys(keys);
  await emptyPartition(`rateUsage#${sub}`);
  await leadNoticeDigests().delete({ owner: sub }).go();
  await publicationDigests().delete({ owner: sub }).go();
  // The admin panel's directory entry (`users#<status>`, issue 17 item 1): read before the table
  // step deletes the profile, every status (a status change racing the deletion leaves no orphan).
  const { data: profile } = await profiles().get({ uid: sub }).go();
  if (profile) await removeDirectoryEntries(sub, profile.email);
  // The admin audit log keeps each action but no longer names the owner (core/accounts/admin.ts).
  await redactAuditFor(sub);
}

const STEPS: Record<DeletionStep, (sub: string, record: AccountDeletionItem) => Promise<unknown>> = {
  social: revokeSocial,
  schedules: deleteSchedules,
  outside: deleteOutside,
  files: (sub) => deletePrefix(userPrefix(sub)),
  table: (sub) => emptyPartition(`user#${sub}`),
  cognito: (sub, record) => deleteUser(record.username ?? sub),
};

/** Runs (or resumes) `sub`'s deletion (see the module header). */
export async function runDeletion(sub: string, now = new Date()): Promise<'done' | 'busy' | 'absent'> {
  if (!(await readDeletion(sub))) return 'absent';
  const record = await takeLease(sub, now);
  if (!record) return 'busy';
  for (const step of DELETION_STEPS) {
    if (record.done.includes(step)) continue;
    try {
      await STEPS[step](sub, record);
    } catch (error) {
      // Hand the lease back so that Lambda's retries (and the next sweep) resume at once instead
      // of answering 'busy' until it expires; the error still fails this run.
      logger.error('Account deletion step failed; the lease is released for the retry', { step, error: error as Error });
      await releaseLease(sub, record.leaseUntil).catch(() => undefined);
      throw error;
    }
    await markDone(sub, step, new Date());
    logger.info('Account deletion step done', { step });
  }
  await accountDeletions().delete({ uid: sub }).go();
  return 'done';
}

/** Resumes every unfinished deletion whose lease expired (see the module header). */
export async function resumeDeletions(now = new Date()): Promise<{ resumed: number; failed: number }> {
  const { data } = await accountDeletions().query.byOwner({}).go({ pages: 'all' });
  let resumed = 0;
  let failed = 0;
  for (const record of data) {
    if (record.leaseUntil >= now.getTime()) continue;
    try {
      if ((await runDeletion(record.uid, now)) === 'done') resumed++;
    } catch (error) {
      failed++;
      logger.error('Resuming an account deletion failed; the next sweep retries', { error: error as Error });
    }
  }
  return { resumed, failed };
}
