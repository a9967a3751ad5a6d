/**
 * Choosing where the AI may publish (issue 12 flow step 7, `elegirDestinos`): the owner selects a
 * subset of a connection's targets. `chooseTargets(sub, network, targetIds, now)` → the card.
 * - not connected (never, or `desconectada`) → NotFoundError(SOCIAL_MSG.notConnected(network));
 * - an id that is not one of the connection's targets → InvalidInputError(SOCIAL_MSG.unknownTarget),
 *   nothing changes.
 * The write is conditional on the connection being the one read (same `connectedAt`, still
 * connected), so a reconnect in between cannot get the old target list back; it is retried once.
 * The card's `available` and `sandbox` come from the stored connection. Issue 14: Facebook and
 * Instagram then route exactly the selected targets' messages to the brand's inbox and subscribe
 * their pages to the webhooks (./inbox.ts; without the network app, only the routes).
 */
import { SOCIAL_MSG, type SocialConnection, type SocialNetwork } from '@director-ia/shared';
import { socialConnections } from '../../platform/db/entities/socialConnection';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { InvalidInputError, NotFoundError } from '../../platform/errors';
import { loadNetworkApps } from '../../platform/social';
import { syncMetaInbox } from './inbox';
import { readConnection, type SocialConnectionItem } from './store';
import { storedCard } from './view';

/** `item` connected (in `conectada` or `reconectar`), or NotFoundError. */
export function requireConnected(network: SocialNetwork, item: SocialConnectionItem | null): SocialConnectionItem {
  if (!item || item.state === 'desconectada') throw new NotFoundError(SOCIAL_MSG.notConnected(network));
  return item;
}

async function writeChoice(sub: string, network: SocialNetwork, wanted: Set<string>, now: Date): Promise<SocialConnectionItem | null> {
  const item = requireConnected(network, await readConnection(sub, network));
  const known = new Set(item.targets.map((t) => t.id));
  if ([...wanted].some((id) => !known.has(id))) throw new InvalidInputError(SOCIAL_MSG.unknownTarget);
  const targets = item.targets.map((target) => ({ ...target, selected: wanted.has(target.id) }));
  const updatedAt = now.toISOString();
  try {
    await socialConnections()
      .patch({ uid: sub, network })
      .set({ targets, updatedAt })
      .where((attr, op) => `${op.ne(attr.state, 'desconectada')} AND ${item.connectedAt ? op.eq(attr.connectedAt, item.connectedAt) : op.notExists(attr.connectedAt)}`)
      .go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) return null;
    throw error;
  }
  return { ...item, targets, updatedAt };
}

/** Selects exactly `targetIds` among `sub`'s `network` targets (see the module header). */
export async function chooseTargets(sub: string, network: SocialNetwork, targetIds: readonly string[], now = new Date()): Promise<SocialConnection> {
  const wanted = new Set(targetIds);
  const item = (await writeChoice(sub, network, wanted, now)) ?? (await writeChoice(sub, network, wanted, now));
  if (!item) throw new NotFoundError(SOCIAL_MSG.notConnected(network));
  if (network === 'facebook' || network === 'instagram') await syncMetaInbox(sub, network, item, (await loadNetworkApps())[network], now);
  return storedCard(item, now);
}
