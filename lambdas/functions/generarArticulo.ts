/**
 * `generarArticulo` (active; issue 5 item 3, 'Pedir Nuevo Artículo a la IA'): `{topic?}` → the new
 * draft the AI wrote (core/blog/draft.ts). A disabled blog is 400 with a Spanish message and
 * nothing is stored; the daily generation quota applies (429 when used up).
 */
import { generarArticulo } from '@director-ia/shared';
import { viewOf } from '../core/blog/articles';
import { draftArticle } from '../core/blog/draft';
import { createCallable, requireIdentity } from './lib/callable';

export const handler = createCallable(generarArticulo, async ({ data, identity }) => {
  const { sub } = requireIdentity(identity);
  return viewOf(sub, await draftArticle(sub, { topic: data?.topic, origin: 'owner' }));
});
