/**
 * publicarAhora (active; issue 13 item 4): "Publicar ahora" (a programado or no publicado
 * publication) and "Reintentar" (an error): the server publishes it at once through the engine,
 * exactly once; then the calendar re-reads (and polls while it is publicando).
 */
import { PUBLICATION_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { postsKey } from '../plan';

export type PublishNowRequest = CallableInput<'publicarAhora'>;

export const publishNowOptions = {
  mutationFn: async (request: PublishNowRequest) => (await callFunction('publicarAhora', request)).post,
  success: PUBLICATION_MSG.publishNowDone,
  invalidates: [postsKey],
};

export function usePublishNow() {
  return useCallableMutation(publishNowOptions);
}
