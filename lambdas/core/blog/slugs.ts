/**
 * Article slugs (issue 5 items 3, 4): the URL segment of an article, from its title by the shared
 * slug rule (shared/slug.ts), unique within the brand. Pure; the claim items that make it unique
 * are written by articles.ts.
 */
import { canonicalSlug, SLUG_MAX_LENGTH, SLUG_MIN_LENGTH } from '@director-ia/shared';

/** The slug of a title with no letters or digits. */
export const FALLBACK_SLUG = 'articulo';

/** The slug a title asks for: the shared rule, at most SLUG_MAX_LENGTH, FALLBACK_SLUG when too short. */
export function articleSlugBase(title: string): string {
  const slug = canonicalSlug(title).slice(0, SLUG_MAX_LENGTH).replace(/[-_]+$/u, '');
  return slug.length >= SLUG_MIN_LENGTH ? slug : FALLBACK_SLUG;
}

/** The first of `base`, `base-2`, `base-3`... not in `taken` (each at most SLUG_MAX_LENGTH). */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/[-_]+$/u, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
