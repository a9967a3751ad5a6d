/** eliminarDocumento (active): removes a document with its file and passages, then re-reads the list. */
import { UPLOAD_MSG } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { documentsKey } from './useDocuments';

export function useDeleteDocument() {
  return useCallableMutation({ mutationFn: (id: string) => callFunction('eliminarDocumento', { id }), success: UPLOAD_MSG.documentDeleted, invalidates: [documentsKey] });
}
