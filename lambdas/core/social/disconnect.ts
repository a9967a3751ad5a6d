/**
 * Desconectar (spec 4; issue 12 item 3): `disconnect(sub, network, now)` → the card. Opens the
 * stored tokens and revokes them at the network where its API allows (best effort: a failure is
 * logged, never shown), then replaces the item with a `desconectada` one: no tokens, no targets,
 * no account, no GSI1 entry, no lease (a refresh racing it loses its conditional write).
 * Disconnecting what is not connected just answers the disconnected card. Issue 14: the inbox's
 * routes of the network are removed and Telegram's webhook deleted (./inbox.ts).
 */
import { isOAuthNetwork, type SocialConnection, type SocialNetwork } from '@director-ia/shared';
import { socialConnections } from '../../platform/db/entities/socialConnection';
import { logger } from '../../platform/logger';
import { openSecret } from '../../platform/secrets/lazy';
import { loadNetworkApps, revokeTokens, type NetworkApp } from '../../platform/social';
import { disconnectInbox } from './inbox';
import { readConnection, tokenContext, type SocialConnectionItem } from './store';
import { connectionView } from './view';

/** Revokes `item`'s tokens at the network; never throws. */
async function revokeBestEffort(sub: string, network: SocialNetwork, item: SocialConnectionItem, app: NetworkApp | undefined): Promise<void> {
  if (!app || !isOAuthNetwork(network) || !item.accessTokenSealed) return;
  try {
    const [accessToken, refreshToken] = await Promise.all([
      openSecret(item.accessTokenSealed, tokenContext(sub, network, 'access')),
      item.refreshTokenSealed ? openSecret(item.refreshTokenSealed, tokenContext(sub, network, 'refresh')) : undefined,
    ]);
    await revokeTokens(app, { accessToken, ...(refreshToken ? { refreshToken } : {}), ...(item.accountId ? { accountId: item.accountId } : {}) });
  } catch (error) {
    logger.warn('Revoking a social connection failed; disconnecting anyway', { network, error: { name: (error as Error).name, kind: (error as { kind?: string }).kind ?? null } });
  }
}

/** Disconnects `sub`'s `network` (see the module header). */
export async function disconnect(sub: string, network: SocialNetwork, now = new Date()): Promise<SocialConnection> {
  const apps = await loadNetworkApps();
  const app = apps[network];
  const item = await readConnection(sub, network);
  if (!item || item.state === 'desconectada') return connectionView(network, item, app, now);
  await revokeBestEffort(sub, network, item, app);
  await disconnectInbox(sub, network, item, app);
  const cleared = { uid: sub, network, state: 'desconectada' as const, targets: [], sandbox: item.sandbox, updatedAt: now.toISOString() };
  await socialConnections().put(cleared).go();
  return connectionView(network, cleared, app, now);
}
