/**
 * confirmarAccionChat (active, owner-only): 'Confirmar' runs an action the AI proposed (e.g. an
 * image, which then shows in the chat and in the gallery), 'Cancelar' drops it. The updated
 * proposal and the answer are added to the cached history; a refusal (already resolved, expired)
 * is a toast and the history is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction, errorMessage } from '../../lib/api';
import { useToast } from '../../ui/toast/toastContext';
import { chatKey, mergeChatMessages } from './useChatMessages';

export interface ActionDecision {
  actionId: string;
  confirm: boolean;
}

export function useConfirmChatAction(uid: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ actionId, confirm }: ActionDecision) => (await callFunction('confirmarAccionChat', { uid, actionId, confirm })).messages,
    onSuccess: (messages) => {
      mergeChatMessages(queryClient, uid, messages);
      // A generated image is also in the gallery.
      void queryClient.invalidateQueries({ queryKey: ['assets'] });
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: chatKey(uid) });
    },
  });
}
