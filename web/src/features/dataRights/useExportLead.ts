/** exportarLead (active; issue 17 item 2): downloads one lead (with its conversations) as a JSON file. */
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';

/** Saves `value` as the JSON file `fileName` in the browser. */
export function downloadJson(fileName: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportLead() {
  return useCallableMutation({
    mutationFn: (id: string) => callFunction('exportarLead', { id }),
    success: 'Datos del lead descargados.',
    onSuccess: ({ lead }, id) => downloadJson(`lead-${id}.json`, lead),
  });
}
