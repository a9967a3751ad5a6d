/**
 * The new-lead e-mail (issue 6 item 2): when a lead is stored, the owner gets a notice through
 * the Gmail address and app password of Integraciones (../notices/owner.ts `sendOwnerNotice`, the
 * path every owner notice takes).
 *
 * `notifyNewLead(sub, lead, now)` → `'sent' | 'not-configured' | 'failed' | 'deferred'`, and never
 * throws (see `sendOwnerNotice`); a failure is logged with the lead id only: never the app
 * password, never the lead's personal data.
 *
 * Issue 16 finding 1: at most `dailyLeadNotices()` immediate notices per owner per UTC day (env
 * LEAD_NOTICES_PER_DAY, a whole number ≥ 0; unset or invalid → DEFAULT_DAILY_LEAD_NOTICES), on the
 * counter `leadNotices` (platform/db/counters.ts). A lead past it is 'deferred': counted on the
 * owner's LeadNoticeDigest, which the publishing sweep sends as one digest a day (./digest.ts).
 *
 * Used by every path that stores a new lead: the widget's lead capture
 * (lambdas/core/widget/leads.ts) and the inbox (lambdas/core/inbox/leads.ts). A Lambda that calls
 * this needs table read/write (integrations, profile, the counter, the digest item) and
 * 'secrets:open' (kms:Decrypt) in infra/functions.ts, and network access to the SMTP server.
 */
import { counterFor, takeUnit } from '../../platform/db/counters';
import type { LeadItem } from '../../platform/db/entities/lead';
import { leadNoticeDigests } from '../../platform/db/entities/leadNoticeDigest';
import { logger } from '../../platform/logger';
import { sendOwnerNotice, type NotifyResult } from '../notices/owner';
import { newLeadNotice } from './email';

export { safeErrorFields, type NotifyResult } from '../notices/owner';

/** Immediate new-lead e-mails per owner per UTC day when env LEAD_NOTICES_PER_DAY is unset. */
export const DEFAULT_DAILY_LEAD_NOTICES = 20;
export const LEAD_NOTICES_PER_DAY_ENV = 'LEAD_NOTICES_PER_DAY';

/** The configured immediate new-lead e-mails per owner per UTC day (see the module header). */
export function dailyLeadNotices(env: Record<string, string | undefined> = process.env): number {
  const raw = env[LEAD_NOTICES_PER_DAY_ENV]?.trim();
  if (!raw || !/^\d{1,9}$/.test(raw)) return DEFAULT_DAILY_LEAD_NOTICES;
  return Number(raw);
}

/** What `notifyNewLead` did: an e-mail's outcome, or 'deferred' to the daily digest. */
export type NewLeadNotifyResult = NotifyResult | 'deferred';

/** E-mails the owner of `sub` about `lead`, or defers it to the digest past the cap (see the module header). */
export async function notifyNewLead(sub: string, lead: LeadItem, now = new Date()): Promise<NewLeadNotifyResult> {
  try {
    if ((await takeUnit(counterFor({ kind: 'leadNotices', uid: sub }, now), dailyLeadNotices())) === null) {
      await leadNoticeDigests().update({ owner: sub }).add({ pending: 1 }).go();
      return 'deferred';
    }
  } catch (error) {
    logger.warn('New-lead notice cap not applied', { leadId: lead.id, errorName: (error as Error).name });
    return 'failed';
  }
  return sendOwnerNotice(sub, newLeadNotice(lead), { message: 'New-lead e-mail not sent', fields: { leadId: lead.id } });
}
