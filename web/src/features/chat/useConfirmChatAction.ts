/**
 * confirmarAccionChat (active, owner-only): 'Confirmar' runs an action the AI proposed (e.g. an
 * image, which then shows in the chat and in the gallery), 'Cancelar' drops it. The updated
 * proposal and the answer are added to the cached history; a refusal (already resolved, expired)
 * is a toast and the history is read again.
 */
import { callFunction, errorMessage } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { chatKey, mergeChatMessages } from './useChatMessages';

export interface ActionDecision {
  actionId: string;
  confirm: boolean;
}

export function useConfirmChatAction(uid: string) {
  return useCallableMutation({
    mutationFn: async ({ actionId, confirm }: ActionDecision) => (await callFunction('confirmarAccionChat', { uid, actionId, confirm })).messages,
    failure: errorMessage,
    onSuccess: (messages, _decision, _onMutate, { client }) => {
      mergeChatMessages(client, uid, messages);
      // A generated image is also in the gallery.
      void client.invalidateQueries({ queryKey: ['assets'] });
    },
    onError: (_error, _decision, _onMutate, { client }) => void client.invalidateQueries({ queryKey: chatKey(uid) }),
  });
}
