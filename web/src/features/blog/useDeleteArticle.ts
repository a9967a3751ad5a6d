/** eliminarArticulo (active): deletes an article for good, then re-reads the list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BLOG_MSG, MSG } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { articlesKey, type ArticleList } from './useArticles';

export function deleteArticle(id: string) {
  return callFunction('eliminarArticulo', { id });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: deleteArticle,
    onSuccess: ({ id }) => {
      queryClient.setQueryData<ArticleList>(articlesKey, (old) => (old ? { ...old, articles: old.articles.filter((a) => a.id !== id) } : old));
      toast.success(BLOG_MSG.articleDeleted);
    },
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: articlesKey }),
  });
}
