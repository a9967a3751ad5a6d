/**
 * The upload flow of the Base de Aprendizaje: one file at a time, progress 0..1 while the bytes
 * go to S3, the spec's messages ('Documento subido...' / 'Error al subir el archivo.'), and the
 * new id handed to `onUploaded` so the list shows it at once.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG, UPLOAD_MSG } from '@director-ia/shared';
import { CallableClientError } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { uploadDocument, UploadRejected } from './uploadDocument';

export function useUploadDocument(onUploaded: (id: string, file: File) => void) {
  const toast = useToast();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadDocument(file, setProgress);
    },
    onSuccess: (id, file) => {
      toast.success(UPLOAD_MSG.documentUploaded);
      onUploaded(id, file);
    },
    onError: (error) => {
      if (error instanceof UploadRejected) toast.error(error.message);
      // A refusal with a reason from solicitarSubida (type, size) keeps its explanation.
      else if (error instanceof CallableClientError && error.status === 'INVALID_ARGUMENT') toast.error(`${MSG.uploadFailed} ${error.message}`);
      else toast.error(MSG.uploadFailed);
    },
  });
  return { ...mutation, progress };
}
