/**
 * The browser's view of social connections (spec 2 'redes', 4 "Social connection"; issue 12):
 * `SocialConnectionSchema` cards, one per network of SOCIAL_NETWORKS, always all eight.
 *
 * - `connectionView(network, item, app, now)`: one card. `available`, `sandbox` and the
 *   `publishingNote` (`publishingNote`) come from the installation's network app (a missing app =
 *   not available); a stored connection whose access
 *   token has expired and cannot be renewed (no refresh token) shows `reconectar` with
 *   SOCIAL_MSG.accessExpired even before the refresh job marks it. Never reads a sealed value.
 * - `listNetworks(sub, now)`: the eight cards of `sub` (one Query and the cached network apps).
 * - `storedCard(item, now)`: the card of a stored connection from what it stored (no secret read).
 */
import { PUBLICATION_MSG, SOCIAL_MSG, SOCIAL_NETWORKS, type SocialConnection, type SocialNetwork } from '@director-ia/shared';
import { loadNetworkApps, type NetworkApp } from '../../platform/social';
import { readConnections, type SocialConnectionItem } from './store';

/** Whether a connected item's access token has expired with no way to renew it. */
export function expiredBeyondRenewal(item: Pick<SocialConnectionItem, 'state' | 'expiresAt' | 'refreshTokenSealed'>, now: Date): boolean {
  return item.state === 'conectada' && !item.refreshTokenSealed && item.expiresAt !== undefined && Date.parse(item.expiresAt) <= now.getTime();
}

/**
 * The honest note of an unaudited app (PUBLICATION_MSG.privateOnly: TikTok SELF_ONLY, YouTube
 * private uploads), null once the installation's app says `audited` or for other networks. An
 * unknown app (a stored card's) counts as unaudited.
 */
export function publishingNote(network: SocialNetwork, app: Pick<NetworkApp, 'audited'> | undefined): string | null {
  return app?.audited ? null : (PUBLICATION_MSG.privateOnly[network] ?? null);
}

/**
 * One network's card (see the module header). `app` is the installation's network app, or what a
 * stored connection says of the app it was made with (`{sandbox}`: it was available then), for
 * answers that should not need the network apps secret.
 */
export function connectionView(network: SocialNetwork, item: SocialConnectionItem | null, app: Pick<NetworkApp, 'sandbox' | 'audited'> | undefined, now: Date): SocialConnection {
  const base = { network, available: app !== undefined, sandbox: app?.sandbox ?? false, publishingNote: publishingNote(network, app) };
  if (!item || item.state === 'desconectada') {
    return { ...base, state: 'desconectada', account: null, targets: [], connectedAt: null, expiresAt: null, reconnectReason: null };
  }
  const expired = expiredBeyondRenewal(item, now);
  const state = expired ? 'reconectar' : item.state;
  return {
    ...base,
    state,
    account: item.accountId ? { id: item.accountId, name: item.accountName ?? '', pictureUrl: item.accountPictureUrl ?? null } : null,
    targets: item.targets.map(({ id, name, kind, pictureUrl, selected }) => ({ id, name, kind, pictureUrl: pictureUrl ?? null, selected })),
    connectedAt: item.connectedAt ?? null,
    expiresAt: item.expiresAt ?? null,
    reconnectReason:
      state === 'reconectar' ? (expired ? SOCIAL_MSG.accessExpired(network) : (item.reconnectReason ?? SOCIAL_MSG.reconnect(network))) : null,
  };
}

/** `sub`'s eight cards, in the order of SOCIAL_NETWORKS. */
export async function listNetworks(sub: string, now = new Date()): Promise<SocialConnection[]> {
  const [apps, items] = await Promise.all([loadNetworkApps(), readConnections(sub)]);
  const byNetwork = new Map(items.map((item) => [item.network, item]));
  return SOCIAL_NETWORKS.map((network) => connectionView(network, byNetwork.get(network) ?? null, apps[network], now));
}

/** The card of a stored connection from what it stored: `available` (it was connected with an app) and its `sandbox` flag. */
export const storedCard = (item: SocialConnectionItem, now = new Date()): SocialConnection => connectionView(item.network, item, { sandbox: item.sandbox }, now);
