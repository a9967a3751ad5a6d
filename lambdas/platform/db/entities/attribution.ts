/**
 * The stored shape of an attribution (issue 15 item 4, shared AttributionSchema): where a widget
 * conversation or a lead came from — the tracked link followed (`ref`), what it was made for, its
 * title then, its network and campaign — and the visit's UTM as given. One definition for the
 * Conversation and Lead entities.
 */
import { LINK_SOURCE_KINDS } from '@director-ia/shared';
import { optional } from '../schema';

export const ATTRIBUTION = {
  type: 'map',
  properties: {
    ref: optional('string'),
    kind: optional(LINK_SOURCE_KINDS),
    sourceId: optional('string'),
    sourceTitle: optional('string'),
    network: optional('string'),
    campaignId: optional('string'),
    campaignName: optional('string'),
    utm: { type: 'map', properties: { source: optional('string'), medium: optional('string'), campaign: optional('string'), content: optional('string') } },
  },
} as const;
