/**
 * `listarMensajesChat`'s domain (issue 6 item 3): the owner's history (newest CHAT_HISTORY_LIMIT
 * messages, oldest first, one Query of the caller's partition), with short-lived URLs. It is also
 * the chat's status read: voice notes still being transcribed are polled (voice.ts), a finished
 * transcript is answered by the AI (turn.ts) before the history is returned, and `transcribing`
 * tells the browser whether to read again. `settleTranscriptions` is the same poll, which a new
 * message (send.ts) runs too.
 */
import { CHAT_CONTEXT_MESSAGES, CHAT_HISTORY_LIMIT, type CallableOutput } from '@director-ia/shared';
import { deploymentTranscriber, type Transcriber } from '../../platform/ai/speech/transcription';
import type { ChatImage } from '../../platform/ai/types';
import { logger } from '../../platform/logger';
import { chatViews, recentChatMessages, type ChatMessageItem } from './history';
import { readChatImage } from './media';
import { answerOwnerMessage } from './turn';
import { advanceTranscriptions } from './voice';

/**
 * Polls the pending voice notes among `items` and has the AI answer the transcribed ones.
 * `transcriber` is null when nothing is pending or the deployment has no transcriber; `changed`
 * says whether the history changed.
 */
export async function settleTranscriptions(sub: string, items: ChatMessageItem[], now = new Date()): Promise<{ transcriber: Transcriber | null; changed: boolean }> {
  const transcriber = items.some((item) => item.transcription === 'pending') ? deploymentTranscriber() : null;
  if (!transcriber) return { transcriber, changed: false };
  const { transcribed, changed } = await advanceTranscriptions(sub, items, transcriber, now);
  for (const owner of transcribed) {
    const history = items.filter((item) => item.id < owner.id).slice(-CHAT_CONTEXT_MESSAGES);
    let image: ChatImage | undefined;
    if (owner.imageKey) {
      try {
        image = await readChatImage(sub, owner.imageKey);
      } catch (error) {
        logger.warn('The photo of a transcribed message could not be read', { error: error as Error });
      }
    }
    await answerOwnerMessage(sub, owner, history, image, now);
  }
  return { transcriber, changed };
}

/** The history of `sub` after advancing its transcriptions (see the module header). */
export async function listChatMessages(sub: string, now = new Date()): Promise<CallableOutput<'listarMensajesChat'>> {
  let items = await recentChatMessages(sub, CHAT_HISTORY_LIMIT);
  const { transcriber, changed } = await settleTranscriptions(sub, items, now);
  if (changed) items = await recentChatMessages(sub, CHAT_HISTORY_LIMIT);
  // Without a transcriber (the deployment lost it) nothing will advance: the browser stops polling.
  return { messages: await chatViews(sub, items), transcribing: transcriber !== null && items.some((item) => item.transcription === 'pending') };
}
