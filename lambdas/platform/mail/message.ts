/**
 * A plain-text e-mail as one RFC 5322 message (what ./smtp.ts sends): UTF-8 text in base64, the
 * subject as RFC 2047 encoded words, CRLF line endings. Plain text only, so nothing a visitor
 * typed can become HTML in the owner's mail client; header values are built only from encoded
 * words and checked addresses, so no value can add a header line.
 *
 * `composeTextMessage({from, fromName?, to, subject, text, date?, messageIdDomain?})` → the raw
 * message. Throws when an address is not a plain `local@domain` (no spaces, brackets, quotes,
 * commas or control characters).
 */
import { randomBytes } from 'node:crypto';

export interface TextMessage {
  from: string;
  /** ASCII display name of the sender, e.g. 'Director IA'. */
  fromName?: string;
  to: string;
  subject: string;
  text: string;
  date?: Date;
}

/** A bare address: no display name, no whitespace or characters that could split a header. */
const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

export function isPlainAddress(address: string): boolean {
  return address.length <= 254 && ADDRESS.test(address);
}

/** Control characters a header or a line of text must not carry (tabs and newlines handled apart). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `text` without control characters, with CRLF, CR and LF all as LF. */
export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

/** One header line's worth of text: no line breaks or control characters, spaces collapsed. */
export function cleanLine(text: string): string {
  return cleanText(text).replace(/\s+/g, ' ').trim();
}

/** Bytes of UTF-8 per encoded word, so each word stays within RFC 2047's 75 characters. */
const WORD_BYTES = 45;

/** `text` as RFC 2047 'B' encoded words, folded onto continuation lines (never split inside a character). */
export function encodeHeaderWords(text: string): string {
  const words: string[] = [];
  let chunk = '';
  for (const char of cleanLine(text)) {
    if (Buffer.byteLength(chunk + char) > WORD_BYTES) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk || words.length === 0) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`).join('\r\n ');
}

/** RFC 5322 date, e.g. 'Tue, 05 May 2026 10:00:00 +0000'. */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

/** The raw message (see the module header). */
export function composeTextMessage(message: TextMessage): string {
  for (const address of [message.from, message.to]) {
    if (!isPlainAddress(address)) throw new Error('Invalid e-mail address');
  }
  const fromName = message.fromName ? cleanLine(message.fromName).replace(/[^\x20-\x7e]|["\\]/g, '') : '';
  const domain = message.from.split('@')[1] ?? 'localhost';
  const body = Buffer.from(cleanText(message.text).replace(/\n/g, '\r\n'), 'utf8').toString('base64');
  const headers = [
    `From: ${fromName ? `"${fromName}" ` : ''}<${message.from}>`,
    `To: <${message.to}>`,
    `Subject: ${encodeHeaderWords(message.subject)}`,
    `Date: ${rfc5322Date(message.date ?? new Date())}`,
    `Message-ID: <${randomBytes(16).toString('hex')}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${(body.match(/.{1,76}/g) ?? []).join('\r\n')}\r\n`;
}
