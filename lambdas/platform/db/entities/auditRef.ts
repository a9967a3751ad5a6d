/**
 * Audit reference (issue 17 items 1 and 2): for each audit entry, one item in the partition of
 * each user it names (`user#<uid>`, sort key `auditref#<at>#<id>`), written in the audit entry's
 * transaction. The audit log lives in the shared partition `audit`; these references are how an
 * account deletion finds, with a Query of the owner's own partition (no Scan, no index), the
 * entries that name the owner, to redact them before the partition itself is emptied.
 */
import { defineEntity, fixed, type ItemOf, model, TENANT, tenantIndex } from '../schema';

/** The process-wide audit reference entity (created on first use). */
export const auditRefs = defineEntity({
  model: model('auditRef'),
  attributes: {
    ...TENANT,
    /** The audit entry's `at` and `id` (its sort key `audit#<at>#<id>`). */
    at: fixed('string'),
    id: fixed('string'),
  },
  indexes: {
    byUser: tenantIndex('auditref#${at}#${id}', 'at', 'id'),
  },
});

export type AuditRefItem = ItemOf<typeof auditRefs>;
