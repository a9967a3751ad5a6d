/**
 * Voice notes of the mobile chat (issue 6 item 3). The note is always kept (its object and the
 * owner's message). Then:
 * - with a transcriber (AWS: Amazon Transcribe, platform/ai/speech/transcription.ts) a job is started when
 *   the message is sent (`transcription: 'pending'`); each later status read (`listarMensajesChat`)
 *   polls it: COMPLETED → the transcript is read from the bucket and stored on the message, and the
 *   AI answers it; FAILED, an empty transcript or no result after TRANSCRIPTION_TIMEOUT_MS → a
 *   plain 'could not transcribe' answer. Each outcome is claimed with a conditional update
 *   (pending → done/failed), so two concurrent polls never answer twice;
 * - without one (the twin) the message is marked 'unavailable' and the chat says transcription
 *   needs a configured provider — nothing pretends to transcribe.
 */
import { CHAT_MSG } from '@director-ia/shared';
import type { Transcriber } from '../../platform/ai/speech/transcription';
import { transcriptText } from '../../platform/ai/speech/transcription';
import { chatMessages } from '../../platform/db/entities/chatMessage';
import { isConditionalCheckFailure } from '../../platform/db/errors';
import { logger } from '../../platform/logger';
import { getObject } from '../../platform/storage/objects';
import { saveChatMessage, type ChatMessageItem } from './history';
import { transcriptionJobName, transcriptKey } from './keys';

/** A job with no result after this long is given up. */
export const TRANSCRIPTION_TIMEOUT_MS = 30 * 60 * 1000;
/** Largest transcript file read (a 10 MB note gives far less). */
const MAX_TRANSCRIPT_BYTES = 2 * 1024 * 1024;
/** Pending notes polled per status read. */
const MAX_POLLS = 3;


/**
 * Starts the transcription of voice note `voiceKey` of message `messageId`: the fields the owner's
 * message is stored with (pending + job name, or failed when the job could not start).
 */
export async function startTranscription(sub: string, messageId: string, voiceKey: string, transcriber: Transcriber): Promise<Pick<ChatMessageItem, 'transcription' | 'transcriptionJob'>> {
  const name = transcriptionJobName(messageId);
  try {
    await transcriber.start({ name, mediaKey: voiceKey, outputKey: transcriptKey(sub, messageId) });
    return { transcription: 'pending', transcriptionJob: name };
  } catch (error) {
    logger.error('Could not start a voice note transcription', { error: error as Error });
    return { transcription: 'failed' };
  }
}

/** Moves message `item` from pending to `fields`; false when another poll got there first. */
async function claim(item: ChatMessageItem, fields: { transcription: 'done' | 'failed'; transcript?: string }, now: Date): Promise<boolean> {
  try {
    await chatMessages()
      .patch({ uid: item.uid, id: item.id })
      .set({ ...fields, updatedAt: now.toISOString() })
      .where((attr, op) => op.eq(attr.transcription, 'pending'))
      .go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

export type TranscriptionOutcome = { item: ChatMessageItem; transcript: string } | { item: ChatMessageItem; failed: true } | null;

/** Polls one pending note (see the module header); null while it is still running or when claimed elsewhere. */
async function advanceOne(sub: string, item: ChatMessageItem, transcriber: Transcriber, now: Date): Promise<TranscriptionOutcome> {
  const fail = async () => ((await claim(item, { transcription: 'failed' }, now)) ? { item: { ...item, transcription: 'failed' as const }, failed: true as const } : null);
  if (!item.transcriptionJob) return fail();
  const state = await transcriber.status(item.transcriptionJob);
  if (state.state === 'running') {
    return now.getTime() - Date.parse(item.createdAt) > TRANSCRIPTION_TIMEOUT_MS ? fail() : null;
  }
  if (state.state === 'failed') {
    logger.warn('Voice note transcription failed', { job: item.transcriptionJob, reason: state.reason });
    return fail();
  }
  const file = await getObject(transcriptKey(sub, item.id), MAX_TRANSCRIPT_BYTES);
  let transcript: string | null = null;
  if (file && !('tooLarge' in file)) {
    try {
      transcript = transcriptText(JSON.parse(Buffer.from(file.bytes).toString('utf8')));
    } catch {
      transcript = null;
    }
  }
  if (!transcript) return fail();
  return (await claim(item, { transcription: 'done', transcript }, now)) ? { item: { ...item, transcription: 'done', transcript }, transcript } : null;
}

/**
 * Polls the pending notes among `items` (at most MAX_POLLS per read). A failed one gets its
 * 'could not transcribe' answer here; finished ones are returned for the AI to answer.
 */
export async function advanceTranscriptions(sub: string, items: ChatMessageItem[], transcriber: Transcriber | null, now = new Date()): Promise<{ transcribed: ChatMessageItem[]; changed: boolean }> {
  const pending = items.filter((item) => item.role === 'owner' && item.transcription === 'pending').slice(0, MAX_POLLS);
  if (pending.length === 0 || !transcriber) return { transcribed: [], changed: false };
  const transcribed: ChatMessageItem[] = [];
  let changed = false;
  for (const item of pending) {
    let outcome: TranscriptionOutcome;
    try {
      outcome = await advanceOne(sub, item, transcriber, now);
    } catch (error) {
      logger.warn('Could not poll a voice note transcription', { error: error as Error });
      continue;
    }
    if (!outcome) continue;
    changed = true;
    if ('failed' in outcome) await saveChatMessage(sub, { role: 'assistant', text: CHAT_MSG.transcriptionFailed, offline: false, error: true }, now);
    else transcribed.push(outcome.item);
  }
  return { transcribed, changed };
}
