/**
 * The blog slug rule (spec section 5 "Blog slug"): lowercased, spaces turned to hyphens,
 * characters other than letters, digits, underscore and hyphen removed, repeated hyphens
 * collapsed.
 *
 * Decisions where the spec is silent:
 * - "Letters" are Unicode letters (`\p{L}`), so accented Spanish letters stay: «Café Ñandú» →
 *   `café-ñandú` (browsers show it as is and send it percent-encoded). Combining marks (`\p{M}`)
 *   are kept too, so letters written with them (e.g. Devanagari) are not mangled; "digits" are
 *   decimal digits of any script (`\p{Nd}`). Text is NFC-normalised first and last, so a
 *   decomposed «é» (e + U+0301) and a composed «é» give the same slug.
 * - "Spaces" are all whitespace (tabs, no-break spaces, line breaks).
 * - `slugify` is the spec's rule exactly and is applied while the owner types (so typing a
 *   space works). `canonicalSlug` also trims hyphens at both ends; it is what the server stores
 *   and compares for uniqueness.
 * - Visually confusable letters of other scripts (Cyrillic «а» vs Latin «a») are distinct slugs.
 */

/** Longest slug accepted, in characters (UTF-16 code units, as `maxLength` counts them). */
export const SLUG_MAX_LENGTH = 60;
/** Shortest non-empty slug accepted when saving. */
export const SLUG_MIN_LENGTH = 3;

const WHITESPACE = /\s+/gu;
const NOT_ALLOWED = /[^\p{L}\p{M}\p{Nd}_-]+/gu;
const REPEATED_HYPHENS = /-{2,}/g;
const EDGE_HYPHENS = /^-+|-+$/g;

/** The spec's slug rule, as applied to the input while typing. */
export function slugify(input: string): string {
  return input
    .normalize('NFC')
    .toLowerCase()
    .normalize('NFC')
    .replace(WHITESPACE, '-')
    .replace(NOT_ALLOWED, '')
    .replace(REPEATED_HYPHENS, '-')
    .normalize('NFC');
}

/** The stored form: the spec's rule, then no hyphen at either end. */
export function canonicalSlug(input: string): string {
  return slugify(input).replace(EDGE_HYPHENS, '');
}
