/**
 * listarPublicaciones (active; spec 2 'calendario', issue 5 items 1–2): one month ('YYYY-MM') of
 * the owner's plan — the scheduled posts in date order and the month's pending proposal, if any, so
 * the proposed-plan panel comes back after leaving the page or a reload. One query per shown month;
 * approvals, edits and deletions invalidate them all (`postsKey`). The plan mutations keep the
 * cached proposal in step: `storeProposal` after a generation (it replaces the month's older one),
 * `forgetProposal` after an approval or a rejection (or when the server says it is gone). While a
 * publication of the month is about to go out the month is re-read every few seconds (polling.ts).
 */
import { type QueryClient } from '@tanstack/react-query';
import type { CallableOutput, PlanProposal } from '@director-ia/shared';
import { CallableClientError, callFunction } from '../../lib/api';
import { useCallableQuery } from '../../lib/queries';
import { publicationPollInterval } from './polling';

export const postsKey = ['plan', 'posts'] as const;
export const monthPostsKey = (month: string) => [...postsKey, month] as const;

/** One month of the plan: `{month, posts, proposal?}`. */
export type MonthPlan = CallableOutput<'listarPublicaciones'>;

export function fetchMonth(month: string, signal?: AbortSignal): Promise<MonthPlan> {
  return callFunction('listarPublicaciones', { month }, { signal });
}

/** The month query's options besides key and function: fresh for 30 s, polled while a publication is due (issue 13 item 4). */
export const MONTH_PLAN_READ = {
  staleTime: 30_000,
  refetchInterval: (query: { state: { data: MonthPlan | undefined } }) => publicationPollInterval(query.state.data?.posts ?? [], Date.now()),
} as const;

export function usePosts(month: string) {
  return useCallableQuery(monthPostsKey(month), (signal) => fetchMonth(month, signal), MONTH_PLAN_READ);
}

/** Shows `plan` as its month's pending proposal at once, then re-reads that month. */
export function storeProposal(queryClient: QueryClient, plan: PlanProposal): Promise<void> {
  const key = monthPostsKey(plan.month);
  queryClient.setQueryData<MonthPlan>(key, (old) => (old ? { ...old, proposal: plan } : old));
  return queryClient.invalidateQueries({ queryKey: key });
}

/** NOT_FOUND from aprobarPlan / rechazarPlan: the plan is no longer pending (approved, rejected or replaced meanwhile). */
export const isGone = (error: unknown) => error instanceof CallableClientError && error.status === 'NOT_FOUND';

/**
 * Removes proposal `planId` from every cached month (it was approved, rejected or is gone). A read
 * of such a month still in flight is cancelled first: it may have started before the change and
 * would bring the proposal back.
 */
export async function forgetProposal(queryClient: QueryClient, planId: string): Promise<void> {
  const holds = (data: unknown) => (data as MonthPlan | undefined)?.proposal?.planId === planId;
  await queryClient.cancelQueries({ queryKey: postsKey, predicate: (query) => holds(query.state.data) });
  queryClient.setQueriesData<MonthPlan>({ queryKey: postsKey }, (old) => {
    if (!old || !holds(old)) return old;
    const { proposal: _gone, ...rest } = old;
    return rest;
  });
}
