/**
 * PublicationDigest entity (issue 13 "the owner is told of failures by e-mail …, one digest per
 * day at most"): one item per owner who has failures to hear of or was told today, in the fixed
 * partition `publicationDigest` (sort key the owner's `sub`), so the publishing sweep finds every
 * owner with news in one Query. `pendingSince` (ISO) is set when a publication of the owner fails
 * and removed when a digest told them; `lastSentDay` ('YYYY-MM-DD' in the brand's zone) keeps it to
 * one e-mail a day. The failed publications themselves carry `digestPending`.
 */
import { defineEntity, fixed, type ItemOf, model, optional, tableIndex } from '../schema';

/** The process-wide PublicationDigest entity. */
export const publicationDigests = defineEntity({
  model: model('publicationDigest'),
  attributes: {
    owner: fixed('string'),
    pendingSince: optional('string'),
    lastSentDay: optional('string'),
    lastSentAt: optional('string'),
  },
  indexes: {
    byOwner: tableIndex({ template: 'publicationDigest', composite: [] as const }, { template: '${owner}', composite: ['owner'] as const }),
  },
});

export type PublicationDigestItem = ItemOf<typeof publicationDigests>;
