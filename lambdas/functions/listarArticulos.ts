/**
 * `listarArticulos` (active; issue 5 item 3): the caller's blog articles, newest first, with cover
 * URLs, and when the schedule drafts the next one (null while the blog is disabled).
 */
import { listarArticulos } from '@director-ia/shared';
import { listArticles } from '../core/blog/articles';
import { readSchedule } from '../core/blog/schedule';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(listarArticulos, async ({ identity }) => {
  const { sub } = requireIdentity(identity);
  const [articles, schedule] = await Promise.all([listArticles(sub), readSchedule(sub)]);
  return { articles, nextScheduledAt: schedule?.nextDueAt ?? null };
});
