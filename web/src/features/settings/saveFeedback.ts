/**
 * What a settings save tells the user (spec sections 5 and 8): without a session — none in the
 * browser, or the server answering 401 — 'Error: Usuario no autenticado.'; any other failure
 * 'Error: ' + its Spanish message. On success the saved document (with the server's lastUpdated)
 * becomes the cached one.
 */
import type { QueryKey } from '@tanstack/react-query';
import { MSG } from '@director-ia/shared';
import { CallableClientError, errorMessage } from '../../lib/api';
import { useSessionUid } from '../../lib/authContext';
import { useCallableMutation } from '../../lib/queries';

export function saveErrorText(error: unknown): string {
  if (error instanceof CallableClientError && error.status === 'UNAUTHENTICATED') return MSG.notAuthenticated;
  return MSG.errorPrefix + errorMessage(error);
}

/** Thrown by a save attempted without a session; nothing is sent. */
export class NoSessionError extends CallableClientError {
  constructor() {
    super('UNAUTHENTICATED', MSG.notAuthenticated);
  }
}

/**
 * The save of one settings document: `save(input)` for the signed-in user (NoSessionError without
 * one, nothing sent), the `saved` toast, and the answer cached under `key(uid)`.
 */
export function useSettingsSave<TInput, TSaved>(save: (input: TInput) => Promise<TSaved>, key: (uid: string | null) => QueryKey, saved: string) {
  const uid = useSessionUid();
  return useCallableMutation({
    mutationFn: async (input: TInput) => {
      if (!uid) throw new NoSessionError();
      return save(input);
    },
    success: saved,
    failure: saveErrorText,
    onSuccess: (result, _input, _onMutate, { client }) => client.setQueryData(key(uid), result),
  });
}
