/**
 * E-mail notices to a brand's owner (issue 6 item 2's new-lead notice, issue 13's daily
 * publishing digest): sent through the Gmail address and app password of Integraciones (SMTP,
 * platform/mail/smtp.ts; Gmail by default, env SMTP_* for the twin and tests).
 *
 * `sendOwnerNotice(sub, {subject, text}, log)` → `'sent' | 'not-configured' | 'failed'`, never throws:
 * - 'not-configured': the brand has no Gmail address or no app password in Integraciones;
 * - 'failed': anything else went wrong (secret not opened, server away, AUTH refused, recipient
 *   refused); logged as a warning with `log.message`, `log.fields` (ids only) and the error's
 *   name/code/command: never the app password, never personal data;
 * - 'sent': the server accepted the message.
 * Sender: the Gmail address (it is also the SMTP login). Recipient: the owner's account e-mail (the
 * profile's), or the Gmail address when the profile has none. A Lambda that calls this needs table
 * read (integrations, profile), 'secrets:open' (kms:Decrypt) and network access to the SMTP server.
 */
import { profiles } from '../../platform/db/entities/profile';
import { logger } from '../../platform/logger';
import { composeTextMessage, isPlainAddress } from '../../platform/mail/message';
import { sendMail, smtpSettingsFromEnv } from '../../platform/mail/smtp';
import { openSecret } from '../../platform/secrets/lazy';
import { hasSecret, readIntegrationsItem } from '../settings/integrations';

export type NotifyResult = 'sent' | 'not-configured' | 'failed';

/** The display name of every notice's sender. */
const SENDER_NAME = 'Director IA';

/** What may be logged of a failure: names and codes, never messages (they can echo input). */
export function safeErrorFields(error: unknown): Record<string, string | number> {
  const fields: Record<string, string | number> = {};
  if (!(error instanceof Error)) return { errorName: typeof error };
  fields.errorName = error.name;
  const { code, responseCode, command } = error as { code?: unknown; responseCode?: unknown; command?: unknown };
  if (typeof code === 'string' && /^[A-Za-z_]{1,40}$/.test(code)) fields.code = code;
  if (typeof responseCode === 'number') fields.responseCode = responseCode;
  // Only the SMTP verb: an AUTH command line may carry encoded credentials.
  if (typeof command === 'string') fields.command = command.split(/\s/)[0]?.slice(0, 12).toUpperCase() ?? '';
  return fields;
}

/** The owner's account e-mail, or null. */
async function ownerEmail(sub: string): Promise<string | null> {
  const { data } = await profiles().get({ uid: sub }).go({ attributes: ['email'] });
  return data?.email ?? null;
}

/** One notice: its subject and plain text. */
export interface OwnerNotice {
  subject: string;
  text: string;
}

/** E-mails `notice` to the owner of `sub` (see the module header); `log` names the failure in the logs. */
export async function sendOwnerNotice(sub: string, notice: OwnerNotice, log: { message: string; fields?: Record<string, string> }): Promise<NotifyResult> {
  return sendThroughBrandGmail(sub, async (address) => {
    const profileEmail = (await ownerEmail(sub))?.trim();
    return profileEmail && isPlainAddress(profileEmail) ? profileEmail : address;
  }, notice, log);
}

/**
 * E-mails `notice` to `to` through the Gmail of Integraciones of `senderSub` (issue 17 item 1: the
 * approving admin's Gmail tells a user their account was approved). Same results as
 * `sendOwnerNotice`; 'failed' also when `to` is not a plain address.
 */
export async function sendNoticeAs(senderSub: string, to: string, notice: OwnerNotice, log: { message: string; fields?: Record<string, string> }): Promise<NotifyResult> {
  return sendThroughBrandGmail(senderSub, async () => {
    if (!isPlainAddress(to)) throw new Error('Invalid recipient address');
    return to;
  }, notice, log);
}

async function sendThroughBrandGmail(
  sub: string,
  recipient: (gmailAddress: string) => Promise<string>,
  notice: OwnerNotice,
  log: { message: string; fields?: Record<string, string> },
): Promise<NotifyResult> {
  try {
    const settings = await readIntegrationsItem(sub);
    const address = settings?.gmailAddress?.trim() ?? '';
    if (!settings || !address || !hasSecret(settings, 'gmailAppPassword')) return 'not-configured';
    const sealed = settings.gmailAppPasswordSealed ?? '';
    // Google shows app passwords in groups of four ('abcd efgh ijkl mnop'); the login takes them without spaces.
    const pass = (await openSecret(sealed, { tenant: sub, field: 'gmailAppPassword' })).replace(/\s+/g, '');
    const to = await recipient(address);
    const raw = composeTextMessage({ from: address, fromName: SENDER_NAME, to, subject: notice.subject, text: notice.text });
    await sendMail(smtpSettingsFromEnv(), { user: address, pass }, { from: address, to }, raw);
    return 'sent';
  } catch (error) {
    logger.warn(log.message, { ...log.fields, ...safeErrorFields(error) });
    return 'failed';
  }
}
