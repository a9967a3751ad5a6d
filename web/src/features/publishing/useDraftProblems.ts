/**
 * Why a post cannot go out to each of its networks (issue 13 item 2), computed with the shared
 * `validatePost` — the function the server enforces — as the owner types. validatePost is
 * asynchronous (X's twitter-text loads on first use), so each (network, draft) is a cached query:
 * an answer is kept while the next one is computed, and a draft checked once is not checked again.
 */
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { validatePost, type PostDraft, type PostProblem, type SocialNetwork } from '@director-ia/shared';

export interface DraftCheck {
  network: SocialNetwork;
  /** The post as that network would get it; undefined while it cannot be known yet (the gallery is loading). */
  draft: PostDraft | undefined;
}

export interface DraftProblems {
  network: SocialNetwork;
  /** The Spanish reasons, empty when it can go out; the previous draft's while checking, undefined before any. */
  problems: PostProblem[] | undefined;
  /** This draft is not checked yet (or cannot be: the gallery is loading). */
  checking: boolean;
}

export const draftProblemsKey = (network: SocialNetwork, draft: PostDraft | undefined) => ['publishing', 'problems', network, draft ?? null] as const;

/** The problems of each draft, in the order of `checks`. */
export function useDraftProblems(checks: readonly DraftCheck[]): DraftProblems[] {
  return useQueries({
    queries: checks.map(({ network, draft }) => ({
      queryKey: draftProblemsKey(network, draft),
      queryFn: () => (draft ? validatePost(network, draft) : Promise.resolve(undefined)),
      enabled: draft !== undefined,
      staleTime: Infinity,
      gcTime: 5 * 60_000,
      retry: false,
      placeholderData: keepPreviousData,
    })),
    combine: (results) =>
      checks.map(({ network, draft }, index) => {
        const result = results[index];
        return { network, problems: result?.data, checking: draft === undefined || !result || result.isPending || result.isPlaceholderData };
      }),
  });
}
