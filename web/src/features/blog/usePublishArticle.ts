/** publicarArticulo (active): publishes an article (publication date set once) or withdraws it. */
import { BLOG_MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { upsertArticle } from './useArticles';

export function usePublishArticle() {
  return useCallableMutation({
    mutationFn: (input: { id: string; published: boolean }) => callFunction('publicarArticulo', input),
    success: (article) => (article.status === 'published' ? BLOG_MSG.articlePublished : BLOG_MSG.articleUnpublished),
    onSuccess: (article, _input, _onMutate, { client }) => upsertArticle(client, article),
  });
}
