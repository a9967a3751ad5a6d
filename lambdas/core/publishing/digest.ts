/**
 * The daily failure digest (issue 13 "the owner is told of failures by e-mail through the existing
 * notice path, one digest per day at most"; entity platform/db/entities/publicationDigest.ts).
 *
 * - `digestNotice(failed, zone, siteUrl)`: subject PUBLICATION_MSG.digestSubject(count) and a
 *   plain-text body, in Spanish, one line per publication (title, network and destination, local
 *   date and time, the reason), pointing to the calendar (with its address when SITE_URL is set).
 * - `sendDigests(now, remainingMs)`: for every owner pending on the digest and not yet told today
 *   (their brand's calendar day), the failed publications still `digestPending` go out in one
 *   e-mail through ../notices/owner.ts. Sent (or no Gmail configured: nobody to tell) → those
 *   publications are cleared and the day recorded; a failure to send leaves everything for the
 *   next sweep. A publication that failed while the digest was being sent keeps the owner pending.
 */
import { localDateTime, postWhenLabel, PUBLICATION_MSG, SITE_URL_ENV, SOCIAL_NETWORK_LABELS } from '@director-ia/shared';
import { publications } from '../../platform/db/entities/publication';
import { publicationDigests, type PublicationDigestItem } from '../../platform/db/entities/publicationDigest';
import { cleanLine } from '../../platform/mail/message';
import { logger } from '../../platform/logger';
import { dashboardUrl } from '../leads/email';
import { sendOwnerNotice, type OwnerNotice } from '../notices/owner';
import { brandTimeZone } from '../settings/aiSettings';
import { conditional, keyOf, listAllPublications, type PublicationItem } from './store';

/** Most publications listed in one digest (the rest are counted). */
const MAX_LINES = 50;

/** The digest e-mail of `failed` (see the module header). */
export function digestNotice(failed: readonly PublicationItem[], zone: string, siteUrl = dashboardUrl(process.env[SITE_URL_ENV])): OwnerNotice {
  const lines = failed.slice(0, MAX_LINES).map((item) => {
    const { date, time } = localDateTime(item.dueAt, zone);
    const where = item.targetName ? `${SOCIAL_NETWORK_LABELS[item.network]} (${cleanLine(item.targetName)})` : SOCIAL_NETWORK_LABELS[item.network];
    return `- «${cleanLine(item.title)}» en ${where}, ${postWhenLabel(date, time)}: ${item.reason ?? PUBLICATION_MSG.notPublished}`;
  });
  const more = failed.length > MAX_LINES ? [`… y ${failed.length - MAX_LINES} más.`] : [];
  const calendar = siteUrl ? `el Calendario de tu panel de Director IA: ${siteUrl}/calendario` : 'el Calendario de tu panel de Director IA.';
  const text = [
    'Hola:',
    '',
    failed.length === 1 ? 'Esta publicación no salió como estaba previsto:' : 'Estas publicaciones no salieron como estaba previsto:',
    '',
    ...lines,
    ...more,
    '',
    `Puedes reintentarlas o corregirlas en ${calendar}`,
    '',
    'Director IA',
  ].join('\n');
  return { subject: PUBLICATION_MSG.digestSubject(failed.length), text };
}

const pendingOf = async (owner: string) => (await listAllPublications(owner)).filter((item) => item.digestPending);

/** One owner's digest; true when an e-mail went out. */
async function digestFor(entry: PublicationDigestItem, now: Date): Promise<boolean> {
  const zone = await brandTimeZone(entry.owner);
  const day = localDateTime(now, zone).date;
  if (entry.lastSentDay === day) return false;
  const failed = await pendingOf(entry.owner);
  let sent = false;
  if (failed.length > 0) {
    const result = await sendOwnerNotice(entry.owner, digestNotice(failed, zone), { message: 'Publishing digest not sent', fields: { count: String(failed.length) } });
    if (result === 'failed') return false;
    if (result === 'not-configured') logger.info('Publishing digest: no Gmail configured; nobody to tell', { count: failed.length });
    sent = result === 'sent';
    for (const item of failed) await conditional(publications().patch(keyOf(item)).remove(['digestPending']).go());
  }
  const at = now.toISOString();
  await publicationDigests()
    .update({ owner: entry.owner })
    .set({ ...(sent ? { lastSentDay: day, lastSentAt: at } : {}) })
    .remove(['pendingSince'])
    .go();
  // A failure recorded while this digest was written waits for tomorrow's.
  if ((await pendingOf(entry.owner)).length > 0) await publicationDigests().update({ owner: entry.owner }).set({ pendingSince: at }).go();
  return sent;
}

/** See the module header; the number of e-mails sent. */
export async function sendDigests(now: Date, remainingMs: () => number): Promise<number> {
  const { data } = await publicationDigests().query.byOwner({}).go({ pages: 'all' });
  let sent = 0;
  for (const entry of data) {
    if (!entry.pendingSince) continue;
    if (remainingMs() < 30_000) break;
    try {
      if (await digestFor(entry, now)) sent += 1;
    } catch (error) {
      logger.error('Publishing digest failed', { error: { name: (error as Error).name } });
    }
  }
  return sent;
}
