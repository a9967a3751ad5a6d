/**
 * The plain-text message the new-lead notice is sent as: UTF-8 subject as encoded words (folded
 * when long, never split inside a character), base64 UTF-8 body with CRLF lines, and no value that
 * can add a header line or turn into HTML. Decoded with the twin's mail reader.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMessage } from '../../../../../infra/local/mail';
import { cleanLine, cleanText, composeTextMessage, encodeHeaderWords, isPlainAddress } from '../../../../../lambdas/platform/mail/message';

const base = { from: 'marca@gmail.com', fromName: 'Director IA', to: 'dueno@marca.es', subject: 'Nuevo lead: Ana', text: 'Hola', date: new Date('2026-05-05T10:00:00Z') };

/** The header lines of a raw message, unfolded. */
const headerLines = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ').split('\r\n');

describe('composeTextMessage', () => {
  it('writes the headers of a plain UTF-8 text message', () => {
    const raw = composeTextMessage(base);
    const lines = headerLines(raw);
    expect(lines).toContain('From: "Director IA" <marca@gmail.com>');
    expect(lines).toContain('To: <dueno@marca.es>');
    expect(lines).toContain('Date: Tue, 05 May 2026 10:00:00 +0000');
    expect(lines).toContain('MIME-Version: 1.0');
    expect(lines).toContain('Content-Type: text/plain; charset=utf-8');
    expect(lines).toContain('Content-Transfer-Encoding: base64');
    expect(lines.find((line) => line.startsWith('Message-ID: '))).toMatch(/^Message-ID: <[0-9a-f]{32}@gmail\.com>$/);
    expect(raw.includes('\n') && !/[^\r]\n/.test(raw)).toBe(true);
  });

  it('carries accents and emoji in subject and body, and body lines end in CRLF once decoded', () => {
    const text = 'Nombre: José Ñúñez 🎉\nFuente: Widget web';
    const parsed = readMessage(composeTextMessage({ ...base, subject: 'Nuevo lead: José Ñúñez 🎉', text }));
    expect(parsed.subject).toBe('Nuevo lead: José Ñúñez 🎉');
    expect(parsed.text).toBe(text);
  });

  it('folds a long subject into encoded words of at most 75 characters', () => {
    const subject = `Nuevo lead: ${'Ñandú '.repeat(30)}`.trim();
    const raw = composeTextMessage({ ...base, subject });
    const subjectBlock = raw.slice(raw.indexOf('Subject: '), raw.indexOf('\r\nDate: '));
    for (const word of subjectBlock.replace('Subject: ', '').split('\r\n ')) expect(word.length).toBeLessThanOrEqual(75);
    expect(readMessage(raw).subject).toBe(subject);
  });

  it('never lets a name add a header (CR/LF and control characters are dropped)', () => {
    const raw = composeTextMessage({ ...base, subject: 'Nuevo lead: Ana\r\nBcc: victima@example.com\r\nX-Evil: 1', text: 'a\r\nb\u0000c' });
    const lines = headerLines(raw);
    expect(lines.some((line) => /^(Bcc|X-Evil):/i.test(line))).toBe(false);
    const parsed = readMessage(raw);
    expect(parsed.subject).toBe('Nuevo lead: Ana Bcc: victima@example.com X-Evil: 1');
    expect(parsed.text).toBe('a\nbc');
  });

  it('keeps HTML as inert text (text/plain only)', () => {
    const parsed = readMessage(composeTextMessage({ ...base, text: '<script>alert(1)</script><b>hola</b>' }));
    expect(parsed.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(parsed.text).toBe('<script>alert(1)</script><b>hola</b>');
  });

  it.each(['dueno@marca.es\r\nBcc: x@y.es', 'Ana <ana@x.es>', 'ana@x', 'a b@x.es', 'a,b@x.es', '', 'sin-arroba'])('refuses the address %j', (address) => {
    expect(isPlainAddress(address)).toBe(false);
    expect(() => composeTextMessage({ ...base, to: address })).toThrow('Invalid e-mail address');
    expect(() => composeTextMessage({ ...base, from: address })).toThrow('Invalid e-mail address');
  });

  it('any text round-trips through subject and body (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (text) => {
        const parsed = readMessage(composeTextMessage({ ...base, subject: text, text }));
        expect(parsed.subject).toBe(cleanLine(text));
        expect(parsed.text).toBe(cleanText(text));
      }),
    );
  });
});

describe('encodeHeaderWords', () => {
  it('encodes an empty subject as one empty word', () => {
    expect(encodeHeaderWords('')).toBe('=?UTF-8?B??=');
  });
});
