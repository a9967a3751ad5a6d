/**
 * Who sent a webhook (issue 14, "verification before anything else"), all comparisons in
 * constant time:
 * - `metaSignatureValid(rawBody, header, appSecret)`: `X-Hub-Signature-256` is `sha256=<hex
 *   HMAC-SHA256 of the exact raw body keyed with the app secret>`; false when absent, malformed
 *   or different, or when there is no secret.
 * - `secretHashOf(secret)` (hex SHA-256, what a Telegram route stores) and
 *   `telegramSecretValid(header, storedHash)`: `X-Telegram-Bot-Api-Secret-Token` hashes to it.
 * - `sameText(a, b)`: two strings equal (the Meta verify token), in constant time for equal lengths.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Constant-time equality of two byte strings (different lengths: false). */
function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `a` equals `b` (see the module header). */
export const sameText = (a: string, b: string): boolean => sameBytes(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** Whether `header` signs `rawBody` with `appSecret` (see the module header). */
export function metaSignatureValid(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match?.[1] || !appSecret) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return sameBytes(Buffer.from(match[1].toLowerCase(), 'hex'), expected);
}

/** Hex SHA-256 of a webhook secret token. */
export const secretHashOf = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Whether the Telegram secret header hashes to `storedHash`. */
export function telegramSecretValid(header: string | undefined, storedHash: string | undefined): boolean {
  if (!header || !storedHash || !/^[0-9a-f]{64}$/.test(storedHash)) return false;
  return sameBytes(createHash('sha256').update(header, 'utf8').digest(), Buffer.from(storedHash, 'hex'));
}
