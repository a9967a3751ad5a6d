/**
 * `enviarMensajeChat`'s domain (issue 6 item 3): one owner message of the mobile chat and its
 * answers. The attachments are checked first (the caller's own uploads of the right kind that
 * exist, a photo that is really an image), so bad input stores nothing. Then the message is kept
 * in the owner's history and:
 * - a voice note: with a transcriber its job starts and the answer waits for the transcript
 *   (voice.ts; polled by `listarMensajesChat` and by the next message); without one (the twin) the note is kept and a
 *   plain answer says transcription needs a configured provider — any text or photo sent with it
 *   is still answered;
 * - otherwise the AI answers at once (turn.ts).
 * Before storing anything the message takes one of the caller's daily chat turns, and a voice note
 * for the transcriber one transcription (core/quotas/daily.ts; issue 16 finding 2): over either,
 * 429 and nothing is stored; an error afterwards gives them back.
 * Returns the new messages (the owner's first), as the browser shows them.
 */
import { CHAT_CONTEXT_MESSAGES, CHAT_MSG, type ChatMessageView } from '@director-ia/shared';
import { deploymentTranscriber, type Transcriber } from '../../platform/ai/speech/transcription';
import type { ChatImage } from '../../platform/ai/types';
import { giveBackDailyQuota, takeDailyQuota, type QuotaTake } from '../quotas/daily';
import { chatViews, nextMessageId, recentChatMessages, saveChatMessage, type ChatMessageItem } from './history';
import { settleTranscriptions } from './list';
import { checkVoiceNote, readChatImage } from './media';
import { answerOwnerMessage } from './turn';
import { startTranscription } from './voice';
import type { CallableInput } from '@director-ia/shared';

export type ChatMessageInput = Omit<CallableInput<'enviarMensajeChat'>, 'uid'>;

/** Stores and answers one message of `sub` (see the module header). */
export async function sendChatMessage(sub: string, input: ChatMessageInput, now = new Date()): Promise<ChatMessageView[]> {
  const text = input.text?.trim() ?? '';
  const image: ChatImage | undefined = input.imageKey !== undefined ? await readChatImage(sub, input.imageKey) : undefined;
  if (input.voiceKey !== undefined) await checkVoiceNote(sub, input.voiceKey);

  // The day's quotas, before any answer or job (issue 16 finding 2): a voice note the transcriber
  // will take counts a transcription, every message a chat turn; what work that throws took is given back.
  const transcriber = input.voiceKey !== undefined ? deploymentTranscriber() : null;
  const takes: QuotaTake[] = [];
  try {
    if (transcriber) takes.push(await takeDailyQuota(sub, 'transcriptions', 1, now));
    takes.push(await takeDailyQuota(sub, 'chatTurns', 1, now));
    return await storeAndAnswer(sub, input, text, image, transcriber, now);
  } catch (error) {
    await Promise.all(takes.map(giveBackDailyQuota));
    throw error;
  }
}

/** The message's checked parts stored and answered (see the module header). */
async function storeAndAnswer(sub: string, input: ChatMessageInput, text: string, image: ChatImage | undefined, transcriber: Transcriber | null, now: Date): Promise<ChatMessageView[]> {
  let history = await recentChatMessages(sub, CHAT_CONTEXT_MESSAGES);
  // Earlier voice notes still being transcribed are polled first, so their answers come before this message's.
  if ((await settleTranscriptions(sub, history, now)).changed) history = await recentChatMessages(sub, CHAT_CONTEXT_MESSAGES);
  const id = nextMessageId(now.getTime());
  let voice: Pick<ChatMessageItem, 'transcription' | 'transcriptionJob'> = {};
  if (input.voiceKey !== undefined) {
    voice = transcriber ? await startTranscription(sub, id, input.voiceKey, transcriber) : { transcription: 'unavailable' };
  }
  const owner = await saveChatMessage(
    sub,
    {
      id,
      role: 'owner',
      text,
      offline: false,
      ...(input.imageKey !== undefined ? { imageKey: input.imageKey } : {}),
      ...(input.voiceKey !== undefined ? { voiceKey: input.voiceKey } : {}),
      ...voice,
    },
    now,
  );
  const created: ChatMessageItem[] = [owner];
  if (voice.transcription === 'pending') return chatViews(sub, created);
  if (voice.transcription === 'unavailable' || voice.transcription === 'failed') {
    const notice = voice.transcription === 'unavailable' ? CHAT_MSG.transcriptionUnavailable : CHAT_MSG.transcriptionFailed;
    created.push(await saveChatMessage(sub, { role: 'assistant', text: notice, offline: false, model: 'rules', error: voice.transcription === 'failed' }, now));
    if (!text && !image) return chatViews(sub, created);
  }
  created.push(...(await answerOwnerMessage(sub, owner, history, image, now)));
  return chatViews(sub, created);
}
