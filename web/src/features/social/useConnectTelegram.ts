/**
 * conectarTelegram (active; issue 12): connects a Telegram channel with a bot token. The input is
 * checked here first with the callable's own schema (callFunction), so a malformed token or
 * channel never leaves the browser; the server's refusals (SOCIAL_MSG.telegram*) come back as the
 * error's message. Errors are NOT toasted: the Telegram dialog shows them next to its fields.
 * Success toasts SOCIAL_MSG.connected('telegram', found) and refreshes the cards.
 */
import { useMutation } from '@tanstack/react-query';
import { SOCIAL_MSG, type CallableInput } from '@director-ia/shared';
import { callFunction } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { socialNetworksKey, storeConnection } from './useSocialNetworks';

export type ConnectTelegramInput = CallableInput<'conectarTelegram'>;

export function connectTelegram(input: ConnectTelegramInput) {
  return callFunction('conectarTelegram', input);
}

export function useConnectTelegram() {
  const toast = useToast();
  return useMutation({
    mutationFn: connectTelegram,
    onSuccess: ({ connection, found }, _input, _onMutate, { client }) => {
      toast.success(SOCIAL_MSG.connected('telegram', found));
      storeConnection(client, connection);
      return client.invalidateQueries({ queryKey: socialNetworksKey });
    },
  });
}
