/**
 * Text extraction from knowledge documents: the real format from magic bytes (never trusting the
 * declared type alone), then PDF via unpdf (pdf.js), DOCX via mammoth, TXT decoded as UTF-8 or,
 * when the bytes are not valid UTF-8, as Latin-1 (windows-1252), so Spanish accents survive.
 * The PDF and DOCX libraries are imported only when a file of that format arrives.
 * Failures the user can act on are `DocumentRejected` with a Spanish reason.
 *
 * Bombs (issue 16 finding 6): a 10 MB upload can inflate to gigabytes or hold thousands of pages,
 * so the caps below are checked before the text is extracted: a DOCX's parts are inflated as a
 * stream and counted (actual bytes, whatever the zip headers declare), stopping at the cap; a
 * PDF's page count is read from its catalog before any page is.
 */

import type { JSZipObject, JSZipStreamHelper } from 'jszip';
import { UPLOAD_MSG, UPLOAD_RULES } from '@director-ia/shared';

export type DocumentFormat = 'pdf' | 'docx' | 'text';

/** A document that cannot be used, with the reason the user sees (Spanish). */
export class DocumentRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DocumentRejected';
  }
}

export const REJECTION = {
  empty: UPLOAD_MSG.empty,
  tooLarge: UPLOAD_MSG.tooLarge,
  unsupported: UPLOAD_MSG.wrongType(UPLOAD_RULES.knowledge.hint),
  notPdf: 'El archivo no es un PDF válido.',
  notDocx: 'El archivo no es un documento DOCX válido.',
  notText: 'El archivo no es un archivo de texto.',
  corruptPdf: 'No se pudo leer el PDF: el archivo está dañado.',
  protectedPdf: 'No se pudo leer el PDF: está protegido con contraseña.',
  corruptDocx: 'No se pudo leer el documento DOCX: el archivo está dañado.',
  noText: 'No se encontró texto en el documento (¿es una imagen escaneada?).',
  tooLong: (maxChars: number) => `El documento tiene demasiado texto (máximo ${maxChars.toLocaleString('es-ES')} caracteres).`,
  docxTooLarge: (maxMb: number) => `El documento DOCX es demasiado grande al descomprimirlo (máximo ${maxMb} MB).`,
  tooManyPages: (maxPages: number) => `El PDF tiene demasiadas páginas (máximo ${maxPages}).`,
} as const;

const MB = 1024 * 1024;
/**
 * Largest DOCX once inflated, all parts together (bytes). A DOCX's text fits MAX_TEXT_CHARS
 * (1M characters) in well under this; mammoth builds a DOM of document.xml, so that part has a
 * tighter cap.
 */
export const DOCX_MAX_INFLATED_BYTES = 50 * MB;
/** Largest inflated word/document.xml (bytes). */
export const DOCX_MAX_DOCUMENT_XML_BYTES = 20 * MB;
/** Most parts a DOCX may hold (a real one has a few dozen). */
export const DOCX_MAX_PARTS = 1000;
/** Most pages a PDF may have: MAX_TEXT_CHARS is ~300–1000 pages of text. */
export const PDF_MAX_PAGES = 1000;

/** The format a declared content type promises, or undefined for types we do not process. */
export function formatForContentType(contentType: string): DocumentFormat | undefined {
  switch (contentType.split(';')[0]?.trim().toLowerCase()) {
    case 'application/pdf':
      return 'pdf';
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      return 'docx';
    case 'text/plain':
      return 'text';
    default:
      return undefined;
  }
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const PDF_MAGIC = ascii('%PDF-');
const ZIP_MAGIC = ascii('PK\u0003\u0004');
const DOCX_PART = ascii('word/document.xml');

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0, to = haystack.length): number {
  const last = Math.min(to, haystack.length) - needle.length;
  outer: for (let i = from; i <= last; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return indexOf(bytes, prefix, 0, prefix.length) === 0;
}

/**
 * The format the bytes really have: 'pdf' (`%PDF-` within the first 1024 bytes, as readers
 * accept), 'docx' (a zip archive holding `word/document.xml`), 'text' (no NUL bytes in the
 * first 8 KB, or a UTF-16 byte order mark), otherwise undefined.
 */
export function sniffFormat(bytes: Uint8Array): DocumentFormat | undefined {
  if (indexOf(bytes, PDF_MAGIC, 0, 1024) >= 0) return 'pdf';
  if (startsWith(bytes, ZIP_MAGIC)) return indexOf(bytes, DOCX_PART) >= 0 ? 'docx' : undefined;
  if (hasUtf16Bom(bytes)) return 'text';
  return bytes.subarray(0, 8192).includes(0) ? undefined : 'text';
}

function hasUtf16Bom(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

/**
 * Plain text from bytes: a BOM decides when present (UTF-8, UTF-16 LE/BE); otherwise strict
 * UTF-8, falling back to windows-1252 (the superset of Latin-1 Windows editors write) when the
 * bytes are not valid UTF-8.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

async function extractPdf(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (and may detach) the buffer it is given: pass a copy.
    pdf = await getDocumentProxy(bytes.slice(), { verbosity: 0 }); // 0: errors only, no console noise
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException') throw new DocumentRejected(REJECTION.protectedPdf);
    throw new DocumentRejected(REJECTION.corruptPdf);
  }
  try {
    if (pdf.numPages > PDF_MAX_PAGES) throw new DocumentRejected(REJECTION.tooManyPages(PDF_MAX_PAGES));
    const { text } = await extractText(pdf, { mergePages: false });
    return text.join('\n\n');
  } catch (error) {
    if (error instanceof DocumentRejected) throw error;
    throw new DocumentRejected(REJECTION.corruptPdf);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

/**
 * Refuses a DOCX whose parts inflate beyond DOCX_MAX_INFLATED_BYTES together (or its
 * document.xml beyond DOCX_MAX_DOCUMENT_XML_BYTES), or with more than DOCX_MAX_PARTS parts.
 * Each part is inflated as a stream and its bytes counted, stopping at the cap, so memory stays
 * bounded whatever the zip's headers declare. Throws DocumentRejected (docxTooLarge, corruptDocx).
 */
async function checkDocxSize(bytes: Uint8Array): Promise<void> {
  // jszip is mammoth's own zip reader: the archive is read with the same library that will read it next.
  const { default: JSZip } = await import('jszip');
  let zip: InstanceType<typeof JSZip>;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new DocumentRejected(REJECTION.corruptDocx);
  }
  const parts = Object.values(zip.files).filter((entry) => !entry.dir);
  const tooLarge = new DocumentRejected(REJECTION.docxTooLarge(DOCX_MAX_INFLATED_BYTES / MB));
  if (parts.length > DOCX_MAX_PARTS) throw tooLarge;
  let total = 0;
  for (const part of parts) {
    const room = DOCX_MAX_INFLATED_BYTES - total;
    total += await inflatedSize(part, part.name === 'word/document.xml' ? Math.min(room, DOCX_MAX_DOCUMENT_XML_BYTES) : room, tooLarge);
  }
}

/**
 * A zip part as jszip reads it. `internalStream` is in jszip's documented API (ZipObject
 * internalStream) but missing from its type declarations; its helper is the declared one.
 */
type ZipPart = JSZipObject & { internalStream(type: 'uint8array'): JSZipStreamHelper<Uint8Array> };

/**
 * The inflated size of a zip part, rejecting with `tooLarge` as soon as it passes `limit` bytes;
 * pausing the stream there stops the inflation, so at most one chunk past the cap is produced.
 */
function inflatedSize(part: JSZipObject, limit: number, tooLarge: DocumentRejected): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const stream = (part as ZipPart).internalStream('uint8array');
    stream
      .on('data', (chunk) => {
        size += chunk.byteLength;
        if (size > limit) {
          stream.pause();
          reject(tooLarge);
        }
      })
      .on('error', () => reject(new DocumentRejected(REJECTION.corruptDocx)))
      .on('end', () => resolve(size))
      .resume();
  });
}

async function extractDocx(bytes: Uint8Array): Promise<string> {
  await checkDocxSize(bytes);
  const mammoth = await import('mammoth');
  const extractRawText = mammoth.extractRawText ?? (mammoth as unknown as { default: typeof mammoth }).default.extractRawText;
  try {
    const { value } = await extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return value;
  } catch {
    throw new DocumentRejected(REJECTION.corruptDocx);
  }
}

/**
 * The text of a document whose declared format is `declared`. The bytes must really be of that
 * format; otherwise, or when nothing readable comes out, `DocumentRejected`.
 */
export async function extractText(bytes: Uint8Array, declared: DocumentFormat): Promise<string> {
  if (bytes.byteLength === 0) throw new DocumentRejected(REJECTION.empty);
  const actual = sniffFormat(bytes);
  if (actual !== declared) {
    throw new DocumentRejected({ pdf: REJECTION.notPdf, docx: REJECTION.notDocx, text: REJECTION.notText }[declared]);
  }
  const text = declared === 'pdf' ? await extractPdf(bytes) : declared === 'docx' ? await extractDocx(bytes) : decodeText(bytes);
  const clean = text.normalize('NFC');
  if (clean.replace(/[\s\p{P}\p{C}]/gu, '').length === 0) throw new DocumentRejected(REJECTION.noText);
  return clean;
}
