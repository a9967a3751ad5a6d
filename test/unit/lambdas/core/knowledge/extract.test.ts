/**
 * Extraction: the real format from magic bytes, TXT decoding (UTF-8, Latin-1 fallback, BOMs),
 * and text out of real PDF and DOCX files with Spanish accents intact.
 */
import { describe, expect, it } from 'vitest';
import { decodeText, DocumentRejected, extractText, formatForContentType, REJECTION, sniffFormat } from '../../../../../lambdas/core/knowledge/extract';
import { DOCX_CONTENT_TYPE } from '@director-ia/shared';
import { latin1, makeDocx, makePdf, SPANISH_DOCS, utf8 } from '../../../../support/knowledge-fixtures';

const SPANISH = 'Añadir la canción «Mañana» al catálogo: ¿está en el año 2025? ¡Sí! Ñoño, pingüino, corazón.';

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DocumentRejected);
  return (error as DocumentRejected).reason;
}

describe('decodeText', () => {
  it('decodes UTF-8 as is', () => expect(decodeText(utf8(SPANISH))).toBe(SPANISH));

  it('falls back to Latin-1 (windows-1252) when the bytes are not valid UTF-8', () => {
    expect(decodeText(latin1(SPANISH))).toBe(SPANISH);
    // windows-1252 extras in 0x80–0x9f: € and curly quotes from Windows editors.
    expect(decodeText(Uint8Array.from([0x80, 0x20, 0x93, 0x68, 0x6f, 0x6c, 0x61, 0x94]))).toBe('€ “hola”');
  });

  it('honours byte order marks (UTF-8, UTF-16 LE and BE)', () => {
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('ñandú')]))).toBe('ñandú');
    const le = Buffer.from('ñandú', 'utf16le');
    expect(decodeText(Uint8Array.from([0xff, 0xfe, ...le]))).toBe('ñandú');
    const be = Buffer.from(le).swap16();
    expect(decodeText(Uint8Array.from([0xfe, 0xff, ...be]))).toBe('ñandú');
  });
});

describe('sniffFormat (magic bytes)', () => {
  it('recognises PDF, DOCX and text', async () => {
    expect(sniffFormat(await makePdf([['Hola']]))).toBe('pdf');
    expect(sniffFormat(await makeDocx(['Hola']))).toBe('docx');
    expect(sniffFormat(latin1(SPANISH))).toBe('text');
    expect(sniffFormat(Uint8Array.from([0xff, 0xfe, 0x41, 0x00]))).toBe('text');
  });

  it('refuses other zips and binary data', () => {
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...utf8('xl/workbook.xml')]);
    expect(sniffFormat(zip)).toBeUndefined();
    expect(sniffFormat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]))).toBeUndefined();
  });

  it('maps declared content types to formats', () => {
    expect(formatForContentType('application/pdf')).toBe('pdf');
    expect(formatForContentType(DOCX_CONTENT_TYPE)).toBe('docx');
    expect(formatForContentType('text/plain; charset=utf-8')).toBe('text');
    expect(formatForContentType('image/png')).toBeUndefined();
  });
});

describe('extractText', () => {
  it('reads a multi-page PDF with accents, ñ and inverted punctuation intact', async () => {
    const { paragraphs, words } = SPANISH_DOCS.panaderia;
    const text = await extractText(await makePdf([paragraphs.slice(0, 2), paragraphs.slice(2)]), 'pdf');
    for (const word of words) expect(text).toContain(word);
  });

  it('reads a DOCX with accents intact', async () => {
    const { paragraphs, words } = SPANISH_DOCS.taller;
    const text = await extractText(await makeDocx([...paragraphs]), 'docx');
    for (const word of words) expect(text).toContain(word);
  });

  it('reads Latin-1 and UTF-8 text files alike', async () => {
    const { paragraphs, words } = SPANISH_DOCS.cafeteria;
    for (const bytes of [latin1(paragraphs.join('\r\n')), utf8(paragraphs.join('\n'))]) {
      const text = await extractText(bytes, 'text');
      for (const word of words) expect(text).toContain(word);
    }
  });

  it('refuses empty files, mismatched formats, corrupt files and files without text', async () => {
    expect(await rejection(extractText(new Uint8Array(), 'pdf'))).toBe(REJECTION.empty);
    expect(await rejection(extractText(utf8('no soy un pdf'), 'pdf'))).toBe(REJECTION.notPdf);
    expect(await rejection(extractText(await makePdf([['Hola']]), 'docx'))).toBe(REJECTION.notDocx);
    expect(await rejection(extractText(Uint8Array.from([1, 0, 2, 0]), 'text'))).toBe(REJECTION.notText);
    expect(await rejection(extractText(utf8('%PDF-1.7\n1 0 obj << /Type /Catalog >> basura'), 'pdf'))).toBe(REJECTION.corruptPdf);
    const brokenDocx = (await makeDocx(['Hola'])).slice(0, 400);
    expect(await rejection(extractText(brokenDocx, 'docx'))).toBe(REJECTION.corruptDocx);
    expect(await rejection(extractText(await makePdf([[]]), 'pdf'))).toBe(REJECTION.noText);
    expect(await rejection(extractText(utf8(' \n\t . , '), 'text'))).toBe(REJECTION.noText);
  });
});
