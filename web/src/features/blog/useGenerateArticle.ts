/**
 * generarArticulo (active; issue 5 item 3, 'Pedir Nuevo Artículo a la IA'): `{topic?}` → the new
 * draft, put first in the list. Its failures (the blog disabled, a topic the brand avoids, the daily
 * quota, the AI) come back with their Spanish message, shown as 'Error de la IA: …'.
 */
import { BLOG_MSG, TALLER_MSG } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { articlesKey, upsertArticle } from './useArticles';

export function generateArticle(topic: string) {
  const trimmed = topic.trim();
  return callFunction('generarArticulo', trimmed ? { topic: trimmed } : null);
}

export function useGenerateArticle() {
  return useCallableMutation({
    mutationFn: generateArticle,
    success: BLOG_MSG.articleGenerated,
    failure: (error) => TALLER_MSG.aiErrorPrefix + errorMessage(error),
    invalidates: [articlesKey],
    onSuccess: (article, _topic, _onMutate, { client }) => upsertArticle(client, article),
  });
}
