/**
 * `resolverPublicacion` (active; issue 13 item 3): `{id, publicationId, published}` → `{post}`: the
 * owner's answer for a `sin_confirmar` publication: `true` → `publicado` (no URL known); `false` →
 * published again now, through the same engine. 404 / 400 as `publicarAhora`.
 */
import { resolverPublicacion } from '@director-ia/shared';
import { postWithPublications, resolveUnconfirmed } from '../core/publishing';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(resolverPublicacion, async ({ data, identity }) => {
  const { sub } = requireIdentity(identity);
  await resolveUnconfirmed(sub, data.id, data.publicationId, data.published);
  return { post: await postWithPublications(sub, data.id) };
});
