/**
 * enviarMensajeChat (active, owner-only): sends one message of the chat — text, a photo and/or a
 * voice note. The photo and the note are uploaded first with `solicitarSubida` (kinds chatImage and
 * chatVoice; the shared upload rules refuse a wrong file before anything is sent), then the
 * message names their keys. The answers are added to the cached history; a failure is a toast
 * with the Spanish message (the composer keeps what was typed).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHAT_MSG } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { uploadFile } from '../../lib/upload';
import { useToast } from '../../ui/toast/toastContext';
import { preparePhoto } from './photo';
import { mergeChatMessages } from './useChatMessages';

export interface OutgoingMessage {
  text: string;
  photo?: File | null;
  voice?: File | null;
}

export async function sendChatMessage(uid: string, message: OutgoingMessage) {
  const text = message.text.trim();
  const imageKey = message.photo ? await uploadFile('chatImage', await preparePhoto(message.photo)) : undefined;
  const voiceKey = message.voice ? await uploadFile('chatVoice', message.voice) : undefined;
  if (!text && !imageKey && !voiceKey) throw new Error(CHAT_MSG.emptyMessage);
  const { messages } = await callFunction('enviarMensajeChat', {
    uid,
    ...(text ? { text } : {}),
    ...(imageKey ? { imageKey } : {}),
    ...(voiceKey ? { voiceKey } : {}),
  });
  return messages;
}

export function useSendChatMessage(uid: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (message: OutgoingMessage) => sendChatMessage(uid, message),
    onSuccess: (messages) => mergeChatMessages(queryClient, uid, messages),
    onError: (error) => toast.error(errorMessage(error)),
  });
}
