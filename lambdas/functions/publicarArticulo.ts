/**
 * `publicarArticulo` (active; issue 5 item 3): `{id, published}` publishes one of the caller's
 * articles (publication date set the first time, kept afterwards) or withdraws it. NOT_FOUND for
 * an id that is not the caller's.
 */
import { publicarArticulo } from '@director-ia/shared';
import { publishArticle } from '../core/blog/articles';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(publicarArticulo, async ({ data, identity }) => publishArticle(requireIdentity(identity).sub, data.id, data.published));
