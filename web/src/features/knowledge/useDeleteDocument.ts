/** eliminarDocumento (active): removes a document with its file and passages, then re-reads the list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, UPLOAD_MSG } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { documentsKey } from './useDocuments';

export function deleteDocument(id: string) {
  return callFunction('eliminarDocumento', { id });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => toast.success(UPLOAD_MSG.documentDeleted),
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}
