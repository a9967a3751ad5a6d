/**
 * Keeping social tokens alive (issue 12 item 3; architecture "Social networks", "Refresh and
 * disconnect").
 *
 * - `runTokenRefresh(now, options)`: the scheduled job. One Query of GSI1 `socialRefresh` for the
 *   connections due within REFRESH_LOOKAHEAD_MS, then per connection:
 *   - renewable (a refresh token) → `refreshUnderLease`;
 *   - not renewable and expired → `reconectar` with SOCIAL_MSG.accessExpired, GSI1 entry removed;
 *     not renewable and not yet expired → left for a later run (its key is its expiry);
 *   - not `conectada` any more → its stale GSI1 entry is removed.
 *   Idempotent: a refreshed connection moves to its next refresh time, so a second run finds
 *   nothing due; overlapping runs are safe because of the lease.
 * - `refreshUnderLease(item, now)`: takes the connection's lease with a conditional update (no
 *   live lease, still `conectada`, and the access token still the one read, so a connection
 *   another holder refreshed meanwhile is not refreshed again), refreshes with the stored refresh
 *   token, and writes the new tokens on condition that the lease is still this holder's, releasing
 *   it. One holder per account: a rotating refresh token is never sent twice. A response without a
 *   refresh token keeps the stored one. `invalid_grant` (or `denied`) → `reconectar` with
 *   SOCIAL_MSG.accessRevoked, the dead refresh token and the GSI1 entry removed; `unavailable` →
 *   lease released, tried again by the next run.
 * - `freshAccessToken(sub, network, now)`: for publishing (next issue): the connection's access
 *   token in plaintext, refreshed on demand under the same lease when it expires within
 *   FRESHNESS_MARGIN_MS (or `options.marginMs`: the publisher asks for PUBLISHING_MARGIN_MS, 7 days;
 *   a refresh that cannot reach the network then still answers the current token while it is
 *   valid). NotFoundError(SOCIAL_MSG.notConnected) when not connected;
 *   UnavailableError with the reason when the owner must reconnect, or when the token expired and
 *   the network cannot be reached. `targetAccessToken` adds a target's own token (Facebook pages).
 * - `markConnectionRefused(sub, network, reason, now)`: a publish the network refused for the
 *   grant marks the connection `reconectar` the same way.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SOCIAL_MSG, type SocialNetwork } from '@director-ia/shared';
import { socialConnections } from '../../platform/db/entities/socialConnection';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { NotFoundError, UnavailableError } from '../../platform/errors';
import { logger } from '../../platform/logger';
import { openSecret, sealSecret } from '../../platform/secrets/lazy';
import { loadNetworkApps, NetworkError, refreshTokens, type NetworkApps } from '../../platform/social';
import { expiryAttributes, readConnection, targetContext, tokenContext, type SocialConnectionItem } from './store';
import { requireConnected } from './targets';
import { expiredBeyondRenewal } from './view';

/** How far ahead of now the job looks for connections to refresh, ms (the job runs every 15 minutes). */
export const REFRESH_LOOKAHEAD_MS = 20 * 60_000;
/** How long a refresh lease lasts, ms (covers the token request with its retries; a crashed holder's lease lapses). */
export const LEASE_MS = 2 * 60_000;
/** `freshAccessToken` refreshes a token that expires within this margin, ms. */
export const FRESHNESS_MARGIN_MS = 5 * 60_000;
/** The margin publishing asks for (issue 13: "refresh a token that expires within 7 days before publishing with it"), ms. */
export const PUBLISHING_MARGIN_MS = 7 * 24 * 60 * 60_000;

/** Options of `freshAccessToken` / `targetAccessToken`. */
export interface FreshnessOptions {
  /** Refresh when the token expires within this many ms (default FRESHNESS_MARGIN_MS; publishing passes PUBLISHING_MARGIN_MS). */
  marginMs?: number;
}
/** How long `freshAccessToken` waits for another holder's refresh, ms, and how often it looks. */
const LEASE_WAIT_MS = 10_000;
const LEASE_POLL_MS = 250;
/** Connections refreshed at once by the job. */
const JOB_CONCURRENCY = 4;

/** What happened to one connection. */
export type RefreshOutcome =
  | { kind: 'refreshed'; accessToken: string }
  | { kind: 'reconnect'; reason: string }
  /** Another holder has the lease or already refreshed it (or the connection changed under us). */
  | { kind: 'busy' }
  | { kind: 'failed' };

export interface JobResult {
  refreshed: number;
  reconnect: number;
  failed: number;
  /** Due but left alone: busy elsewhere, not yet expired, or stale entries removed. */
  skipped: number;
}

type Key = { uid: string; network: SocialNetwork };
const keyOf = (item: SocialConnectionItem): Key => ({ uid: item.uid, network: item.network });

/**
 * Takes `item`'s lease (see the module header); the item as it now stands, or null when busy or
 * changed. The lease is wall-clock time (Date.now()), never the caller's `now`: a caller reasoning
 * about a later instant (a token due in ten minutes) must not take a lease another process holds,
 * or both would spend the same rotating refresh token and the network would refuse the second.
 */
async function acquireLease(item: SocialConnectionItem, leaseId: string): Promise<SocialConnectionItem | null> {
  const wall = Date.now();
  try {
    const { data } = await socialConnections()
      .patch(keyOf(item))
      .set({ leaseUntil: wall + LEASE_MS, leaseId })
      .where(
        (attr, op) =>
          `(${op.notExists(attr.leaseUntil)} OR ${op.lt(attr.leaseUntil, wall)}) AND ${op.eq(attr.state, 'conectada')} AND ${op.eq(attr.accessTokenSealed, item.accessTokenSealed ?? '')}`,
      )
      .go({ response: 'all_new' });
    return data as SocialConnectionItem;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
}

/** Whether a conditional write went through: false when its condition failed (logged as a lost lease when `lease`). */
async function conditional(write: Promise<unknown>, network: SocialNetwork, lease = false): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    if (lease) logger.warn('Refresh lease lost before writing', { network });
    return false;
  }
}

const LEASE_ATTRIBUTES = ['leaseUntil', 'leaseId'] as const;
/** What `markReconnect` removes: the GSI1 entry, the dead refresh token and any lease. */
const RECONNECT_REMOVES = ['refreshKey', 'refreshTokenSealed', 'refreshExpiresAt', ...LEASE_ATTRIBUTES] as const;

/** Releases the lease `leaseId` holds, leaving everything else as it is. */
async function releaseLease(key: Key, leaseId: string): Promise<void> {
  const patch = socialConnections().patch(key).remove([...LEASE_ATTRIBUTES]);
  await conditional(patch.where((attr, op) => op.eq(attr.leaseId, leaseId)).go(), key.network, true);
}

/**
 * Puts `key` in `reconectar` with `reason` (see RECONNECT_REMOVES), on condition that `leaseId`
 * holds the lease, or else that it is still `conectada` (and still at `refreshKey` when given).
 */
async function markReconnect(key: Key, reason: string, now: Date, expect: { leaseId: string } | { refreshKey?: string } = {}): Promise<boolean> {
  const patch = socialConnections()
    .patch(key)
    .set({ state: 'reconectar', reconnectReason: reason, updatedAt: now.toISOString() })
    .remove([...RECONNECT_REMOVES]);
  if ('leaseId' in expect) return conditional(patch.where((attr, op) => op.eq(attr.leaseId, expect.leaseId)).go(), key.network, true);
  const { refreshKey } = expect;
  const still = patch.where((attr, op) => `${op.eq(attr.state, 'conectada')}${refreshKey ? ` AND ${op.eq(attr.refreshKey, refreshKey)}` : ''}`);
  return conditional(still.go(), key.network);
}

/**
 * The network refused a token while publishing (issue 13: invalid_grant / denied): `sub`'s
 * `network` connection goes to `reconectar` with `reason`, as a refused refresh does (its dead
 * refresh token and GSI1 entry removed). Only while still `conectada`; false when it was not.
 */
export async function markConnectionRefused(sub: string, network: SocialNetwork, reason: string, now = new Date()): Promise<boolean> {
  return markReconnect({ uid: sub, network }, reason, now);
}

/** Refreshes `item`'s tokens under its lease (see the module header). */
export async function refreshUnderLease(item: SocialConnectionItem, apps: NetworkApps, now: Date): Promise<RefreshOutcome> {
  const { network } = item;
  const app = apps[network];
  if (!app) {
    logger.warn('No network app to refresh a connection with', { network });
    return { kind: 'failed' };
  }
  const leaseId: string = randomUUID();
  const held = await acquireLease(item, leaseId);
  if (!held) return { kind: 'busy' };
  const key = keyOf(held);
  try {
    if (!held.refreshTokenSealed) {
      await releaseLease(key, leaseId);
      return { kind: 'busy' };
    }
    const tokens = await refreshTokens(app, await openSecret(held.refreshTokenSealed, tokenContext(held.uid, network, 'refresh')));
    const renewed = tokens.refreshToken ? await sealSecret(tokens.refreshToken, tokenContext(held.uid, network, 'refresh')) : null;
    const expiry = expiryAttributes(held.uid, network, tokens, true, now);
    const written = await conditional(
      socialConnections()
        .patch(key)
        .set({
          accessTokenSealed: await sealSecret(tokens.accessToken, tokenContext(held.uid, network, 'access')),
          // Never an empty refresh token over the stored one: only a new one replaces it.
          ...(renewed ? { refreshTokenSealed: renewed, ...(expiry.refreshExpiresAt ? { refreshExpiresAt: expiry.refreshExpiresAt } : {}) } : {}),
          ...(expiry.expiresAt && expiry.refreshKey ? { expiresAt: expiry.expiresAt, refreshKey: expiry.refreshKey } : {}),
          ...(tokens.scope ? { scope: tokens.scope } : {}),
          updatedAt: now.toISOString(),
        })
        .remove([...LEASE_ATTRIBUTES, ...(expiry.expiresAt ? [] : (['expiresAt', 'refreshKey'] as const))])
        .where((attr, op) => op.eq(attr.leaseId, leaseId))
        .go(),
      network,
      true,
    );
    return written ? { kind: 'refreshed', accessToken: tokens.accessToken } : { kind: 'busy' };
  } catch (error) {
    // A throttled or unreachable network has not refused the grant: the next run tries again.
    if (error instanceof NetworkError && error.kind !== 'unavailable' && error.kind !== 'rate_limited') {
      logger.warn('The network refused a token refresh', { network, kind: error.kind, status: error.status ?? null, detail: error.detail });
      const reason = SOCIAL_MSG.accessRevoked(network);
      return (await markReconnect(key, reason, now, { leaseId })) ? { kind: 'reconnect', reason } : { kind: 'busy' };
    }
    logger.warn('Token refresh failed; will retry', { network, error: { name: (error as Error).name, kind: (error as { kind?: string }).kind ?? null } });
    await releaseLease(key, leaseId).catch(() => undefined);
    return { kind: 'failed' };
  }
}

/** Connections due by `until` (GSI1, oldest first, every page). */
async function dueConnections(until: Date): Promise<SocialConnectionItem[]> {
  // Every key of an instant starts with its ISO time then '#': '$' sorts right after '#'.
  const { data } = await socialConnections().query.due({}).lt({ refreshKey: `${until.toISOString()}$` }).go({ order: 'asc', pages: 'all' });
  return data;
}

/** What the job does with one due connection (see the module header). */
async function handleDue(item: SocialConnectionItem, apps: NetworkApps, now: Date): Promise<keyof JobResult> {
  const key = keyOf(item);
  if (item.state !== 'conectada') {
    const stale = socialConnections().patch(key).remove(['refreshKey']);
    await conditional(stale.where((attr, op) => op.ne(attr.state, 'conectada')).go(), key.network);
    return 'skipped';
  }
  if (!item.refreshTokenSealed) {
    if (!expiredBeyondRenewal(item, now)) return 'skipped';
    return (await markReconnect(key, SOCIAL_MSG.accessExpired(item.network), now, { refreshKey: item.refreshKey })) ? 'reconnect' : 'skipped';
  }
  const outcome = await refreshUnderLease(item, apps, now);
  return outcome.kind === 'busy' ? 'skipped' : outcome.kind;
}

/** The scheduled refresh job (see the module header); `remainingMs` stops it starting work with less than a minute left. */
export async function runTokenRefresh(now = new Date(), options: { remainingMs?: () => number } = {}): Promise<JobResult> {
  const result: JobResult = { refreshed: 0, reconnect: 0, failed: 0, skipped: 0 };
  const due = await dueConnections(new Date(now.getTime() + REFRESH_LOOKAHEAD_MS));
  if (due.length === 0) return result;
  const apps = await loadNetworkApps();
  let next = 0;
  const worker = async () => {
    while (next < due.length && (options.remainingMs?.() ?? Infinity) > 60_000) {
      const item = due[next++] as SocialConnectionItem;
      try {
        result[await handleDue(item, apps, now)] += 1;
      } catch (error) {
        result.failed += 1;
        logger.error('Refreshing a connection failed', { network: item.network, error: { name: (error as Error).name } });
      }
    }
  };
  await Promise.all(Array.from({ length: JOB_CONCURRENCY }, worker));
  logger.info('Social token refresh finished', { due: due.length, ...result });
  return result;
}

/** `sub`'s connection of `network` in `conectada`, or the error publishing should report. */
async function requirePublishable(sub: string, network: SocialNetwork): Promise<SocialConnectionItem> {
  const item = requireConnected(network, await readConnection(sub, network));
  if (item.state === 'reconectar') throw new UnavailableError(item.reconnectReason ?? SOCIAL_MSG.reconnect(network));
  return item;
}

const expiresWithin = (item: SocialConnectionItem, now: Date, margin: number) => item.expiresAt !== undefined && Date.parse(item.expiresAt) - now.getTime() <= margin;
const openAccess = (item: SocialConnectionItem) => openSecret(item.accessTokenSealed ?? '', tokenContext(item.uid, item.network, 'access'));

/** The access token of `sub`'s `network`, refreshed first when it expires soon (see the module header). */
export async function freshAccessToken(sub: string, network: SocialNetwork, now = new Date(), options: FreshnessOptions = {}): Promise<string> {
  let item = await requirePublishable(sub, network);
  if (!expiresWithin(item, now, options.marginMs ?? FRESHNESS_MARGIN_MS)) return openAccess(item);
  if (!item.refreshTokenSealed) {
    if (!expiredBeyondRenewal(item, now)) return openAccess(item);
    const reason = SOCIAL_MSG.accessExpired(network);
    await markReconnect(keyOf(item), reason, now);
    throw new UnavailableError(reason);
  }
  const apps = await loadNetworkApps();
  const deadline = Date.now() + LEASE_WAIT_MS;
  for (;;) {
    const outcome = await refreshUnderLease(item, apps, now);
    if (outcome.kind === 'refreshed') return outcome.accessToken;
    if (outcome.kind === 'reconnect') throw new UnavailableError(outcome.reason);
    if (outcome.kind === 'busy') {
      // Another holder is refreshing: wait for its result.
      await sleep(LEASE_POLL_MS);
      const current = await requirePublishable(sub, network);
      if (current.accessTokenSealed !== item.accessTokenSealed && !expiresWithin(current, now, 0)) return openAccess(current);
      item = current;
      if (Date.now() < deadline) continue;
    }
    if (!expiresWithin(item, now, 0)) return openAccess(item);
    throw new UnavailableError(SOCIAL_MSG.connectError(network, SOCIAL_MSG.networkUnreachable));
  }
}

/**
 * The token to publish to `targetId` of `sub`'s `network`: the target's own token when it has one
 * (a Facebook page), else the connection's fresh access token. NotFoundError when the target is
 * not one of the connection's.
 */
export async function targetAccessToken(sub: string, network: SocialNetwork, targetId: string, now = new Date(), options: FreshnessOptions = {}): Promise<string> {
  const item = await requirePublishable(sub, network);
  const target = item.targets.find((t) => t.id === targetId);
  if (!target) throw new NotFoundError(SOCIAL_MSG.unknownTarget);
  if (target.tokenSealed) return openSecret(target.tokenSealed, targetContext(sub, network, targetId));
  return freshAccessToken(sub, network, now, options);
}

