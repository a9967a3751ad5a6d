/**
 * obtenerMisDatos (signedIn; issue 17 item 2): the latest data export (with a fresh download link
 * while it lasts) and the conversation retention. Re-read every 2 s while an export is being
 * prepared, so the progress moves and the link appears by itself.
 */
import { callFunction } from '../../lib/api';
import { useSessionUid } from '../../lib/authContext';
import { useCallableQuery } from '../../lib/queries';

export const myDataKey = (uid: string | null) => ['dataRights', 'myData', uid] as const;

export function useMyData() {
  const uid = useSessionUid();
  return useCallableQuery(myDataKey(uid), (signal) => callFunction('obtenerMisDatos', null, { signal }), {
    enabled: uid !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.exportacion?.status === 'preparando' ? 2000 : false),
  });
}
