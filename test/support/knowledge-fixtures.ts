/**
 * Real knowledge documents generated in the tests: a PDF (pdf-lib, standard font with WinAnsi
 * encoding), a DOCX (docx) and Latin-1 / UTF-8 text files, all holding Spanish text with accents,
 * ñ and inverted punctuation, so extraction is checked on what users really upload.
 */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF with one page per entry of `pages`, each a list of paragraphs (lines wrapped). */
export async function makePdf(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const paragraphs of pages) {
    const page = pdf.addPage([595, 842]);
    let y = 800;
    for (const paragraph of paragraphs) {
      for (const line of wrap(paragraph, 85)) {
        page.drawText(line, { x: 50, y, size: 11, font });
        y -= 15;
      }
      y -= 12;
    }
  }
  return pdf.save();
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A DOCX with one paragraph per entry. */
export async function makeDocx(paragraphs: string[]): Promise<Uint8Array> {
  const doc = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** Text encoded as Latin-1 (ISO-8859-1 / windows-1252 for these characters). */
export function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    if (code > 0xff) throw new RangeError(`not Latin-1: ${c}`);
    return code;
  });
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Three small businesses' documents: what each is about and questions it should answer. */
export const SPANISH_DOCS = {
  panaderia: {
    name: 'Panadería Ñandú — catálogo.pdf',
    paragraphs: [
      'La Panadería Ñandú hornea cada mañana pan de masa madre, croissants de mantequilla y magdalenas de limón.',
      'Horario de atención: de lunes a sábado de 7:00 a 14:00; los domingos abrimos sólo por la mañana.',
      'Preparamos tartas de cumpleaños por encargo con dos días de antelación. ¿Tienes alergias? Ofrecemos opciones sin gluten.',
    ],
    words: ['Panadería', 'Ñandú', 'mañana', 'magdalenas', 'atención', 'sábado', 'antelación', '¿Tienes'],
  },
  taller: {
    name: 'Taller Peña — guía de reparación.docx',
    paragraphs: [
      'El Taller Peña repara bicicletas eléctricas y de montaña en Logroño desde 1998.',
      'La revisión completa incluye frenos, cambio, cadena y presión de neumáticos, y tarda unas dos horas.',
      'Recogemos tu bicicleta a domicilio sin coste adicional si vives a menos de diez kilómetros del taller.',
    ],
    words: ['Peña', 'eléctricas', 'montaña', 'Logroño', 'revisión', 'neumáticos', 'kilómetros'],
  },
  cafeteria: {
    name: 'cafetería-política-devoluciones.txt',
    paragraphs: [
      'Cafetería Añoranza: política de devoluciones y reembolsos.',
      'Si un pedido llega dañado o incompleto, devolvemos el importe íntegro en un plazo de catorce días desde la compra.',
      'Los cafés en grano se pueden cambiar por otra variedad mientras el paquete esté sin abrir. ¡Gracias por confiar en nosotros!',
    ],
    words: ['Cafetería', 'Añoranza', 'política', 'dañado', 'íntegro', 'catorce', '¡Gracias'],
  },
} as const;
