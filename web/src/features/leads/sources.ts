/**
 * The 'Fuente' of a lead (issue 6 item 2; issue 14 item 4): every channel the person reached the
 * brand through, first one first ('Instagram, Widget web'); leads from before Bandeja carry only
 * their `source`.
 */
import { attributionLabel, LEAD_SOURCE_LABELS, socialNetworkLabel, type Lead } from '@director-ia/shared';

export function leadSourcesText(lead: Pick<Lead, 'source' | 'channels'>): string {
  const channels = lead.channels && lead.channels.length > 0 ? lead.channels : [lead.source];
  return [...new Set(channels)].map((channel) => LEAD_SOURCE_LABELS[channel]).join(', ');
}

/**
 * The 'Origen' of a lead (issue 15 item 4): the post, article, campaign and network that brought the
 * person ('Publicación «Oferta» · Instagram'), or the UTM of the visit; '' when unknown.
 */
export function leadOriginText(lead: Pick<Lead, 'attribution'>): string {
  return attributionLabel(lead.attribution, socialNetworkLabel);
}

/** The Bandeja conversation a lead's 'Ver en Bandeja' opens: the newest linked one, or null. */
export function leadConversation(lead: Pick<Lead, 'conversationIds'>): string | null {
  return lead.conversationIds?.at(-1) ?? null;
}
