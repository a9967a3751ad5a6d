/**
 * The signed-in brand's settings documents (spec 3: IA, blog, integrations), one shape for all:
 * a read keyed by the session's uid (none without a session), and a save that refuses without a
 * session (NoSessionError, nothing sent), toasts `saved` or the save error text, and caches the
 * saved document (with the server's lastUpdated) under the same key.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useSessionUid } from '../../lib/authContext';
import { useCallableMutation, useCallableQuery } from '../../lib/queries';
import { NoSessionError, saveErrorText } from './saveFeedback';

type SettingsSave = 'guardarAjustesIA' | 'guardarAjustesBlog' | 'guardarIntegraciones';
type SettingsKey = (uid: string | null) => QueryKey;

/** Reads a settings document of the signed-in user with `read`; `staleTime` overrides the client's. */
export function useSessionSettings<T>(key: SettingsKey, read: (signal: AbortSignal) => Promise<T>, staleTime?: number) {
  const uid = useSessionUid();
  return useCallableQuery(key(uid), read, { enabled: uid !== null, ...(staleTime === undefined ? {} : { staleTime }) });
}

/** Saves settings document `name` for the signed-in user (see the module docs). */
export function useSettingsSave<N extends SettingsSave>(name: N, key: SettingsKey, saved: string) {
  const uid = useSessionUid();
  return useCallableMutation({
    mutationFn: async (input: CallableInput<N>) => {
      if (!uid) throw new NoSessionError();
      return callFunction(name, input);
    },
    success: saved,
    failure: saveErrorText,
    onSuccess: (result, _input, _onMutate, { client }) => client.setQueryData(key(uid), result),
  });
}
