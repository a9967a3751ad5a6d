/** `eliminarArticulo` (active; issue 5 item 3): deletes one of the caller's articles and its slug; NOT_FOUND otherwise. */
import { eliminarArticulo } from '@director-ia/shared';
import { deleteArticle } from '../core/blog/articles';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(eliminarArticulo, async ({ data, identity }) => deleteArticle(requireIdentity(identity).sub, data.id));
