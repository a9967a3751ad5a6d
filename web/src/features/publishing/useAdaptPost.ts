/**
 * adaptarPublicacion (active; issue 13 item 2, "Adaptar con IA"): the AI rewrites a post for one
 * network so that it fits its rules; nothing is stored — the caller shows the answer as that
 * network's version (labelled PUBLICATION_MSG.adaptedOffline when `offline`: no AI model wrote it).
 */
import type { CallableInput, CallableOutput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';

export type AdaptRequest = CallableInput<'adaptarPublicacion'>;
export type Adaptation = CallableOutput<'adaptarPublicacion'>;

export const adaptPost = (request: AdaptRequest): Promise<Adaptation> => callFunction('adaptarPublicacion', request);

export function useAdaptPost() {
  return useCallableMutation({ mutationFn: adaptPost });
}
