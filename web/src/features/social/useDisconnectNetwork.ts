/**
 * desconectarRed (active; spec 4 "Social connection"): the server revokes the access where the
 * network allows it and forgets the tokens and targets; the card returns to Conectar.
 * SOCIAL_MSG.disconnected(network) on success.
 */
import { SOCIAL_MSG, type SocialNetwork } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { socialNetworksKey, storeConnection } from './useSocialNetworks';

export function useDisconnectNetwork() {
  return useCallableMutation({
    mutationFn: (platform: SocialNetwork) => callFunction('desconectarRed', { platform }),
    success: (_result, platform) => SOCIAL_MSG.disconnected(platform),
    invalidates: [socialNetworksKey],
    onSuccess: ({ connection }, _platform, _onMutate, { client }) => storeConnection(client, connection),
  });
}
