/**
 * resolverPublicacion (active; issue 13 item 3): the owner's answer for a `sin_confirmar`
 * publication — it did go out (`published: true` → publicado) or it did not (`false` → published
 * again now); then the calendar re-reads.
 */
import { PUBLICATION_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { postsKey } from '../plan';
import { PUBLISHING_UI } from './labels';

export type ResolveRequest = CallableInput<'resolverPublicacion'>;

export const resolvePublicationOptions = {
  mutationFn: async (request: ResolveRequest) => (await callFunction('resolverPublicacion', request)).post,
  success: (_post: unknown, request: ResolveRequest) => (request.published ? PUBLISHING_UI.resolvedPublished : PUBLICATION_MSG.publishNowDone),
  invalidates: [postsKey],
};

export function useResolvePublication() {
  return useCallableMutation(resolvePublicationOptions);
}
