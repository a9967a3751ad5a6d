/**
 * The admin panel at scale (spec 2/4/6; issue 17 item 1): paginated listing, search and filter
 * with Queries only, counts per status, the account actions, admin rights and the audit log.
 *
 * Listing (`listUsers({status?, search?, cursor?})` → `{users, nextCursor, counts}`), PAGE_SIZE per page:
 * - no status, no search: the profiles' GSI1 partition, newest first (as before issue 17);
 * - a status and/or an e-mail prefix: the user directory (entities/userDirectory.ts), in e-mail
 *   order: a status's partition (begins_with on the sort key for a prefix), or its GSI1 partition
 *   for a prefix over every status. Each page's profiles are then read with one BatchGet, and an
 *   entry whose profile is gone or elsewhere (a status change racing the read) is left out.
 * - `cursor` is opaque (ElectroDB's, wrapped with the query it belongs to): a cursor of another
 *   query, or garbage, is INVALID_INPUT (MSG.invalidCursor), never a DynamoDB error.
 * - counts: one `Select: COUNT` Query per status partition of the directory (platform/db/count.ts).
 *   Chosen over maintained counters: always exact (no drift to repair, nothing to backfill, no
 *   hot counter item in every transaction), and cheap at a tenant's scale (a page of the
 *   partition's keys per 1 MB; thousands of users are a few reads per status).
 * - Deployments older than the directory: the first listing backfills it from the profiles (one
 *   GSI1 Query, conditional puts) and marks the migration done.
 *
 * Actions (each idempotent: asking for the status a user already has changes nothing and writes no
 * audit entry; throws NotFoundError for an unknown user, ConflictError for a transition that does
 * not apply or a concurrent change, ForbiddenError on oneself or on an admin):
 * - `approveUser` pending → active, then e-mails the user through the approving admin's Gmail of
 *   Integraciones (the deployment has no other sender; core/notices/owner.ts `sendNoticeAs`); the
 *   result says whether the e-mail went ('sent' | 'not-configured' | 'failed' | 'skipped' when
 *   nothing changed). The approval stands whatever the e-mail's fate.
 * - `rejectUser` pending → rejected; `suspendUser` active → suspended: both set the profile's
 *   `tokensValidAfter` (the access middleware then refuses the tokens issued until now, which API
 *   Gateway would accept until they expire) and sign the user out everywhere in Cognito.
 * - `reactivateUser` suspended | rejected → active (the user signs in again).
 * Each status change is one transaction: profile (conditioned on the status read), directory
 * entries, audit entry.
 *
 * Admin rights (`grantAdmin`, `revokeAdmin`): the Cognito admins group is the source of truth
 * (platform/users), mirrored in the profile. Both run under the admin lock (entities/adminLock.ts,
 * a 30 s lease): the lock holder re-reads the group, checks that the caller still belongs to it
 * (a demoted admin's token may still claim it), refuses to remove the last member, changes the
 * group, then writes the profile mirror and the audit entry in one transaction. Two admins
 * demoting each other at once are serialized: the second sees one admin left and is refused.
 * Revoking also sets `tokensValidAfter` and signs the user out (their tokens claim the group).
 * Never on oneself for revoke (grant on oneself is a no-op: one is an admin already).
 *
 * Audit log (`listAudit({cursor?})` → `{entries, nextCursor}`): newest first, AUDIT_PAGE_SIZE per page.
 */
import { randomUUID } from 'node:crypto';
import {
  DELETED_ACCOUNT_LABEL,
  MSG,
  PROFILE_STATUSES,
  SITE_URL_ENV,
  type AuditAction,
  type AuditEntry,
  type ProfileStatus,
  type UserCounts,
  type UserSummary,
} from '@director-ia/shared';
import { adminLocks } from '../../platform/db/entities/adminLock';
import { AUDIT_PARTITION, auditEntries } from '../../platform/db/entities/auditEntry';
import { auditRefs } from '../../platform/db/entities/auditRef';
import { migrationMarks } from '../../platform/db/entities/migrationMark';
import { profiles, type ProfileItem } from '../../platform/db/entities/profile';
import { DIRECTORY_PARTITION_PREFIX, userDirectory } from '../../platform/db/entities/userDirectory';
import { countPartition } from '../../platform/db/count';
import { isConditionalCheckFailure, TransactionCancelled } from '../../platform/db/errors';
import { transactWrite, type CommittedWrite, type DirectorEntities } from '../../platform/db/service';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { addToAdmins, adminSubs, removeFromAdmins, signOutEverywhere } from '../../platform/users';
import { sendNoticeAs, type NotifyResult } from '../notices/owner';
import { emailKey, epochSeconds, statusChangeWrites } from './directory';
import type { Caller } from './profiles';

/** Users per page of the admin panel. */
export const PAGE_SIZE = 20;
/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 20;
/** How long the admin lock is held at most, milliseconds. */
export const ADMIN_LOCK_MS = 30_000;

// ---------------------------------------------------------------------------------------------
// Listing

export interface UserQuery {
  status?: ProfileStatus;
  /** An e-mail prefix (case-insensitive); blank is no search. */
  search?: string;
  cursor?: string;
}

export interface UserPage {
  users: UserSummary[];
  nextCursor: string | null;
  counts: UserCounts;
}

/** Which listing a cursor belongs to: the same status and search. */
function queryTag(status: ProfileStatus | undefined, prefix: string): string {
  return `${status ?? '*'}|${prefix}`;
}

/** Wraps ElectroDB's cursor with the query it belongs to (opaque to the web). */
export function encodeCursor(tag: string, cursor: string | null): string | null {
  return cursor ? Buffer.from(JSON.stringify({ q: tag, c: cursor }), 'utf8').toString('base64url') : null;
}

/** ElectroDB's cursor from `encoded`, if it belongs to `tag`; else INVALID_INPUT. */
export function decodeCursor(tag: string, encoded: string | undefined): string | null {
  if (!encoded) return null;
  try {
    const parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { q?: unknown; c?: unknown };
    if (parsed.q === tag && typeof parsed.c === 'string' && parsed.c.length > 0) return parsed.c;
  } catch {
    // fall through
  }
  throw new InvalidInputError(MSG.invalidCursor);
}

function summaryOf(item: ProfileItem): UserSummary {
  const { uid, email, status, isAdmin, createdAt, emailVerified } = item;
  return { uid, email, status, isAdmin, createdAt, ...(emailVerified === undefined ? {} : { emailVerified }) };
}

/** One page of users (see the module header). */
export async function listUsers(query: UserQuery = {}): Promise<UserPage> {
  await ensureDirectory();
  const prefix = emailKey(query.search ?? '');
  const tag = queryTag(query.status, prefix);
  const cursor = decodeCursor(tag, query.cursor);
  const options = { limit: PAGE_SIZE, cursor, pages: 1 } as const;
  const [page, counts] = await Promise.all([
    (async () => {
      if (!query.status && !prefix) {
        const { data, cursor: next } = await profiles().query.allProfiles({}).go({ ...options, order: 'desc' });
        return { users: data.map(summaryOf), next };
      }
      const entries = query.status
        ? await (prefix ? userDirectory().query.byStatus({ status: query.status }).begins({ emailKey: prefix }) : userDirectory().query.byStatus({ status: query.status })).go(options)
        : await userDirectory().query.byEmail({}).begins({ emailKey: prefix }).go(options);
      return { users: await profilesOf(entries.data), next: entries.cursor };
    })().catch((error: unknown) => {
      if (error instanceof InvalidInputError) throw error;
      // A well-formed wrapper around a key that is not this query's: DynamoDB refuses the start key.
      if (cursor && /ExclusiveStartKey|starting key|cursor/i.test(String((error as Error).message))) throw new InvalidInputError(MSG.invalidCursor);
      throw error;
    }),
    countUsers(),
  ]);
  return { users: page.users, nextCursor: encodeCursor(tag, page.next), counts };
}

/** The profiles of directory entries, in the entries' order; entries whose profile moved or is gone are left out. */
async function profilesOf(entries: { uid: string; status: ProfileStatus }[]): Promise<UserSummary[]> {
  if (entries.length === 0) return [];
  const { data } = await profiles().get(entries.map(({ uid }) => ({ uid }))).go();
  const byUid = new Map(data.map((item) => [item.uid, item]));
  return entries.flatMap((entry) => {
    const item = byUid.get(entry.uid);
    return item && item.status === entry.status ? [summaryOf(item)] : [];
  });
}

/** Users per status (one COUNT Query per directory partition). */
export async function countUsers(): Promise<UserCounts> {
  const counts = await Promise.all(PROFILE_STATUSES.map((status) => countPartition(`${DIRECTORY_PARTITION_PREFIX}${status}`)));
  return Object.fromEntries(PROFILE_STATUSES.map((status, i) => [status, counts[i] ?? 0])) as UserCounts;
}

let directoryReady = false;
/** Conditional puts of the backfill in flight at once. */
const BACKFILL_BATCH = 25;

/**
 * Backfills the directory from the profiles once per deployment (profiles written before issue 17
 * have no entry): a GSI1 Query of every profile, a conditional put of each missing entry, then the
 * migration mark. Idempotent; remembered per process once seen done.
 */
export async function ensureDirectory(): Promise<void> {
  if (directoryReady) return;
  const { data: mark } = await migrationMarks().get({ name: 'userDirectory' }).go();
  if (!mark) {
    const { data } = await profiles().query.allProfiles({}).go({ pages: 'all' });
    for (let start = 0; start < data.length; start += BACKFILL_BATCH) {
      await Promise.all(
        data.slice(start, start + BACKFILL_BATCH).map((item) =>
          userDirectory()
            .create({ status: item.status, emailKey: emailKey(item.email), uid: item.uid })
            .go()
            .catch((error: unknown) => {
              if (!isConditionalCheckFailure(error)) throw error;
            }),
        ),
      );
    }
    await migrationMarks().put({ name: 'userDirectory', doneAt: new Date().toISOString() }).go();
    logger.info('User directory backfilled', { profiles: data.length });
  }
  directoryReady = true;
}

/** Forgets that the directory was seen ready (tests that empty the table). */
export function resetDirectoryCheck(): void {
  directoryReady = false;
}

// ---------------------------------------------------------------------------------------------
// Status actions

type StatusAction = Extract<AuditAction, 'approve' | 'reject' | 'suspend' | 'reactivate'>;

/** Each action: the statuses it applies to, the status it leaves, the message when it does not apply. */
const TRANSITIONS: Record<StatusAction, { from: readonly ProfileStatus[]; to: ProfileStatus; notApplicable: string; revokesTokens: boolean }> = {
  approve: { from: ['pending'], to: 'active', notApplicable: MSG.approveOnlyPending, revokesTokens: false },
  reject: { from: ['pending'], to: 'rejected', notApplicable: MSG.rejectOnlyPending, revokesTokens: true },
  suspend: { from: ['active'], to: 'suspended', notApplicable: MSG.suspendOnlyActive, revokesTokens: true },
  reactivate: { from: ['suspended', 'rejected'], to: 'active', notApplicable: MSG.reactivateOnlyRefused, revokesTokens: false },
};

/** The acting admin as the audit log names them. */
async function actorOf(caller: Caller): Promise<{ uid: string; email: string }> {
  const { data } = await profiles().get({ uid: caller.sub }).go({ attributes: ['email'] });
  return { uid: caller.sub, email: data?.email ?? '' };
}

async function targetProfile(uid: string): Promise<ProfileItem> {
  const { data } = await profiles().get({ uid }).go();
  if (!data) throw new NotFoundError(MSG.userNotFound);
  return data;
}

/**
 * The audit entry's writes: the entry, and a reference in the partition of each user it names
 * (platform/db/entities/auditRef.ts), so an account deletion can redact it.
 */
function auditWrites(entities: DirectorEntities, action: AuditAction, actor: { uid: string; email: string }, target: { uid: string; email: string }, now: Date, detail?: string): CommittedWrite[] {
  const id = randomUUID();
  const at = now.toISOString();
  const named = [...new Set([actor.uid, target.uid])];
  return [
    entities.auditEntry.put({ id, at, action, actorUid: actor.uid, actorEmail: actor.email, targetUid: target.uid, targetEmail: target.email, ...(detail ? { detail } : {}) }).commit(),
    ...named.map((uid) => entities.auditRef.put({ uid, at, id }).commit()),
  ];
}

/**
 * Applies `action` to user `uid` (see the module header); returns whether anything changed and the
 * target's e-mail.
 */
export async function changeStatus(caller: Caller, uid: string, action: StatusAction, now = new Date()): Promise<{ changed: boolean; email: string }> {
  const { from, to, notApplicable, revokesTokens } = TRANSITIONS[action];
  if (revokesTokens && uid === caller.sub) throw new ForbiddenError(MSG.notOnYourself);
  const target = await targetProfile(uid);
  if (target.status === to) return { changed: false, email: target.email };
  if (!from.includes(target.status)) throw new ConflictError(notApplicable);
  if (revokesTokens && target.isAdmin) throw new ForbiddenError(MSG.notForAdmins);
  const actor = await actorOf(caller);
  try {
    await transactWrite((entities) => [
      ...statusChangeWrites(entities, target, to, revokesTokens ? { tokensValidAfter: epochSeconds(now) } : {}),
      ...auditWrites(entities, action, actor, target, now),
    ]);
  } catch (error) {
    if (error instanceof TransactionCancelled && error.conditionFailed(0)) throw new ConflictError(MSG.userChanged);
    throw error;
  }
  if (revokesTokens) await signOutQuietly(uid);
  return { changed: true, email: target.email };
}

/** Cognito's global sign-out; a failure is logged, not thrown: the middleware's check already refuses the old tokens. */
async function signOutQuietly(uid: string): Promise<void> {
  await signOutEverywhere(uid).catch((error: unknown) => logger.warn('Global sign-out failed', { uid, errorName: (error as Error)?.name }));
}

export type ApprovalMail = NotifyResult | 'skipped';

/** Approves a pending user and e-mails them (see the module header). */
export async function approveUser(caller: Caller, uid: string, now = new Date()): Promise<{ uid: string; status: 'active'; mail: ApprovalMail }> {
  const { changed, email } = await changeStatus(caller, uid, 'approve', now);
  if (!changed) return { uid, status: 'active', mail: 'skipped' };
  const siteUrl = process.env[SITE_URL_ENV]?.trim().replace(/\/+$/, '') ?? '';
  const mail = await sendNoticeAs(caller.sub, email, { subject: MSG.approvalMailSubject, text: MSG.approvalMailText(siteUrl) }, { message: 'Approval e-mail not sent', fields: { uid } });
  return { uid, status: 'active', mail };
}

// ---------------------------------------------------------------------------------------------
// Admin rights

/** Runs `work` holding the admin lock; ConflictError(MSG.adminChangeBusy) if another admin change holds it. */
export async function withAdminLock<T>(work: () => Promise<T>, now = () => Date.now()): Promise<T> {
  const holder: string = randomUUID();
  const at = now();
  try {
    await adminLocks()
      .put({ name: 'admins', holder, expiresAt: at + ADMIN_LOCK_MS })
      .where((attributes, { notExists, lt }) => `(${notExists(attributes.holder)} OR ${lt(attributes.expiresAt, at)})`)
      .go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new ConflictError(MSG.adminChangeBusy);
    throw error;
  }
  try {
    return await work();
  } finally {
    await adminLocks()
      .delete({ name: 'admins' })
      .where((attributes, { eq }) => eq(attributes.holder, holder))
      .go()
      .catch((error: unknown) => {
        if (!isConditionalCheckFailure(error)) logger.warn('Admin lock not released (it expires by itself)', { errorName: (error as Error)?.name });
      });
  }
}

/** Gives `uid` admin rights (the user must be active). Idempotent. */
export async function grantAdmin(caller: Caller, uid: string, now = new Date()): Promise<{ uid: string; isAdmin: true }> {
  const target = await targetProfile(uid);
  return withAdminLock(async () => {
    const members = await adminSubs();
    if (!members.includes(caller.sub)) throw new ForbiddenError(MSG.adminOnly);
    if (members.includes(uid)) {
      if (!target.isAdmin) await profiles().patch({ uid }).set({ isAdmin: true }).go();
      return { uid, isAdmin: true as const };
    }
    if (target.status !== 'active') throw new ConflictError(MSG.grantOnlyActive);
    await addToAdmins(uid);
    const actor = await actorOf(caller);
    await transactWrite((entities) => [entities.profile.patch({ uid }).set({ isAdmin: true }).commit(), ...auditWrites(entities, 'grantAdmin', actor, target, now)]);
    return { uid, isAdmin: true as const };
  });
}

/** Takes admin rights from `uid`: never oneself, never the last admin. Idempotent. */
export async function revokeAdmin(caller: Caller, uid: string, now = new Date()): Promise<{ uid: string; isAdmin: false }> {
  if (uid === caller.sub) throw new ForbiddenError(MSG.notOnYourself);
  const target = await targetProfile(uid);
  return withAdminLock(async () => {
    const members = await adminSubs();
    if (!members.includes(uid)) {
      if (target.isAdmin) await profiles().patch({ uid }).set({ isAdmin: false }).go();
      return { uid, isAdmin: false as const };
    }
    // Through this API the caller is a member besides the target, so one remains at least; the
    // check guards a group changed behind our back (the Cognito console) while a token still claims it.
    if (members.every((member) => member === uid)) throw new ConflictError(MSG.lastAdmin);
    if (!members.includes(caller.sub)) throw new ForbiddenError(MSG.adminOnly);
    await removeFromAdmins(uid);
    const actor = await actorOf(caller);
    await transactWrite((entities) => [
      entities.profile.patch({ uid }).set({ isAdmin: false, tokensValidAfter: epochSeconds(now) }).commit(),
      ...auditWrites(entities, 'revokeAdmin', actor, target, now),
    ]);
    await signOutQuietly(uid);
    return { uid, isAdmin: false as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Audit log

/** One page of the audit log, newest first. */
export async function listAudit({ cursor }: { cursor?: string } = {}): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const tag = AUDIT_PARTITION;
  const start = decodeCursor(tag, cursor);
  const { data, cursor: next } = await auditEntries().query.byTime({}).go({ limit: AUDIT_PAGE_SIZE, cursor: start, pages: 1, order: 'desc' });
  return {
    entries: data.map(({ id, at, action, actorUid, actorEmail, targetUid, targetEmail, detail }) => ({ id, at, action, actorUid, actorEmail, targetUid, targetEmail, ...(detail ? { detail } : {}) })),
    nextCursor: encodeCursor(tag, next),
  };
}

/**
 * Redacts every audit entry that names `uid` (account deletion, issue 17 item 2): found through
 * the references in the user's own partition (platform/db/entities/auditRef.ts), each entry keeps
 * its action and time and the other person, and says DELETED_ACCOUNT_LABEL for both the uid and
 * the e-mail of this one. Idempotent; the references go with the partition.
 */
export async function redactAuditFor(uid: string): Promise<number> {
  const { data: refs } = await auditRefs().query.byUser({ uid }).go({ pages: 'all' });
  for (const ref of refs) {
    const { data: entry } = await auditEntries().get({ at: ref.at, id: ref.id }).go();
    if (!entry) continue;
    const actorNamed = entry.actorUid === uid;
    const targetNamed = entry.targetUid === uid;
    if (!actorNamed && !targetNamed) continue;
    await auditEntries()
      .put({
        ...entry,
        ...(actorNamed ? { actorUid: DELETED_ACCOUNT_LABEL, actorEmail: DELETED_ACCOUNT_LABEL } : {}),
        ...(targetNamed ? { targetUid: DELETED_ACCOUNT_LABEL, targetEmail: DELETED_ACCOUNT_LABEL } : {}),
      })
      .go();
  }
  return refs.length;
}
