/**
 * The two shapes every feature hook takes (one hook per callable operation, bulletproof-react
 * style): a read of one callable, retried once and cancelled with the query's AbortSignal; and a
 * call that changes data, with the dashboard's toasts (a Spanish success text, 'Error: ' + the
 * message on failure) and the cached lists it makes stale re-read once it settles.
 */
import { useMutation, useQuery, type MutationFunctionContext, type QueryKey, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { ASSET_URL_EXPIRES_SECONDS, MSG } from '@director-ia/shared';
import { useToast, type ToastApi } from '../ui/toast/toastContext';
import { errorMessage } from './api';

/** Lists with short-lived file URLs (assets, articles, chat) re-read this long (ms) before their URLs expire. */
export const URL_REFRESH_MS = (ASSET_URL_EXPIRES_SECONDS - 120) * 1000;

type ReadOptions<T, K extends QueryKey> = Omit<UseQueryOptions<T, Error, T, K>, 'queryKey' | 'queryFn'>;

/** `read(signal)` cached under `queryKey`, retried once; `options` add or override query options. */
export function useCallableQuery<T, K extends QueryKey>(queryKey: K, read: (signal: AbortSignal) => Promise<T>, options: ReadOptions<T, K> = {}) {
  return useQuery({ queryKey, queryFn: ({ signal }) => read(signal), retry: 1, ...options });
}

/** The failure toast of a dashboard operation: 'Error: ' + the Spanish message. */
export function operationErrorText(error: unknown): string {
  return MSG.errorPrefix + errorMessage(error);
}

export interface CallableMutationOptions<TData, TVariables, TOnMutate = unknown>
  extends Omit<UseMutationOptions<TData, Error, TVariables, TOnMutate>, 'onSuccess' | 'onError' | 'onSettled'> {
  /** The success toast: a fixed text or one made from the result. None when absent. */
  success?: string | ((data: TData, variables: TVariables) => string);
  /** The failure toast's text; `operationErrorText` by default. */
  failure?: (error: Error) => string;
  /** Query keys re-read once the call settles, successful or not (the mutation waits for them). */
  invalidates?: readonly QueryKey[];
  /** Runs after the success toast (cache updates); a returned promise is awaited. */
  onSuccess?: (data: TData, variables: TVariables, onMutateResult: TOnMutate | undefined, context: MutationFunctionContext) => unknown;
  /** Runs after the failure toast (rollbacks); a returned promise is awaited. */
  onError?: (error: Error, variables: TVariables, onMutateResult: TOnMutate | undefined, context: MutationFunctionContext) => unknown;
}

/**
 * The TanStack mutation options of `options` with their toasts shown through `toast`: the success
 * text first, then `onSuccess`; the failure text first, then `onError`; `invalidates` re-read on
 * settle through the mutation's own QueryClient. Pure, so it can run under a bare MutationObserver.
 */
export function callableMutationOptions<TData, TVariables, TOnMutate = unknown>(
  options: CallableMutationOptions<TData, TVariables, TOnMutate>,
  toast: Pick<ToastApi, 'success' | 'error'>,
): UseMutationOptions<TData, Error, TVariables, TOnMutate> {
  const { success, failure = operationErrorText, invalidates, onSuccess, onError, ...mutation } = options;
  return {
    ...mutation,
    onSuccess: (data, variables, onMutateResult, context) => {
      if (success !== undefined) toast.success(typeof success === 'string' ? success : success(data, variables));
      return onSuccess?.(data, variables, onMutateResult, context);
    },
    onError: (error, variables, onMutateResult, context) => {
      toast.error(failure(error));
      return onError?.(error, variables, onMutateResult, context);
    },
    ...(invalidates ? { onSettled: (_data, _error, _variables, _onMutateResult, context) => Promise.all(invalidates.map((queryKey) => context.client.invalidateQueries({ queryKey }))) } : {}),
  };
}

/** A TanStack mutation with the dashboard's toasts and invalidations (see `CallableMutationOptions`). */
export function useCallableMutation<TData, TVariables, TOnMutate = unknown>(options: CallableMutationOptions<TData, TVariables, TOnMutate>) {
  return useMutation(callableMutationOptions(options, useToast()));
}
