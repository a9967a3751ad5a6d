/**
 * `listarPublicaciones` (active; spec 2 'calendario', issue 5 item 1): `{month: 'YYYY-MM'}` →
 * `{month, posts}`, the caller's scheduled posts of that month in date order (one Query).
 */
import { listarPublicaciones } from '../../shared';
import { listScheduledPosts } from '../core/plan/posts';
import { createCallable, requireIdentity } from '../platform/callable/handler';

export const handler = createCallable(listarPublicaciones, async ({ data, identity }) => ({
  month: data.month,
  posts: await listScheduledPosts(requireIdentity(identity).sub, data.month),
}));
