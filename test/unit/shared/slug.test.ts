/** The blog slug rule (spec section 5) as examples and fast-check properties. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalSlug, slugify } from '@director-ia/shared/slug';

const ALLOWED_ONLY = /^[\p{L}\p{M}\p{Nd}_-]*$/u;
/** Any text, including astral characters, combining marks, whitespace of every kind. */
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...'aZ ñÑéÉ\u0301\u0303 -_.,!?\t\u00a0\u2003İẞΣς0١9/#%'), maxLength: 30 }),
);

describe('slugify (the spec rule)', () => {
  it.each([
    ['Mi Blog De Cocina', 'mi-blog-de-cocina'],
    ['Hola,  Mundo!!', 'hola-mundo'],
    ['a - b', 'a-b'],
    ['a.-b', 'a-b'],
    ['snake_case_2024', 'snake_case_2024'],
    ['Café Ñandú', 'café-ñandú'],
    ['Cafe\u0301', 'café'],
    ['¿Qué tal?', 'qué-tal'],
    ['tab\there', 'tab-here'],
    ['no\u00a0break', 'no-break'],
    ['ends with space ', 'ends-with-space-'],
    ['---', '-'],
    ['💡 ideas', '-ideas'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('keeps only letters, marks, digits, underscore and hyphen', () => {
    fc.assert(fc.property(anyText, (text) => ALLOWED_ONLY.test(slugify(text))));
  });

  it('never leaves whitespace or repeated hyphens', () => {
    fc.assert(fc.property(anyText, (text) => !/\s/u.test(slugify(text)) && !slugify(text).includes('--')));
  });

  it('is lowercase and NFC', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const slug = slugify(text);
        return slug === slug.toLowerCase() && slug === slug.normalize('NFC');
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(fc.property(anyText, (text) => slugify(slugify(text)) === slugify(text)));
  });

  it('leaves an already clean ASCII slug unchanged', () => {
    const clean = fc.stringMatching(/^[a-z0-9_]+(-[a-z0-9_]+)*$/);
    fc.assert(fc.property(clean, (slug) => slugify(slug) === slug));
  });

  it('does not depend on composed or decomposed accents', () => {
    fc.assert(fc.property(anyText, (text) => slugify(text.normalize('NFD')) === slugify(text.normalize('NFC'))));
  });
});

describe('canonicalSlug (what is stored and compared)', () => {
  it.each([
    ['  Mi Blog  ', 'mi-blog'],
    ['-hola-', 'hola'],
    ['---', ''],
    ['💡 ideas', 'ideas'],
  ])('%j → %j', (input, expected) => {
    expect(canonicalSlug(input)).toBe(expected);
  });

  it('has no hyphen at either end, is idempotent and agrees with slugify', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const slug = canonicalSlug(text);
        return !slug.startsWith('-') && !slug.endsWith('-') && canonicalSlug(slug) === slug && canonicalSlug(slugify(text)) === slug && ALLOWED_ONLY.test(slug);
      }),
    );
  });
});
