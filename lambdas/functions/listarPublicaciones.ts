/**
 * `listarPublicaciones` (active; spec 2 'calendario', issue 5 items 1–2): `{month: 'YYYY-MM'}` →
 * `{month, posts, proposal?}`, the caller's scheduled posts of that month in date order (one
 * Query) and the month's pending proposed plan, if any (one Query of the caller's `plan#` items),
 * read in parallel. The tenant is the verified `sub`.
 */
import { listarPublicaciones } from '@director-ia/shared';
import { listScheduledPosts } from '../core/plan/posts';
import { pendingProposal } from '../core/plan/proposals';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(listarPublicaciones, async ({ data, identity }) => {
  const { sub } = requireIdentity(identity);
  const [posts, proposal] = await Promise.all([listScheduledPosts(sub, data.month), pendingProposal(sub, data.month)]);
  return { month: data.month, posts, ...(proposal ? { proposal } : {}) };
});
