/** solicitarExportacion (signedIn; issue 17 item 2): starts the data export (or shows the one running) and re-reads its status. */
import { callFunction } from '../../lib/api';
import { useSessionUid } from '../../lib/authContext';
import { useCallableMutation } from '../../lib/queries';
import { myDataKey } from './useMyData';

export function useStartExport() {
  const uid = useSessionUid();
  return useCallableMutation({
    mutationFn: () => callFunction('solicitarExportacion', null),
    success: 'Estamos preparando tu exportación.',
    invalidates: [myDataKey(uid)],
  });
}
