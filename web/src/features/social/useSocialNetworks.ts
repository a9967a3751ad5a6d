/**
 * listarRedes (active; spec 2 'redes', issue 12 item 1): the eight network cards in the order of
 * SOCIAL_NETWORKS, each with its state, account and targets. Every other operation of the feature
 * answers the one connection it changed; `withConnection` puts it into the cached list at once
 * (the list is then re-read too).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SocialConnection } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';

export const socialNetworksKey = ['social', 'networks'] as const;

export async function fetchSocialNetworks(signal?: AbortSignal): Promise<SocialConnection[]> {
  const { networks } = await callFunction('listarRedes', null, { signal });
  return networks;
}

export function useSocialNetworks() {
  return useCallableQuery(socialNetworksKey, fetchSocialNetworks);
}

/** The list with `connection` in place of its network's card (the list unchanged if it lacks one). */
export function withConnection(list: readonly SocialConnection[], connection: SocialConnection): SocialConnection[] {
  return list.map((card) => (card.network === connection.network ? connection : card));
}

/** Shows a changed connection in the cached list before the re-read answers. */
export function storeConnection(client: QueryClient, connection: SocialConnection): void {
  client.setQueryData<SocialConnection[]>(socialNetworksKey, (list) => (list ? withConnection(list, connection) : list));
}
