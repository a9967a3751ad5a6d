/**
 * Social connections stored straight through the entity, for domain tests that need a network
 * connected (or in another state) without going through OAuth (issue 12's own tests do that).
 * No token is stored: these connections cannot publish, only be read as connected.
 */
import type { ConnectionState, SocialNetwork } from '@director-ia/shared';
import { socialConnections } from '../../lambdas/platform/db/entities/socialConnection';

/** Stores one connection of `sub` to each of `networks` in `state` (default `conectada`). Needs a domain env (TABLE_NAME). */
export async function storeConnections(sub: string, networks: readonly SocialNetwork[], state: ConnectionState = 'conectada'): Promise<void> {
  for (const network of networks) await socialConnections().put({ uid: sub, network, state, targets: [], sandbox: false, updatedAt: new Date().toISOString() }).go();
}
