/**
 * Decompression and page bombs (lambdas/core/knowledge/extract.ts; issue 16 finding 6): a DOCX
 * whose parts inflate beyond the caps, or a PDF with more pages than the cap, is refused with a
 * Spanish reason before the text is extracted; documents within the caps still read.
 */
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DocumentRejected, extractText } from '../../../../../../lambdas/core/knowledge/extract';
import { makeDocx } from '../../../../../support/knowledge-fixtures';

const MB = 1024 * 1024;
const DOCX_TOO_LARGE = 'El documento DOCX es demasiado grande al descomprimirlo (máximo 50 MB).';
const TOO_MANY_PAGES = 'El PDF tiene demasiadas páginas (máximo 1000).';

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DocumentRejected);
  return (error as DocumentRejected).reason;
}

/** A real DOCX reading "Hola bomba", changed by `edit` (a highly compressible huge part). */
async function docxBomb(edit: (zip: JSZip, documentXml: string) => void): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await makeDocx(['Hola bomba']));
  edit(zip, await zip.file('word/document.xml')!.async('string'));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** A PDF with `pages` pages, text on the first one. */
async function pdfWithPages(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([200, 200]).drawText('Hola bomba', { x: 20, y: 100, size: 11, font });
  for (let page = 1; page < pages; page++) pdf.addPage([200, 200]);
  return pdf.save();
}

describe('DOCX bombs', () => {
  it('refuses a document.xml that inflates beyond its cap (a 25 MB comment in a small file)', async () => {
    const bytes = await docxBomb((zip, xml) => zip.file('word/document.xml', xml.replace('<w:body>', `<w:body><!--${' '.repeat(25 * MB)}-->`)));
    expect(bytes.byteLength).toBeLessThan(MB);
    expect(await rejection(extractText(bytes, 'docx'))).toBe(DOCX_TOO_LARGE);
  });

  it('refuses parts that together inflate beyond the cap', async () => {
    const bytes = await docxBomb((zip) => {
      zip.file('word/media/a.bin', new Uint8Array(30 * MB));
      zip.file('word/media/b.bin', new Uint8Array(30 * MB));
    });
    expect(bytes.byteLength).toBeLessThan(MB);
    expect(await rejection(extractText(bytes, 'docx'))).toBe(DOCX_TOO_LARGE);
  });

  it('still reads a DOCX within the caps', async () => {
    const bytes = await docxBomb((zip) => zip.file('word/media/a.bin', new Uint8Array(MB)));
    expect(await extractText(bytes, 'docx')).toContain('Hola bomba');
  });
});

describe('PDF page bombs', () => {
  it('refuses a PDF with more pages than the cap', async () => {
    expect(await rejection(extractText(await pdfWithPages(1001), 'pdf'))).toBe(TOO_MANY_PAGES);
  });

  it('still reads a PDF at the cap', async () => {
    expect(await extractText(await pdfWithPages(3), 'pdf')).toContain('Hola bomba');
  });
});
