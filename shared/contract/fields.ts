/**
 * Field rules that several callables state the same way (issue 11 "one home per helper"): the
 * Spanish messages they carry reach users (server 400s and web forms), so each rule lives once.
 */
import * as z from 'zod/mini';

/** Longest opaque record id a callable accepts (ids the server hands out are far shorter). */
const MAX_ID_LENGTH = 128;

/**
 * A required opaque id: a non-empty string of at most 128 characters; `missing` is the Spanish
 * message for an absent, non-string or empty value. Ids are opaque: an id that is not one of the
 * caller's records is the handler's NOT_FOUND, not a 400.
 */
export function requiredId(missing: string) {
  return z.string({ error: missing }).check(z.minLength(1, missing), z.maxLength(MAX_ID_LENGTH));
}

/** `{ id }` payload of a callable acting on one record (see `requiredId`). */
export function idInput(missing: string) {
  return z.strictObject({ id: requiredId(missing) });
}

/** `{ id }` answer of a deletion: the id that was removed. */
export const IdOutput = z.object({ id: z.string() });

/**
 * Free text of a labelled form field, trimmed, at most `max` characters; with `required`, also
 * not empty. Messages: '«label» debe ser un texto.', '«label» no puede estar vacío.',
 * '«label» admite como máximo {max} caracteres.'.
 */
export function labelledText(label: string, max: number, { required = false } = {}) {
  const tooLong = z.maxLength(max, `«${label}» admite como máximo ${max} caracteres.`);
  return z.string({ error: `«${label}» debe ser un texto.` }).check(
    z.trim(),
    ...(required ? [z.minLength(1, `«${label}» no puede estar vacío.`), tooLong] : [tooLong]),
  );
}

/**
 * Required free text, trimmed, 1 to `max` characters: `missing` for an absent, non-string or blank
 * value, `tooLong` beyond `max` (both Spanish, shown as they are).
 */
export function requiredText(max: number, { missing, tooLong }: { missing: string; tooLong: string }) {
  return z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(max, tooLong));
}
