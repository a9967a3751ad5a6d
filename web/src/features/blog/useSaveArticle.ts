/** guardarArticulo (active): saves the owner's edit (title, summary, Markdown body, cover) of one article. */
import { BLOG_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { upsertArticle } from './useArticles';

export type ArticleEditInput = CallableInput<'guardarArticulo'>;

export function saveArticle(input: ArticleEditInput) {
  return callFunction('guardarArticulo', input);
}

export function useSaveArticle() {
  return useCallableMutation({
    mutationFn: saveArticle,
    success: BLOG_MSG.articleSaved,
    onSuccess: (article, _input, _onMutate, { client }) => upsertArticle(client, article),
  });
}
