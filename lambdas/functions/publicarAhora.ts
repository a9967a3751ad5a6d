/**
 * `publicarAhora` (active; issue 13 item 4): `{id, publicationId?}` → `{post}`: the calendar's
 * "Publicar ahora" and "Reintentar": the post's publications (or just `publicationId`) go out now
 * through the same engine (a one-time schedule at the current instant), exactly once like any
 * other. 404 for a post or publication the caller does not have; 400 (PUBLICATION_MSG.busy /
 * alreadyPublished / notRetryable) for one in another state.
 */
import { publicarAhora } from '@director-ia/shared';
import { postWithPublications, publishNow } from '../core/publishing';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(publicarAhora, async ({ data, identity }) => {
  const { sub } = requireIdentity(identity);
  await publishNow(sub, data.id, data.publicationId);
  return { post: await postWithPublications(sub, data.id) };
});
