/**
 * Object keys and job names of the mobile chat's voice notes (issue 6 item 3): Amazon Transcribe
 * writes each transcript to `users/<sub>/chat-transcripts/<messageId>.json` in the uploads bucket
 * (the tenant first, like every user file), and its jobs are named `chat-<messageId>`. Kept free
 * of SDK imports: infra/functions.ts and the IAM grants derive their patterns from these.
 */

/** The folder of transcripts under the user's prefix. */
export const CHAT_TRANSCRIPT_SEGMENT = 'chat-transcripts';

/** Prefix of every transcription job the chat starts (the IAM grant is limited to it). */
export const TRANSCRIPTION_JOB_PREFIX = 'chat-';

/** Where the transcript of voice note `messageId` of `sub` is written. */
export function transcriptKey(sub: string, messageId: string): string {
  return `users/${sub}/${CHAT_TRANSCRIPT_SEGMENT}/${messageId}.json`;
}

/** The transcription job of voice note `messageId` (ids are unique, so job names are too). */
export function transcriptionJobName(messageId: string): string {
  return `${TRANSCRIPTION_JOB_PREFIX}${messageId}`;
}
