/** guardarRetencion (active; issue 17 item 2): how many days conversations are kept (0 = no automatic deletion). */
import { retentionLabel } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useSessionUid } from '../../lib/authContext';
import { useCallableMutation } from '../../lib/queries';
import { myDataKey } from './useMyData';

export function useSaveRetention() {
  const uid = useSessionUid();
  return useCallableMutation({
    mutationFn: (retentionDays: number) => callFunction('guardarRetencion', { retentionDays }),
    success: ({ retentionDays }) => `Conservación de conversaciones: ${retentionLabel(retentionDays).toLowerCase()}.`,
    invalidates: [myDataKey(uid)],
  });
}
