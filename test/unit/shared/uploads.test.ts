/** Upload rules shared by the web and the server (issue 3 item 4). */
import { describe, expect, it } from 'vitest';
import { checkUpload, declaredContentType, DOCX_CONTENT_TYPE, fileExtension, formatKb, UPLOAD_MSG, UPLOAD_RULES } from '@director-ia/shared';

const MB = 1024 * 1024;

describe('checkUpload', () => {
  it.each([
    ['informe.pdf', 'application/pdf'],
    ['NOTAS.TXT', 'text/plain'],
    ['guía de marca.docx', DOCX_CONTENT_TYPE],
  ])('accepts %s declared as %s', (fileName, contentType) => {
    expect(checkUpload('knowledge', { fileName, contentType, size: 1 })).toBeNull();
    expect(checkUpload('knowledge', { fileName, contentType, size: UPLOAD_RULES.knowledge.maxBytes })).toBeNull();
  });

  it.each([
    ['foto.png', 'image/png', UPLOAD_MSG.wrongType('PDF, TXT, DOCX')],
    ['sin-extension', 'application/pdf', UPLOAD_MSG.wrongType('PDF, TXT, DOCX')],
    ['antiguo.doc', 'application/msword', UPLOAD_MSG.wrongType('PDF, TXT, DOCX')],
    ['informe.pdf', 'text/plain', UPLOAD_MSG.typeMismatch('PDF, TXT, DOCX')],
    ['notas.txt', 'application/pdf', UPLOAD_MSG.typeMismatch('PDF, TXT, DOCX')],
    ['virus.pdf', 'application/x-msdownload', UPLOAD_MSG.typeMismatch('PDF, TXT, DOCX')],
  ])('refuses %s declared as %s: extension AND type must match', (fileName, contentType, message) => {
    expect(checkUpload('knowledge', { fileName, contentType, size: 100 })).toBe(message);
  });

  it('refuses an empty file and one over the limit with clear Spanish messages', () => {
    expect(checkUpload('knowledge', { fileName: 'a.pdf', contentType: 'application/pdf', size: 0 })).toBe('El archivo está vacío.');
    expect(checkUpload('knowledge', { fileName: 'a.pdf', contentType: 'application/pdf', size: 10 * MB + 1 })).toBe('El archivo supera el tamaño máximo de 10 MB.');
    expect(checkUpload('knowledge', { fileName: 'a.pdf', contentType: 'application/pdf', size: 1.5 })).toBe(UPLOAD_MSG.empty);
  });

  it('blog header images: PNG, JPEG, WEBP up to 2 MB', () => {
    expect(checkUpload('blogHeader', { fileName: 'cabecera.JPG', contentType: 'image/jpeg', size: 2 * MB })).toBeNull();
    expect(checkUpload('blogHeader', { fileName: 'cabecera.webp', contentType: 'image/webp', size: 10 })).toBeNull();
    expect(checkUpload('blogHeader', { fileName: 'cabecera.png', contentType: 'image/png', size: 2 * MB + 1 })).toBe('El archivo supera el tamaño máximo de 2 MB.');
    expect(checkUpload('blogHeader', { fileName: 'cabecera.gif', contentType: 'image/gif', size: 10 })).toBe(UPLOAD_MSG.wrongType('PNG, JPG, WEBP'));
    expect(checkUpload('blogHeader', { fileName: 'doc.pdf', contentType: 'application/pdf', size: 10 })).toBe(UPLOAD_MSG.wrongType('PNG, JPG, WEBP'));
  });

  it('refuses blank or overlong names', () => {
    expect(checkUpload('knowledge', { fileName: '   ', contentType: 'text/plain', size: 1 })).toBe(UPLOAD_MSG.badName);
    expect(checkUpload('knowledge', { fileName: `${'a'.repeat(300)}.txt`, contentType: 'text/plain', size: 1 })).toBe(UPLOAD_MSG.badName);
  });
});

describe('declaredContentType', () => {
  it("uses the browser's type when given, else the extension's", () => {
    expect(declaredContentType('knowledge', 'a.docx', '')).toBe(DOCX_CONTENT_TYPE);
    expect(declaredContentType('knowledge', 'a.TXT', '')).toBe('text/plain');
    expect(declaredContentType('knowledge', 'a.pdf', 'Application/PDF')).toBe('application/pdf');
    expect(declaredContentType('knowledge', 'a.xyz', '')).toBe('application/octet-stream');
  });
});

describe('fileExtension and formatKb', () => {
  it.each([
    ['a.PDF', 'pdf'],
    ['carpeta/b.tar.gz', 'gz'],
    ['.bashrc', ''],
    ['sin', ''],
    ['C:\\docs\\c.Docx', 'docx'],
  ])('fileExtension(%j) = %j', (name, ext) => expect(fileExtension(name)).toBe(ext));

  it('shows sizes in KB with one decimal (spec section 9)', () => {
    expect(formatKb(0)).toBe('0.0 KB');
    expect(formatKb(1536)).toBe('1.5 KB');
    expect(formatKb(10 * MB)).toBe('10240.0 KB');
    expect(formatKb(1000)).toBe('1.0 KB');
  });
});
