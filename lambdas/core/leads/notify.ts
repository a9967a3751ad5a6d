/**
 * The new-lead e-mail (issue 6 item 2): when a lead is stored, the owner gets a notice through
 * the Gmail address and app password of Integraciones (../notices/owner.ts `sendOwnerNotice`, the
 * path every owner notice takes).
 *
 * `notifyNewLead(sub, lead)` → `'sent' | 'not-configured' | 'failed'`, and never throws (see
 * `sendOwnerNotice`); a failure is logged with the lead id only: never the app password, never the
 * lead's personal data.
 *
 * Used by the widget's lead capture (lambdas/core/widget/leads.ts). A Lambda that calls this needs
 * table read (integrations, profile) and 'secrets:open' (kms:Decrypt) in infra/functions.ts, and
 * network access to the SMTP server (Lambdas outside a VPC have it).
 */
import type { LeadItem } from '../../platform/db/entities/lead';
import { sendOwnerNotice, type NotifyResult } from '../notices/owner';
import { newLeadNotice } from './email';

export { safeErrorFields, type NotifyResult } from '../notices/owner';

/** E-mails the owner of `sub` about `lead` (see the module header). */
export async function notifyNewLead(sub: string, lead: LeadItem): Promise<NotifyResult> {
  return sendOwnerNotice(sub, newLeadNotice(lead), { message: 'New-lead e-mail not sent', fields: { leadId: lead.id } });
}
