/**
 * When the calendar re-reads its month on its own (issue 13 item 4: the owner watches a post turn
 * to publicado): every PUBLICATION_POLL_MS while one of the month's publications is `publicando`,
 * or `programado` and due within POLL_AHEAD_MS (or overdue by less than POLL_BEHIND_MS: the
 * schedule may fire a little late); otherwise once, when the next programado publication enters
 * that window; never when nothing is programado or publicando.
 */
import type { ScheduledPost } from '@director-ia/shared';

/** How often the month is re-read while a publication is about to go out, ms. */
export const PUBLICATION_POLL_MS = 10_000;
/** How far ahead of its due instant a programado publication starts the polling, ms. */
export const POLL_AHEAD_MS = 5 * 60_000;
/** How long after its due instant a still programado publication keeps the polling, ms. */
export const POLL_BEHIND_MS = 10 * 60_000;
/** Longest wait the query is given (setTimeout's limit is about 24.8 days). */
const MAX_WAIT_MS = 24 * 60 * 60_000;

/**
 * The refetch interval (ms) for a month holding `posts` at instant `now` (ms since the epoch), or
 * false for none. Shaped for TanStack's `refetchInterval`, which asks again after every read.
 */
export function publicationPollInterval(posts: readonly Pick<ScheduledPost, 'publications'>[], now: number): number | false {
  let wait = Infinity;
  for (const publication of posts.flatMap((post) => post.publications)) {
    if (publication.state === 'publicando') return PUBLICATION_POLL_MS;
    if (publication.state !== 'programado') continue;
    const due = Date.parse(publication.dueAt);
    if (Number.isNaN(due) || due < now - POLL_BEHIND_MS) continue;
    if (due <= now + POLL_AHEAD_MS) return PUBLICATION_POLL_MS;
    wait = Math.min(wait, due - POLL_AHEAD_MS - now);
  }
  return wait === Infinity ? false : Math.min(Math.max(wait, PUBLICATION_POLL_MS), MAX_WAIT_MS);
}
