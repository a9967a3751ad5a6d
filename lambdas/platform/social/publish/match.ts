/**
 * Recognising our post among an account's recent posts (`findPublished` on X, Facebook, Instagram
 * and Pinterest): the same text, published no earlier than our first prepare (less CLOCK_SKEW_MS)
 * when the network says when. Texts are compared as the networks give them back: Unicode NFC, the
 * HTML entities X escapes (`&amp;`, `&lt;`, `&gt;`) decoded, every URL removed (X rewrites links to
 * t.co and appends one for attached media), whitespace collapsed.
 */
import type { FindResult, Published } from './types';

/** Allowed difference between our clock and the network's, ms. */
export const CLOCK_SKEW_MS = 5 * 60_000;

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const URLS = /\bhttps?:\/\/\S+/giu;

/** `text` as compared (see the module header). */
export function comparableText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(URLS, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A network's timestamp (ISO 8601, `+0000` offsets, or no zone meaning UTC) as epoch ms; undefined when absent or unreadable. */
export function timeOf(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const parsed = Date.parse(zoned);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** A recent post: its text and when it was published, as the network says. */
export interface RecentPost {
  text: string | null | undefined;
  time?: string | null;
}

/**
 * The first of `posts` (newest first, as the networks list them) that is ours: `text` once made
 * comparable, published at or after `since` − CLOCK_SKEW_MS when it has a time. `unknowable` when
 * our text has nothing left to compare (a post of media only, or only a link).
 */
export function findOurs<T extends RecentPost>(text: string, posts: readonly T[], since: number): T | undefined | 'unknowable' {
  const ours = comparableText(text);
  if (ours === '') return 'unknowable';
  return posts.find((post) => {
    if (comparableText(post.text ?? '') !== ours) return false;
    const time = timeOf(post.time);
    return time === undefined || time >= since - CLOCK_SKEW_MS;
  });
}

/** findPublished's answer from a search of `posts`: the one that is ours as `published` says it, null when none, or `unknowable` (see findOurs). */
export function searchResult<T extends RecentPost>(text: string, posts: readonly T[], since: number, published: (post: T) => Published): FindResult {
  const found = findOurs(text, posts, since);
  if (found === 'unknowable') return found;
  return found ? published(found) : null;
}
