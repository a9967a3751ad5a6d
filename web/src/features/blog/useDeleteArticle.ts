/** eliminarArticulo (active): deletes an article for good, then re-reads the list. */
import { BLOG_MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { articlesKey, removeArticle } from './useArticles';

export function useDeleteArticle() {
  return useCallableMutation({
    mutationFn: (id: string) => callFunction('eliminarArticulo', { id }),
    success: BLOG_MSG.articleDeleted,
    invalidates: [articlesKey],
    onSuccess: ({ id }, _id, _onMutate, { client }) => removeArticle(client, id),
  });
}
