/**
 * Admin audit log (issue 17 item 1): one item per admin action (approve, reject, suspend,
 * reactivate, grant or revoke admin) under the non-tenant partition `audit`, sort key
 * `<at>#<id>`, so the admin panel reads it newest first with a paginated Query. Written in the
 * same transaction as the change it records where there is one (status changes); an admin-group
 * change happens in Cognito first and its entry is written with the profile's mirror.
 */
import { AUDIT_ACTIONS } from '@director-ia/shared';
import { defineEntity, fixed, type ItemOf, model, optional, tableIndex } from '../schema';

/** The audit log's table partition (IAM LeadingKeys pattern). */
export const AUDIT_PARTITION = 'audit';

/** The process-wide audit entry entity (created on first use). */
export const auditEntries = defineEntity({
  model: model('auditEntry'),
  attributes: {
    id: fixed('string'),
    /** ISO 8601. */
    at: fixed('string'),
    action: fixed(AUDIT_ACTIONS),
    actorUid: fixed('string'),
    actorEmail: fixed('string'),
    targetUid: fixed('string'),
    targetEmail: fixed('string'),
    detail: optional('string'),
  },
  indexes: {
    byTime: tableIndex({ template: AUDIT_PARTITION, composite: [] as const }, { template: 'audit#${at}#${id}', composite: ['at', 'id'] as const }),
  },
});

export type AuditEntryItem = ItemOf<typeof auditEntries>;
