/**
 * enviarMensajeChat (active, owner-only): sends one message of the chat — text, a photo and/or a
 * voice note. The photo and the note are uploaded first with `solicitarSubida` (kinds chatImage and
 * chatVoice; the shared upload rules refuse a wrong file before anything is sent), then the
 * message names their keys. The answers are added to the cached history; a failure is a toast
 * with the Spanish message (the composer keeps what was typed).
 */
import { CHAT_MSG } from '@director-ia/shared';
import { callFunction, errorMessage } from '../../lib/api';
import { useCallableMutation } from '../../lib/queries';
import { uploadFile } from '../../lib/upload';
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
  return useCallableMutation({
    mutationFn: (message: OutgoingMessage) => sendChatMessage(uid, message),
    failure: errorMessage,
    onSuccess: (messages, _message, _onMutate, { client }) => mergeChatMessages(client, uid, messages),
  });
}
