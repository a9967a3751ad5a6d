/**
 * listarArticulos (active; issue 5 item 3): the owner's blog articles, newest first, each with a
 * short-lived cover URL, and when the schedule drafts the next one. Re-read before the cover URLs
 * expire and when the window regains focus. `upsertArticle` puts a changed article in the cached
 * list (a new one first) so the table updates without waiting for the re-read.
 */
import { type QueryClient } from '@tanstack/react-query';
import { type Article, type CallableOutput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { URL_REFRESH_MS, useCallableQuery } from '../../lib/queries';

export type ArticleList = CallableOutput<'listarArticulos'>;

export const articlesKey = ['blog', 'articles'] as const;

export function fetchArticles(signal?: AbortSignal): Promise<ArticleList> {
  return callFunction('listarArticulos', null, { signal });
}

export function useArticles() {
  return useCallableQuery(articlesKey, fetchArticles, { staleTime: 30_000, refetchInterval: URL_REFRESH_MS, refetchOnWindowFocus: true });
}

/** Puts `article` in the cached list: replaced where it is, or first when new. */
export function upsertArticle(queryClient: QueryClient, article: Article): void {
  queryClient.setQueryData<ArticleList>(articlesKey, (old) => {
    if (!old) return old;
    const known = old.articles.some((a) => a.id === article.id);
    return { ...old, articles: known ? old.articles.map((a) => (a.id === article.id ? article : a)) : [article, ...old.articles] };
  });
}

/** Drops article `id` from the cached list. */
export function removeArticle(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData<ArticleList>(articlesKey, (old) => (old ? { ...old, articles: old.articles.filter((a) => a.id !== id) } : old));
}
