/**
 * Rate usage as the networks report it (issue 13 "track rate limits per account and per app …
 * and postpone rather than fail"; entity platform/db/entities/rateUsage.ts).
 *
 * - `usageRecorder(sub)`: an `onUsage` for the adapters (platform/social/publish/rates.ts) that
 *   stores each answer's usage per (network, scope, resource): account scope under the tenant,
 *   app scope under the installation-wide owner. Writes are fire-and-forget (awaited by `flush`),
 *   and a failed write is only logged: usage is advice, never a reason to fail a publish.
 * - `limitedUntil(sub, network, now)`: the instant to postpone a visible create to, when any
 *   recorded usage of that network (the account's or the app's) is at RATE_POSTPONE_PERCENT or
 *   more with a reset still ahead; null otherwise.
 */
import type { SocialNetwork } from '@director-ia/shared';
import { APP_RATE_OWNER, rateUsages } from '../../platform/db/entities/rateUsage';
import { logger } from '../../platform/logger';
import type { RateUsage } from '../../platform/social';

/** Usage from which a create waits for the window's reset, percent. */
export const RATE_POSTPONE_PERCENT = 90;
/** How long a record outlives its reset (or its write, without one) before the table's TTL removes it, seconds. */
const KEEP_SECONDS = 24 * 60 * 60;

/** An `onUsage` that stores what it is given, and `flush` to wait for the writes. */
export function usageRecorder(sub: string, now: () => Date = () => new Date()) {
  const writes: Promise<unknown>[] = [];
  const onUsage = (usage: RateUsage) => {
    const at = now();
    const owner = usage.scope === 'app' ? APP_RATE_OWNER : sub;
    const expiresAt = Math.ceil((usage.resetAt ?? at.getTime()) / 1000) + KEEP_SECONDS;
    const item = {
      owner,
      network: usage.network,
      resource: usage.resource,
      usedPercent: usage.usedPercent,
      ...(usage.remaining !== undefined ? { remaining: usage.remaining } : {}),
      ...(usage.limit !== undefined ? { limit: usage.limit } : {}),
      ...(usage.resetAt !== undefined ? { resetAt: usage.resetAt } : {}),
      updatedAt: at.toISOString(),
      expiresAt,
    };
    writes.push(
      rateUsages()
        .put(item)
        .go()
        .catch((error: unknown) => logger.warn('Rate usage not stored', { network: usage.network, resource: usage.resource, error: { name: (error as Error).name } })),
    );
  };
  return { onUsage, flush: async () => void (await Promise.all(writes)) };
}

/** See the module header. */
export async function limitedUntil(sub: string, network: SocialNetwork, now: Date): Promise<Date | null> {
  const owners = [sub, APP_RATE_OWNER];
  const found = await Promise.all(owners.map(async (owner) => (await rateUsages().query.byOwner({ owner, network }).go({ pages: 'all' })).data));
  const resets = found
    .flat()
    .filter((usage) => usage.usedPercent >= RATE_POSTPONE_PERCENT && usage.resetAt !== undefined && usage.resetAt > now.getTime())
    .map((usage) => usage.resetAt as number);
  return resets.length > 0 ? new Date(Math.max(...resets)) : null;
}
