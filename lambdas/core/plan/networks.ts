/**
 * The networks a monthly plan may use (issue 5 item 2: "the owner's networks"): the social
 * networks the owner connected, read from the integrations settings item in the spec's shape
 * (spec 3 "Integrations settings": one entry per network id with `connected`), in the plan's order
 * of preference — instagram, facebook, youtube (the spec's sample plan), then the rest in the order
 * of the 'redes' page. While no network is connected (the social connection flow is a later
 * issue), the spec's sample set is used: instagram, facebook, youtube.
 * One GetItem projecting only the network entries: no token or secret is ever read here.
 */
import { SOCIAL_NETWORKS, type SocialNetwork } from '@director-ia/shared';
import { readNetworkConnections } from '../../platform/db/entities/integrationSettings';

/** The spec's sample plan networks (spec 9), also the fallback when none is connected. */
export const DEFAULT_PLAN_NETWORKS: readonly SocialNetwork[] = ['instagram', 'facebook', 'youtube'];

/** `networks` in the plan's order of preference (see the module header), without repeats. */
export function orderNetworks(networks: Iterable<SocialNetwork>): SocialNetwork[] {
  const wanted = new Set(networks);
  const preference = [...DEFAULT_PLAN_NETWORKS, ...SOCIAL_NETWORKS.filter((n) => !DEFAULT_PLAN_NETWORKS.includes(n))];
  return preference.filter((n) => wanted.has(n));
}

/** The connected networks among the entries of a stored integrations item. */
export function connectedNetworks(item: Record<string, unknown> | undefined): SocialNetwork[] {
  if (!item) return [];
  return orderNetworks(SOCIAL_NETWORKS.filter((n) => (item[n] as { connected?: unknown } | undefined)?.connected === true));
}

/** The networks `sub`'s plan may use: the connected ones, or DEFAULT_PLAN_NETWORKS. */
export async function planNetworks(sub: string): Promise<SocialNetwork[]> {
  const connected = connectedNetworks(await readNetworkConnections(sub, SOCIAL_NETWORKS));
  return connected.length > 0 ? connected : [...DEFAULT_PLAN_NETWORKS];
}
