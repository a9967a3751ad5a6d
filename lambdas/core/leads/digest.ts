/**
 * The daily digest of new leads (issue 16 finding 1; entity
 * platform/db/entities/leadNoticeDigest.ts), sent by the publishing sweep (core/publishing/sweep.ts)
 * like the publishing failure digest:
 * - `leadDigestNotice(count, siteUrl)`: subject 'Director IA: N leads nuevos más' and a Spanish
 *   plain-text body ("… y N leads más …") pointing to the Leads page; no lead's personal data.
 * - `sendLeadDigests(now, remainingMs)`: for every owner with `pending` leads and no digest yet
 *   this UTC day, one e-mail through ../notices/owner.ts. Sent, or no Gmail configured (nobody to
 *   tell): the told count is taken off `pending` (atomic ADD, so leads counted meanwhile stay for
 *   tomorrow's) and the day recorded, under the condition that no digest was recorded today (a
 *   second run, or a concurrent one, writes nothing). A failure to send leaves it for the next
 *   sweep. Returns the number of e-mails sent.
 */
import { SITE_URL_ENV } from '@director-ia/shared';
import { leadNoticeDigests, type LeadNoticeDigestItem } from '../../platform/db/entities/leadNoticeDigest';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { logger } from '../../platform/logger';
import { sendOwnerNotice, type OwnerNotice } from '../notices/owner';
import { dashboardUrl } from './email';
import { dailyLeadNotices } from './notify';

/** The digest e-mail of `count` leads not e-mailed one by one (see the module header). */
export function leadDigestNotice(count: number, siteUrl = dashboardUrl(process.env[SITE_URL_ENV])): OwnerNotice {
  const leads = count === 1 ? '1 lead' : `${count} leads`;
  const where = siteUrl ? `la sección «Leads» de tu panel de Director IA: ${siteUrl}/leads` : 'la sección «Leads» de tu panel de Director IA.';
  const text = [
    'Hola:',
    '',
    `Para no llenar tu correo, te avisamos uno a uno de los ${dailyLeadNotices()} primeros leads de cada día, y ${leads} más han llegado desde entonces.`,
    '',
    `Los tienes todos en ${where}`,
    '',
    '—',
    'Director IA · Este aviso se envía con la cuenta de Gmail que conectaste en Integraciones.',
  ].join('\n');
  return { subject: `Director IA: ${count === 1 ? '1 lead nuevo más' : `${count} leads nuevos más`}`, text };
}

/** One owner's digest; true when an e-mail went out. */
async function digestFor(entry: LeadNoticeDigestItem, now: Date): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const count = entry.pending ?? 0;
  if (count <= 0 || entry.lastSentDay === day) return false;
  const result = await sendOwnerNotice(entry.owner, leadDigestNotice(count), { message: 'New-lead digest not sent', fields: { count: String(count) } });
  if (result === 'failed') return false;
  try {
    await leadNoticeDigests()
      .patch({ owner: entry.owner })
      .add({ pending: -count })
      .set({ lastSentDay: day, lastSentAt: now.toISOString() })
      // In parentheses: ElectroDB joins a patch's existence check and this with a bare AND, and
      // `a AND b OR c` would let the OR recreate a digest deleted meanwhile (an account deletion).
      .where((attr, op) => `(${op.notExists(attr.lastSentDay)} OR ${op.ne(attr.lastSentDay, day)})`)
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  return result === 'sent';
}

/** See the module header. */
export async function sendLeadDigests(now: Date, remainingMs: () => number): Promise<number> {
  const { data } = await leadNoticeDigests().query.byOwner({}).go({ pages: 'all' });
  let sent = 0;
  for (const entry of data) {
    if ((entry.pending ?? 0) <= 0) continue;
    if (remainingMs() < 30_000) break;
    try {
      if (await digestFor(entry, now)) sent += 1;
    } catch (error) {
      logger.error('New-lead digest failed', { error: { name: (error as Error).name } });
    }
  }
  return sent;
}
