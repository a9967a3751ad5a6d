/** The cached article list updaters: an article is replaced in place or put first when new; a deleted one leaves the list. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Article } from '@director-ia/shared';
import type { ArticleList } from '../../../../../../web/src/features/blog/useArticles';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { articlesKey, removeArticle, upsertArticle } = await import('../../../../../../web/src/features/blog/useArticles');

const article = (id: string, title = id) => ({ id, title }) as Article;
const cached = (client: QueryClient) => client.getQueryData<ArticleList>(articlesKey)?.articles.map((a) => `${a.id}:${a.title}`);

function withList(...articles: Article[]) {
  const client = new QueryClient();
  client.setQueryData(articlesKey, { articles } as unknown as ArticleList);
  return client;
}

describe('upsertArticle', () => {
  it('replaces a known article where it is', () => {
    const client = withList(article('a'), article('b'), article('c'));
    upsertArticle(client, article('b', 'nuevo'));
    expect(cached(client)).toEqual(['a:a', 'b:nuevo', 'c:c']);
  });

  it('puts a new article first', () => {
    const client = withList(article('a'));
    upsertArticle(client, article('z'));
    expect(cached(client)).toEqual(['z:z', 'a:a']);
  });

  it('leaves a list never read uncached', () => {
    const client = new QueryClient();
    upsertArticle(client, article('z'));
    expect(client.getQueryData(articlesKey)).toBeUndefined();
  });
});

describe('removeArticle', () => {
  it('drops only that article', () => {
    const client = withList(article('a'), article('b'));
    removeArticle(client, 'a');
    expect(cached(client)).toEqual(['b:b']);
  });
});
