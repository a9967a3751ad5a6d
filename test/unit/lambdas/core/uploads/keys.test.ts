/** Object keys of user files: ids, safe names, and parsing keys back (architecture "Files"). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileExtension, KNOWLEDGE_ID_PATTERN } from '@director-ia/shared';
import { newObjectId, parseUploadKey, safeFileName, uploadKey } from '../../../../../lambdas/core/uploads/keys';

describe('newObjectId', () => {
  it('is 20 lower-case letters and digits and sorts by creation time', () => {
    const older = newObjectId(Date.UTC(2025, 0, 1));
    const newer = newObjectId(Date.UTC(2025, 0, 1, 0, 0, 1));
    expect(older).toMatch(KNOWLEDGE_ID_PATTERN);
    expect(newer).toMatch(KNOWLEDGE_ID_PATTERN);
    expect(older < newer).toBe(true);
    expect(newObjectId()).not.toBe(newObjectId());
  });
});

describe('safeFileName', () => {
  it.each([
    ['Catálogo otoño 2025.pdf', 'Catalogo-otono-2025.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ana\\Guía Ñ.DOCX', 'Guia-N.docx'],
    ['  ¿qué?  .txt', 'que.txt'],
    ['???.pdf', 'archivo.pdf'],
    ['informe', 'informe'],
  ])('%j → %j', (input, expected) => expect(safeFileName(input)).toBe(expected));

  it('always gives a short name of safe characters that keeps the extension', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.constantFrom('pdf', 'txt', 'docx'), (stem, ext) => {
        // '.pdf' alone is a dot-file without extension (and refused by checkUpload).
        fc.pre(fileExtension(`${stem}.${ext}`) === ext);
        const safe = safeFileName(`${stem}.${ext}`);
        expect(safe).toMatch(/^[A-Za-z0-9._-]+$/);
        expect(safe.length).toBeLessThanOrEqual(100);
        expect(safe.endsWith(`.${ext}`)).toBe(true);
      }),
    );
  });
});

describe('uploadKey / parseUploadKey', () => {
  const sub = '3f1c2b4a-1111-2222-3333-444455556666';
  const id = newObjectId();

  it('puts knowledge under users/<sub>/knowledge/ and blog headers under users/<sub>/blog/', () => {
    expect(uploadKey(sub, 'knowledge', id, 'Guía.pdf')).toBe(`users/${sub}/knowledge/${id}-Guia.pdf`);
    expect(uploadKey(sub, 'blogHeader', id, 'cabecera.png')).toBe(`users/${sub}/blog/${id}-cabecera.png`);
  });

  it('parses the keys it builds back into their parts', () => {
    expect(parseUploadKey(uploadKey(sub, 'knowledge', id, 'a b.txt'))).toEqual({ sub, kind: 'knowledge', id, safeName: 'a-b.txt' });
    expect(parseUploadKey(uploadKey(sub, 'blogHeader', id, 'x.webp'))).toMatchObject({ kind: 'blogHeader' });
  });

  it.each([
    'users/abc/otros/aaaaaaaaaaaaaaaaaaaa-x.pdf',
    'users/abc/knowledge/short-x.pdf',
    'users/abc/knowledge/sub/aaaaaaaaaaaaaaaaaaaa-x.pdf',
    'public/aaaaaaaaaaaaaaaaaaaa-x.pdf',
    'users//knowledge/aaaaaaaaaaaaaaaaaaaa-x.pdf',
  ])('ignores foreign key %j', (key) => expect(parseUploadKey(key)).toBeNull());
});
