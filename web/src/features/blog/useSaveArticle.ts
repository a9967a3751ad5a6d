/** guardarArticulo (active): saves the owner's edit (title, summary, Markdown body, cover) of one article. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BLOG_MSG, MSG, type CallableInput } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { upsertArticle } from './useArticles';

export type ArticleEditInput = CallableInput<'guardarArticulo'>;

export function saveArticle(input: ArticleEditInput) {
  return callFunction('guardarArticulo', input);
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: saveArticle,
    onSuccess: (article) => {
      upsertArticle(queryClient, article);
      toast.success(BLOG_MSG.articleSaved);
    },
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
  });
}
