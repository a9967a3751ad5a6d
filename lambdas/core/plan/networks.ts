/**
 * The networks a monthly plan may use (issue 5 item 2: "the owner's networks"): the social
 * networks the owner connected — SocialConnection items in state `conectada` (issue 12; a
 * connection in `reconectar` cannot publish) — in the plan's order of preference: instagram,
 * facebook, youtube (the spec's sample plan), then the rest in the order of the 'redes' page.
 * While no network is connected, the spec's sample set is used: instagram, facebook, youtube.
 * One Query projecting only the network and the state: no token or secret is ever read here.
 */
import { SOCIAL_NETWORKS, type SocialNetwork } from '@director-ia/shared';
import { socialConnections } from '../../platform/db/entities/socialConnection';

/** The spec's sample plan networks (spec 9), also the fallback when none is connected. */
export const DEFAULT_PLAN_NETWORKS: readonly SocialNetwork[] = ['instagram', 'facebook', 'youtube'];

/** `networks` in the plan's order of preference (see the module header), without repeats. */
export function orderNetworks(networks: Iterable<SocialNetwork>): SocialNetwork[] {
  const wanted = new Set(networks);
  const preference = [...DEFAULT_PLAN_NETWORKS, ...SOCIAL_NETWORKS.filter((n) => !DEFAULT_PLAN_NETWORKS.includes(n))];
  return preference.filter((n) => wanted.has(n));
}

/** The connected networks among stored connections (`{network, state}`), in the plan order. */
export function connectedNetworks(connections: readonly { network: SocialNetwork; state: string }[]): SocialNetwork[] {
  return orderNetworks(connections.filter((c) => c.state === 'conectada').map((c) => c.network));
}

/** The networks `sub` has connected (state `conectada`), in the plan order. */
export async function connectedNetworksOf(sub: string): Promise<SocialNetwork[]> {
  const { data } = await socialConnections().query.byUser({ uid: sub }).go({ attributes: ['network', 'state'], pages: 'all' });
  return connectedNetworks(data);
}

/** The networks `sub`'s plan may use: the connected ones, or DEFAULT_PLAN_NETWORKS. */
export async function planNetworks(sub: string): Promise<SocialNetwork[]> {
  const connected = await connectedNetworksOf(sub);
  return connected.length > 0 ? connected : [...DEFAULT_PLAN_NETWORKS];
}
