/**
 * LeadNoticeDigest entity (issue 16 finding 1: past the daily cap of new-lead e-mails, the owner
 * hears of the other leads in one digest a day; core/leads/notify.ts and core/leads/digest.ts):
 * one item per owner with leads not yet told, in the fixed partition `leadNoticeDigest` (sort key
 * the owner's `sub`), so the publishing sweep finds every such owner in one Query. `pending` is the
 * number of new leads not e-mailed one by one and not yet in a digest (atomic ADD); `lastSentDay`
 * ('YYYY-MM-DD', UTC) keeps the digest to one e-mail a day.
 */
import { defineEntity, fixed, type ItemOf, model, optional, tableIndex } from '../schema';

/** The process-wide LeadNoticeDigest entity. */
export const leadNoticeDigests = defineEntity({
  model: model('leadNoticeDigest'),
  attributes: {
    owner: fixed('string'),
    pending: optional('number'),
    lastSentDay: optional('string'),
    lastSentAt: optional('string'),
  },
  indexes: {
    byOwner: tableIndex({ template: 'leadNoticeDigest', composite: [] as const }, { template: '${owner}', composite: ['owner'] as const }),
  },
});

export type LeadNoticeDigestItem = ItemOf<typeof leadNoticeDigests>;
