/**
 * elegirDestinos (active; issue 12 item 1): which of a connection's targets (pages, accounts,
 * channels, boards) the AI may publish to. SOCIAL_MSG.targetsSaved on success.
 */
import { SOCIAL_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { socialNetworksKey, storeConnection } from './useSocialNetworks';

export type ChooseTargetsInput = CallableInput<'elegirDestinos'>;

export function useChooseTargets() {
  return useCallableMutation({
    mutationFn: (input: ChooseTargetsInput) => callFunction('elegirDestinos', input),
    success: SOCIAL_MSG.targetsSaved,
    invalidates: [socialNetworksKey],
    onSuccess: ({ connection }, _input, _onMutate, { client }) => storeConnection(client, connection),
  });
}
