/** eliminarRecurso (active): removes an asset (file and record), then re-reads the gallery. */
import { TALLER_MSG, type Asset } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { assetsKey } from './useAssets';

export function useDeleteAsset() {
  return useCallableMutation({
    mutationFn: (id: string) => callFunction('eliminarRecurso', { id }),
    success: TALLER_MSG.assetDeleted,
    invalidates: [assetsKey],
    onSuccess: ({ id }, _id, _onMutate, { client }) => client.setQueryData<Asset[]>(assetsKey, (old) => old?.filter((asset) => asset.id !== id)),
  });
}
