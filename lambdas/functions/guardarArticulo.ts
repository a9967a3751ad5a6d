/**
 * `guardarArticulo` (active; issue 5 item 3): the owner's edit of one of their articles (title,
 * summary, Markdown body, cover from their own gallery or null) → the saved article. Another
 * owner's or an unknown id is NOT_FOUND; a cover that is not the caller's image or avatar is 400.
 */
import { guardarArticulo } from '@director-ia/shared';
import { saveArticle } from '../core/blog/articles';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(guardarArticulo, async ({ data, identity }) => saveArticle(requireIdentity(identity).sub, data));
