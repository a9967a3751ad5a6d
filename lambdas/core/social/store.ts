/**
 * The stored side of social connections (issue 12; entity platform/db/entities/socialConnection.ts):
 * reading a brand's connections, the sealing contexts of their tokens, and the one write that
 * (re)connects a network.
 *
 * - `readConnection(sub, network)` / `readConnections(sub)`: strongly consistent reads.
 * - `tokenContext(sub, network, 'access' | 'refresh')`, `targetContext(sub, network, targetId)`:
 *   the encryption contexts every sealed token of a connection is bound to (architecture "Social
 *   networks"), so a sealed value copied to another tenant, network or target does not open.
 * - `refreshAtFor(expiresAtMs, nowMs, renewable)`: when the refresh job should handle a token.
 * - `saveConnection(sub, network, connected, now)`: seals every token and writes the connection
 *   with one PutItem of the whole item (same key per tenant and network: reconnecting updates,
 *   never duplicates). Reconnecting the same account keeps the stored refresh token when the
 *   network sent none (an empty refresh token never replaces a stored one) and keeps the owner's
 *   choice of targets for the targets found again; new targets start selected. The put also drops
 *   any refresh lease, so a refresh racing a reconnect loses its conditional write.
 */
import type { SocialAccount, SocialNetwork } from '@director-ia/shared';
import { refreshKeyOf, socialConnections, type SocialConnectionItem, type StoredTarget } from '../../platform/db/entities/socialConnection';
import { sealSecret, type SecretContext } from '../../platform/secrets/lazy';
import type { FoundTarget, TokenSet } from '../../platform/social';
import { logger } from '../../platform/logger';

export type { SocialConnectionItem, StoredTarget } from '../../platform/db/entities/socialConnection';

/** Most targets stored per connection (the item must stay well under DynamoDB's 400 KB; elegirDestinos takes at most 200 ids). */
export const MAX_TARGETS = 200;

/** The sealing context of a connection's access or refresh token. */
export const tokenContext = (sub: string, network: SocialNetwork, kind: 'access' | 'refresh'): SecretContext => ({ tenant: sub, field: `social:${network}:${kind}` });

/** The sealing context of one target's own token (a Facebook page token). */
export const targetContext = (sub: string, network: SocialNetwork, targetId: string): SecretContext => ({ tenant: sub, field: `social:${network}:target:${targetId}` });

/** `sub`'s connection of `network`, or null when it never connected. */
export async function readConnection(sub: string, network: SocialNetwork): Promise<SocialConnectionItem | null> {
  const { data } = await socialConnections().get({ uid: sub, network }).go({ consistent: true });
  return data ?? null;
}

/** Every stored connection of `sub` (one Query). */
export async function readConnections(sub: string): Promise<SocialConnectionItem[]> {
  const { data } = await socialConnections().query.byUser({ uid: sub }).go({ consistent: true, pages: 'all' });
  return data;
}

/** The longest margin before expiry at which a renewable token is refreshed, ms. */
const MAX_REFRESH_MARGIN_MS = 30 * 60_000;

/**
 * When the refresh job should handle a token expiring at `expiresAtMs` (epoch ms), issued at
 * `nowMs`: a renewable one (it has a refresh token) the smaller of 30 minutes and 10 % of its
 * lifetime before it expires; one that cannot be renewed when it expires (to mark `reconectar`).
 */
export function refreshAtFor(expiresAtMs: number, nowMs: number, renewable: boolean): Date {
  if (!renewable) return new Date(expiresAtMs);
  const margin = Math.min(MAX_REFRESH_MARGIN_MS, Math.max(0, expiresAtMs - nowMs) / 10);
  return new Date(expiresAtMs - margin);
}

/** The expiry attributes of a token set for the item: ISO times and the GSI1 key (absent when the token does not expire). */
export function expiryAttributes(sub: string, network: SocialNetwork, tokens: Pick<TokenSet, 'expiresAt' | 'refreshExpiresAt'>, renewable: boolean, now: Date) {
  const expiresAt = tokens.expiresAt === undefined ? undefined : new Date(tokens.expiresAt);
  return {
    expiresAt: expiresAt?.toISOString(),
    refreshExpiresAt: tokens.refreshExpiresAt === undefined ? undefined : new Date(tokens.refreshExpiresAt).toISOString(),
    refreshKey: expiresAt ? refreshKeyOf(refreshAtFor(expiresAt.getTime(), now.getTime(), renewable), sub, network) : undefined,
  };
}

/** What a successful connect learned: the account, its targets and the tokens to keep. */
export interface Connected {
  account: SocialAccount;
  targets: FoundTarget[];
  tokens: TokenSet;
  /** The network app points at the twin's sandbox. */
  sandbox: boolean;
}

/** Targets with unique ids, at most MAX_TARGETS. */
function distinctTargets(network: SocialNetwork, targets: FoundTarget[]): FoundTarget[] {
  const byId = new Map<string, FoundTarget>();
  for (const target of targets) if (!byId.has(target.id)) byId.set(target.id, target);
  if (byId.size > MAX_TARGETS) logger.warn('Connection has more targets than are kept', { network, found: byId.size, kept: MAX_TARGETS });
  return [...byId.values()].slice(0, MAX_TARGETS);
}

/** Writes `sub`'s connection of `network` after a successful connect (see the module header); returns the stored item. */
export async function saveConnection(sub: string, network: SocialNetwork, connected: Connected, now: Date): Promise<SocialConnectionItem> {
  const previous = await readConnection(sub, network);
  const sameAccount = previous !== null && previous.state !== 'desconectada' && previous.accountId === connected.account.id;
  const chosen = new Map(sameAccount ? previous.targets.map((t) => [t.id, t.selected] as const) : []);
  const { tokens } = connected;
  const kept = !tokens.refreshToken && sameAccount ? { refreshTokenSealed: previous.refreshTokenSealed, refreshExpiresAt: previous.refreshExpiresAt } : null;
  const refreshTokenSealed = tokens.refreshToken ? await sealSecret(tokens.refreshToken, tokenContext(sub, network, 'refresh')) : kept?.refreshTokenSealed;
  const targets: StoredTarget[] = await Promise.all(
    distinctTargets(network, connected.targets).map(async (target) => ({
      id: target.id,
      name: target.name,
      kind: target.kind,
      pictureUrl: target.pictureUrl ?? undefined,
      selected: chosen.get(target.id) ?? true,
      tokenSealed: target.accessToken ? await sealSecret(target.accessToken, targetContext(sub, network, target.id)) : undefined,
    })),
  );
  const item = {
    uid: sub,
    network,
    state: 'conectada' as const,
    accountId: connected.account.id,
    accountName: connected.account.name,
    accountPictureUrl: connected.account.pictureUrl ?? undefined,
    targets,
    accessTokenSealed: await sealSecret(tokens.accessToken, tokenContext(sub, network, 'access')),
    refreshTokenSealed,
    ...expiryAttributes(sub, network, tokens, refreshTokenSealed !== undefined, now),
    ...(kept ? { refreshExpiresAt: kept.refreshExpiresAt } : {}),
    scope: tokens.scope,
    sandbox: connected.sandbox,
    connectedAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await socialConnections().put(item).go();
  return item;
}
