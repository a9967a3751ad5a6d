/**
 * The calendar's polling (issue 13 item 4): the month is re-read every 10 s while one of its
 * publications is publicando or programado within minutes of its instant, once when the next one
 * enters that window, and not at all otherwise — checked on the function and on a real TanStack
 * QueryObserver with the month query's options (only fetch is faked, time is fake).
 */
import { environmentManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MonthPlan } from '../../../../../../web/src/features/plan/usePosts';
import { json, stubFetch } from '../social/fixtures';
import { publication, scheduledPost } from '../publishing/fixtures';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { POLL_AHEAD_MS, POLL_BEHIND_MS, PUBLICATION_POLL_MS, publicationPollInterval } = await import('../../../../../../web/src/features/plan/polling');
const { fetchMonth, MONTH_PLAN_READ, monthPostsKey } = await import('../../../../../../web/src/features/plan/usePosts');

const NOW = Date.parse('2026-07-14T16:58:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();
const postWith = (...publications: ReturnType<typeof publication>[]) => scheduledPost({ publications });

describe('publicationPollInterval', () => {
  it('polls every 10 s while a publication is publicando, whenever it was due', () => {
    expect(publicationPollInterval([postWith(publication({ state: 'publicando', dueAt: at(NOW - 3 * 60 * 60_000) }))], NOW)).toBe(PUBLICATION_POLL_MS);
  });

  it('polls while a programado publication is due within the next minutes or a little late', () => {
    expect(publicationPollInterval([postWith(publication({ dueAt: at(NOW + 2 * 60_000) }))], NOW)).toBe(PUBLICATION_POLL_MS);
    expect(publicationPollInterval([postWith(publication({ dueAt: at(NOW + POLL_AHEAD_MS) }))], NOW)).toBe(PUBLICATION_POLL_MS);
    expect(publicationPollInterval([postWith(publication({ dueAt: at(NOW - 60_000) }))], NOW)).toBe(PUBLICATION_POLL_MS);
  });

  it('waits until the next programado publication enters the window', () => {
    expect(publicationPollInterval([postWith(publication({ dueAt: at(NOW + POLL_AHEAD_MS + 60_000) }), publication({ id: 'b', dueAt: at(NOW + 3 * 60 * 60_000) }))], NOW)).toBe(60_000);
  });

  it('does not poll for finished publications, long-overdue ones or a month without publications', () => {
    const finished = ['publicado', 'error', 'sin_confirmar', 'no_publicado'] as const;
    expect(publicationPollInterval([postWith(...finished.map((state, i) => publication({ id: `f${i}`, state, dueAt: at(NOW) })))], NOW)).toBe(false);
    expect(publicationPollInterval([postWith(publication({ dueAt: at(NOW - POLL_BEHIND_MS - 1) }))], NOW)).toBe(false);
    expect(publicationPollInterval([scheduledPost()], NOW)).toBe(false);
    expect(publicationPollInterval([], NOW)).toBe(false);
  });
});

describe('the month query', () => {
  const fetchMock = stubFetch();
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    // TanStack schedules no refetch interval on a server; this test plays the browser.
    environmentManager.setIsServer(() => false);
  });
  afterEach(() => {
    environmentManager.setIsServer(() => true);
    vi.useRealTimers();
  });

  const answer = (state: 'programado' | 'publicando' | 'publicado'): MonthPlan => ({
    month: '2026-07',
    posts: [postWith(publication({ state, dueAt: at(NOW + 2 * 60_000), ...(state === 'publicado' ? { url: 'https://instagram.example/p/1', publishedAt: at(NOW) } : {}) }))],
  });

  it('re-reads every 10 s while the post is about to go out and stops once it is publicado', async () => {
    const answers = [answer('programado'), answer('publicando'), answer('publicado')];
    let reads = 0;
    fetchMock.mockImplementation(async () => json(200, { result: answers[Math.min(reads++, answers.length - 1)] }));
    const client = new QueryClient();
    const observer = new QueryObserver(client, { queryKey: monthPostsKey('2026-07'), queryFn: ({ signal }) => fetchMonth('2026-07', signal), retry: 1, ...MONTH_PLAN_READ });
    const states: string[] = [];
    const unsubscribe = observer.subscribe((result) => {
      const state = result.data?.posts[0]?.publications[0]?.state;
      if (state && states.at(-1) !== state) states.push(state);
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(PUBLICATION_POLL_MS);
    expect(reads).toBe(2);
    await vi.advanceTimersByTimeAsync(PUBLICATION_POLL_MS);
    expect(reads).toBe(3);
    expect(states).toEqual(['programado', 'publicando', 'publicado']);
    await vi.advanceTimersByTimeAsync(10 * PUBLICATION_POLL_MS);
    expect(reads).toBe(3);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/listarPublicaciones');
    unsubscribe();
    client.clear();
  });

  it('does not re-read a month with nothing about to go out', async () => {
    fetchMock.mockImplementation(async () => json(200, { result: { month: '2026-07', posts: [scheduledPost()] } }));
    const client = new QueryClient();
    const observer = new QueryObserver(client, { queryKey: monthPostsKey('2026-07'), queryFn: ({ signal }) => fetchMonth('2026-07', signal), ...MONTH_PLAN_READ });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    unsubscribe();
    client.clear();
  });
});
