/** exportarLead (active; issue 17 item 2): downloads one lead (with its conversations) as a JSON file. */
import { callFunction } from '../../lib/api';
import { downloadBlob } from '../../lib/download';
import { useCallableMutation } from '../../lib/queries';

/** Saves `value` as the JSON file `fileName` in the browser. */
export function downloadJson(fileName: string, value: unknown): void {
  downloadBlob(fileName, new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
}

export function useExportLead() {
  return useCallableMutation({
    mutationFn: (id: string) => callFunction('exportarLead', { id }),
    success: 'Datos del lead descargados.',
    onSuccess: ({ lead }, id) => downloadJson(`lead-${id}.json`, lead),
  });
}
