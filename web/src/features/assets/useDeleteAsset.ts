/** eliminarRecurso (active): removes an asset (file and record), then re-reads the gallery. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, TALLER_MSG, type Asset } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { assetsKey } from './useAssets';

export function deleteAsset(id: string) {
  return callFunction('eliminarRecurso', { id });
}

export function useDeleteAsset() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: deleteAsset,
    onSuccess: ({ id }) => {
      queryClient.setQueryData<Asset[]>(assetsKey, (old) => old?.filter((asset) => asset.id !== id));
      toast.success(TALLER_MSG.assetDeleted);
    },
    onError: (error) => toast.error(MSG.errorPrefix + errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetsKey }),
  });
}
