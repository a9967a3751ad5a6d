/**
 * completarOAuth (active; issue 12, architecture "Social networks" step 6): completes a connection
 * with the `state` and `code` the callback page posted, as the signed-in owner. Success toasts
 * SOCIAL_MSG.connected(network, found) and refreshes the cards; a failure toasts the server's
 * Spanish words (it already says SOCIAL_MSG.connectError / pagesError / stateInvalid), and a failure
 * that never reached the server (no network, timeout) as SOCIAL_MSG.connectError(network, message).
 */
import { SOCIAL_MSG, type CallableInput, type CallableOutput, type OAuthNetwork } from '@director-ia/shared';
import { CallableClientError, callFunction, errorMessage } from '../../lib/api';
import { useCallableMutation, type CallableMutationOptions } from '../../lib/queries';
import { socialNetworksKey, storeConnection } from './useSocialNetworks';

export type CompleteOAuthInput = CallableInput<'completarOAuth'>;
export type CompleteOAuthOutput = CallableOutput<'completarOAuth'>;

/** Statuses whose message the server wrote for this flow (shown as they are). */
const SERVER_WORDS = new Set(['INVALID_ARGUMENT', 'UNAVAILABLE', 'UNIMPLEMENTED', 'FAILED_PRECONDITION']);

/** What a failed completion says, in Spanish (spec 8). */
export function completeFailureText(network: OAuthNetwork, error: unknown): string {
  if (error instanceof CallableClientError && error.httpStatus > 0 && SERVER_WORDS.has(error.status)) return error.message;
  return SOCIAL_MSG.connectError(network, errorMessage(error));
}

/** The call; rejects with an Error whose message is `completeFailureText`. */
export async function completeOAuth(input: CompleteOAuthInput): Promise<CompleteOAuthOutput> {
  try {
    return await callFunction('completarOAuth', input);
  } catch (error) {
    throw new Error(completeFailureText(input.platform, error), { cause: error });
  }
}

/** The mutation's options (toasts, cache), apart from the hook so they can run under a bare observer. */
export const completeOAuthOptions: CallableMutationOptions<CompleteOAuthOutput, CompleteOAuthInput> = {
  mutationFn: completeOAuth,
  success: ({ found }, { platform }) => SOCIAL_MSG.connected(platform, found),
  failure: errorMessage,
  invalidates: [socialNetworksKey],
  onSuccess: ({ connection }, _input, _onMutate, { client }) => storeConnection(client, connection),
};

export function useCompleteOAuth() {
  return useCallableMutation(completeOAuthOptions);
}
