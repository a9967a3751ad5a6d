/**
 * Tenant resolution of the networks' webhooks (issue 14; entity
 * platform/db/entities/inboxRoute.ts): which brand a delivery to a page, Instagram account or
 * Telegram bot belongs to.
 *
 * - `claimRoute(sub, route, now)`: the brand claims an account (a target selected, Telegram
 *   connected); one PutItem, so a re-selection makes the brand the newest claimant.
 * - `syncRoutes(sub, network, wanted, sandbox, now)`: the brand's routes of `network` become
 *   exactly `wanted` (the selected targets; [] on disconnect): puts for those, deletes for the
 *   others. Returns nothing; DynamoDB errors propagate.
 * - `resolveRoute(network, accountId)`: the claiming route, or null when no brand claims it. One
 *   GSI1 Query (eventually consistent: a claim made a moment ago may be missed once; the
 *   network redelivers); several claimants → the newest `updatedAt` (then the greatest sub, so
 *   the answer is deterministic).
 */
import type { InboxNetwork } from '@director-ia/shared';
import { claimKeyOf, inboxRoutes, type InboxRouteItem } from '../../platform/db/entities/inboxRoute';

export type { InboxRouteItem } from '../../platform/db/entities/inboxRoute';

/** What a brand claims. */
export interface RouteClaim {
  network: InboxNetwork;
  accountId: string;
  accountName?: string;
  botId?: string;
  secretHash?: string;
  /** YouTube: the poll cursor, kept across a re-claim (entity header). */
  polledUntil?: string;
  polledIds?: string[];
  sandbox: boolean;
}

/** Writes `sub`'s claim (see the module header). */
export async function claimRoute(sub: string, claim: RouteClaim, now: Date): Promise<void> {
  const at = now.toISOString();
  await inboxRoutes()
    .put({ uid: sub, ...claim, claimKey: claimKeyOf(claim.network, claim.accountId, sub), createdAt: at, updatedAt: at })
    .go();
}

/** `sub`'s routes of `network` (one Query of the brand's partition). */
export async function routesOf(sub: string, network: InboxNetwork): Promise<InboxRouteItem[]> {
  const { data } = await inboxRoutes().query.byUser({ uid: sub, network }).go({ pages: 'all' });
  return data;
}

/** Makes `sub`'s routes of `network` exactly `wanted` (see the module header). */
export async function syncRoutes(sub: string, network: InboxNetwork, wanted: readonly Omit<RouteClaim, 'network' | 'sandbox'>[], sandbox: boolean, now: Date): Promise<void> {
  const keep = new Set(wanted.map((claim) => claim.accountId));
  const stale = (await routesOf(sub, network)).filter((route) => !keep.has(route.accountId));
  await Promise.all([
    ...wanted.map((claim) => claimRoute(sub, { ...claim, network, sandbox }, now)),
    ...stale.map((route) => inboxRoutes().delete({ uid: sub, network, accountId: route.accountId }).go()),
  ]);
}

/** The brand's route of `network` account `accountId`, or null (see the module header). */
export async function resolveRoute(network: InboxNetwork, accountId: string): Promise<InboxRouteItem | null> {
  const { data } = await inboxRoutes()
    .query.byClaim({})
    .begins({ claimKey: `${network}#${accountId}#` })
    .go({ pages: 'all' });
  const claims = data.filter((route) => route.network === network && route.accountId === accountId);
  claims.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.uid.localeCompare(a.uid));
  return claims[0] ?? null;
}
