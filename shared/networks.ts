/**
 * The social networks of the product (spec section 2 'redes': the eight network cards; spec 3
 * "Integrations settings": one entry per network id). The ids are what scheduled posts store as
 * `platform` (spec 3 "Scheduled post") and what the content plan may propose (issue 5 item 2);
 * the labels are what screens show.
 */

/** Network ids, in the order of the spec's 'redes' page. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'linkedin', 'youtube', 'tiktok', 'pinterest', 'telegram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** How screens name each network. */
export const SOCIAL_NETWORK_LABELS: Readonly<Record<SocialNetwork, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  telegram: 'Telegram',
};

export function isSocialNetwork(value: string): value is SocialNetwork {
  return (SOCIAL_NETWORKS as readonly string[]).includes(value);
}

/** The label of a network id, or the id itself for a value that is not one (shown as stored). */
export function socialNetworkLabel(value: string): string {
  return isSocialNetwork(value) ? SOCIAL_NETWORK_LABELS[value] : value;
}
