/**
 * listarPublicaciones (active; spec 2 'calendario', issue 5 item 1): the owner's scheduled posts of
 * one month ('YYYY-MM'), in date order. One query per shown month; approvals, edits and deletions
 * invalidate them all (`postsKey`).
 */
import { useQuery } from '@tanstack/react-query';
import type { ScheduledPost } from '../../../../shared';
import { callFunction } from '../../lib/api';

export const postsKey = ['plan', 'posts'] as const;
export const monthPostsKey = (month: string) => [...postsKey, month] as const;

export async function fetchPosts(month: string, signal?: AbortSignal): Promise<ScheduledPost[]> {
  const { posts } = await callFunction('listarPublicaciones', { month }, { signal });
  return posts;
}

export function usePosts(month: string) {
  return useQuery({
    queryKey: monthPostsKey(month),
    queryFn: ({ signal }) => fetchPosts(month, signal),
    retry: 1,
    staleTime: 30_000,
  });
}
