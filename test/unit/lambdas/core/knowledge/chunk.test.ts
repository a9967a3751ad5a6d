/** Passages for embedding: size bounds, boundaries, overlap and full coverage of the text. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText, CHUNK_DEFAULTS, normalizeText, splitSentences } from '../../../../../lambdas/core/knowledge/chunk';

const sentence = (i: number) => `Frase número ${i} sobre la panadería, con acentos y eñes para comprobar que todo llega intacto.`;
const paragraph = (from: number, count: number) => Array.from({ length: count }, (_, k) => sentence(from + k)).join(' ');

describe('chunkText', () => {
  it('gives nothing for empty or blank text and one passage for a short text', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText(' \n\n\t ')).toEqual([]);
    expect(chunkText('Hola, ¿qué tal?')).toEqual(['Hola, ¿qué tal?']);
  });

  it('cuts long text into passages of about 1000 characters, never over 1200', () => {
    const text = Array.from({ length: 12 }, (_, p) => paragraph(p * 5, 5)).join('\n\n');
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(CHUNK_DEFAULTS.max);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(CHUNK_DEFAULTS.target / 2);
  });

  it('cuts on sentence boundaries and repeats a short overlap at the start of the next passage', () => {
    const chunks = chunkText(paragraph(0, 40));
    for (const chunk of chunks) {
      expect(chunk).toMatch(/^Frase número \d+/);
      expect(chunk).toMatch(/intacto\.$/);
    }
    for (let i = 1; i < chunks.length; i++) {
      const firstSentence = splitSentences(chunks[i] ?? '')[0] ?? '';
      expect(chunks[i - 1]).toContain(firstSentence);
      expect(firstSentence.length).toBeLessThanOrEqual(CHUNK_DEFAULTS.overlap);
    }
  });

  it('keeps paragraphs apart and whole when they fit', () => {
    const chunks = chunkText('Primer párrafo corto.\n\nSegundo párrafo, también corto.\r\n\r\nTercero.');
    expect(chunks).toEqual(['Primer párrafo corto.\n\nSegundo párrafo, también corto.\n\nTercero.']);
  });

  it('splits a sentence with no punctuation between words, and a giant word inside', () => {
    const words = Array.from({ length: 600 }, (_, i) => `palabra${i}`).join(' ');
    const chunks = chunkText(words);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(CHUNK_DEFAULTS.max);
    expect(chunks.join(' ')).toContain('palabra599');
    const giant = 'x'.repeat(5000);
    expect(chunkText(giant).every((c) => c.length <= CHUNK_DEFAULTS.max)).toBe(true);
    expect(chunkText(giant).join('').replace(/\s/g, '')).toContain('x'.repeat(1000));
  });

  it('NFC-normalises, drops control characters and joins wrapped lines', () => {
    expect(normalizeText('Cafe\u0301 con\nleche\u0000 y pan\u00ad.')).toEqual(['Café con leche y pan.']);
  });

  it('property: every word of the text appears in some passage, and every passage is within max', () => {
    const word = fc.stringMatching(/^[a-zA-ZáéíóúñÑ]{1,12}[.,;!?]?$/);
    const para = fc.array(word, { minLength: 1, maxLength: 200 }).map((ws) => ws.join(' '));
    fc.assert(
      fc.property(fc.array(para, { minLength: 1, maxLength: 8 }), fc.integer({ min: 200, max: 1000 }), (paragraphs, target) => {
        const options = { target, max: Math.round(target * 1.2), overlap: Math.round(target / 8) };
        const chunks = chunkText(paragraphs.join('\n\n'), options);
        for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(options.max);
        const seen = new Set(chunks.flatMap((c) => c.split(/\s+/)));
        for (const w of paragraphs.join(' ').split(/\s+/)) expect(seen.has(w)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
