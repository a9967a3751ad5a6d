/**
 * generarArticulo (active; issue 5 item 3, 'Pedir Nuevo Artículo a la IA'): `{topic?}` → the new
 * draft, put first in the list. Its failures (the blog disabled, a topic the brand avoids, the daily
 * quota, the AI) come back with their Spanish message, shown as 'Error de la IA: …'.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BLOG_MSG, TALLER_MSG } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { articlesKey, upsertArticle } from './useArticles';

export function generateArticle(topic: string) {
  const trimmed = topic.trim();
  return callFunction('generarArticulo', trimmed ? { topic: trimmed } : null);
}

export function useGenerateArticle() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: generateArticle,
    onSuccess: (article) => {
      upsertArticle(queryClient, article);
      toast.success(BLOG_MSG.articleGenerated);
    },
    onError: (error) => toast.error(TALLER_MSG.aiErrorPrefix + errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: articlesKey }),
  });
}
