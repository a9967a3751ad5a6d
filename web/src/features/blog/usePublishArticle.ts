/** publicarArticulo (active): publishes an article (publication date set once) or withdraws it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BLOG_MSG, MSG } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { upsertArticle } from './useArticles';

export function publishArticle(input: { id: string; published: boolean }) {
  return callFunction('publicarArticulo', input);
}

export function usePublishArticle() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: publishArticle,
    onSuccess: (article) => {
      upsertArticle(queryClient, article);
      toast.success(article.status === 'published' ? BLOG_MSG.articlePublished : BLOG_MSG.articleUnpublished);
    },
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
  });
}
