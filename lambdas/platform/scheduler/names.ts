/**
 * Schedule names from our ids (issue 13). EventBridge Scheduler accepts 1 to 64 characters of
 * `[0-9a-zA-Z-_.]` per name, unique within a schedule group; a name is how a post's schedule is
 * found again to move or delete it, so the same ids must always give the same name and different
 * ids different names.
 */
import { createHash } from 'node:crypto';

/** EventBridge Scheduler's limit on a schedule name. */
export const MAX_SCHEDULE_NAME_LENGTH = 64;
/** Characters EventBridge Scheduler allows in a schedule name. */
export const SCHEDULE_NAME_PATTERN = /^[0-9a-zA-Z_.-]{1,64}$/;
/** Joins the parts of a name; never produced by the readable form's sanitising. */
const SEPARATOR = '_';
/** A part kept as is: allowed characters other than the separator. */
const PLAIN_PART = /^[0-9a-zA-Z.-]+$/;
/** Hex characters of the digest that identifies a name whose parts could not be kept as they are. */
const DIGEST_LENGTH = 16;

/**
 * The schedule name of `parts` (e.g. `scheduleName('publish', publicationId)` → `publish_<id>`).
 * Parts made of letters, digits, `-` and `.` are joined with `_` when the result fits in 64
 * characters; anything else (another character, an empty part, a longer result) gives a readable
 * prefix (other characters become `-`) plus `_` and 16 hex characters of a SHA-256 of the parts, so
 * distinct parts still give distinct names (a collision needs a 64-bit digest clash). Pure: the
 * same parts always give the same name. Throws a TypeError when no part is given.
 */
export function scheduleName(...parts: string[]): string {
  if (parts.length === 0) throw new TypeError('scheduleName needs at least one part.');
  const joined = parts.join(SEPARATOR);
  if (parts.every((part) => PLAIN_PART.test(part)) && joined.length <= MAX_SCHEDULE_NAME_LENGTH) return joined;
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, DIGEST_LENGTH);
  const readable = parts
    .map((part) => part.replace(/[^0-9a-zA-Z.-]+/g, '-'))
    .join(SEPARATOR)
    .slice(0, MAX_SCHEDULE_NAME_LENGTH - DIGEST_LENGTH - 1);
  return `${readable}${SEPARATOR}${digest}`;
}
