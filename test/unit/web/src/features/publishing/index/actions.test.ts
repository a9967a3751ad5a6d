/**
 * The publishing actions' calls (issue 13 items 2–4), under a real TanStack MutationObserver with
 * the dashboard's toasts (only fetch is faked): "Publicar ahora" / "Reintentar" send publicarAhora
 * with the post and publication ids, announce PUBLICATION_MSG.publishNowDone and re-read the
 * calendar; the 'sin confirmar' answers send resolverPublicacion with `published`; "Adaptar con IA"
 * sends adaptarPublicacion and returns the text; a refusal shows the server's Spanish words.
 */
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { MSG, PUBLICATION_MSG } from '@director-ia/shared';
import { errorAnswer, json, stubFetch } from '../../social/fixtures';
import { publication, scheduledPost } from '../fixtures';

vi.mock('../../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { callableMutationOptions } = await import('../../../../../../../web/src/lib/queries');
const { adaptPost, publishNowOptions, resolvePublicationOptions, PUBLISHING_UI } = await import('../../../../../../../web/src/features/publishing');
const { monthPostsKey } = await import('../../../../../../../web/src/features/plan');

const fetchMock = stubFetch();

/** The request `fetch` got: path and `data`. */
function sent(index = 0): { url: string; data: unknown } {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return { url: String(url), data: (JSON.parse(String(init?.body)) as { data: unknown }).data };
}

function harness() {
  const client = new QueryClient();
  client.setQueryData(monthPostsKey('2026-07'), { month: '2026-07', posts: [] });
  const toasts: string[] = [];
  const toast = { success: (text: string) => toasts.push(`ok:${text}`), error: (text: string) => toasts.push(`error:${text}`) };
  return { client, toasts, toast };
}

const publishing = scheduledPost({ publications: [publication({ state: 'publicando' })] });

describe('publicarAhora', () => {
  it('sends the post and publication, announces it and re-reads the calendar', async () => {
    fetchMock.mockResolvedValue(json(200, { result: { post: publishing } }));
    const { client, toasts, toast } = harness();
    const post = await new MutationObserver(client, callableMutationOptions(publishNowOptions, toast)).mutate({ id: 'p1', publicationId: 'pub-1' });
    expect(sent()).toEqual({ url: '/api/publicarAhora', data: { id: 'p1', publicationId: 'pub-1' } });
    expect(post.publications[0]?.state).toBe('publicando');
    expect(toasts).toEqual([`ok:${PUBLICATION_MSG.publishNowDone}`]);
    expect(client.getQueryState(monthPostsKey('2026-07'))?.isInvalidated).toBe(true);
  });

  it("shows the server's refusal", async () => {
    fetchMock.mockResolvedValue(errorAnswer(400, 'INVALID_ARGUMENT', PUBLICATION_MSG.busy));
    const { client, toasts, toast } = harness();
    await expect(new MutationObserver(client, callableMutationOptions(publishNowOptions, toast)).mutate({ id: 'p1', publicationId: 'pub-1' })).rejects.toThrow(PUBLICATION_MSG.busy);
    expect(toasts).toEqual([`error:${MSG.errorPrefix}${PUBLICATION_MSG.busy}`]);
  });
});

describe('resolverPublicacion', () => {
  it.each([
    [true, PUBLISHING_UI.resolvedPublished],
    [false, PUBLICATION_MSG.publishNowDone],
  ])('sends published=%s and says what follows', async (published, message) => {
    fetchMock.mockResolvedValue(json(200, { result: { post: publishing } }));
    const { client, toasts, toast } = harness();
    await new MutationObserver(client, callableMutationOptions(resolvePublicationOptions, toast)).mutate({ id: 'p1', publicationId: 'pub-1', published });
    expect(sent()).toEqual({ url: '/api/resolverPublicacion', data: { id: 'p1', publicationId: 'pub-1', published } });
    expect(toasts).toEqual([`ok:${message}`]);
    expect(client.getQueryState(monthPostsKey('2026-07'))?.isInvalidated).toBe(true);
  });
});

describe('adaptarPublicacion', () => {
  it('sends the network, title and text and returns the adaptation', async () => {
    fetchMock.mockResolvedValue(json(200, { result: { text: 'Ramos de verano.', offline: true, model: 'offline' } }));
    await expect(adaptPost({ network: 'x', title: 'Ramos', content: 'Un texto largo' })).resolves.toEqual({ text: 'Ramos de verano.', offline: true, model: 'offline' });
    expect(sent()).toEqual({ url: '/api/adaptarPublicacion', data: { network: 'x', title: 'Ramos', content: 'Un texto largo' } });
  });
});
