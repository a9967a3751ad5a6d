/**
 * Object keys and job names of the mobile chat's voice notes (issue 6 item 3): Amazon Transcribe
 * writes each transcript to `users/<sub>/chat-transcripts/<messageId>.json` in the uploads bucket
 * (the tenant first, like every user file), and its jobs are named `chat-<messageId>`. The segment
 * and the job prefix are part of the deployment contract (shared/deployment.ts).
 */

import { CHAT_TRANSCRIPT_SEGMENT, TRANSCRIPTION_JOB_PREFIX } from '@director-ia/shared';

/** Where the transcript of voice note `messageId` of `sub` is written. */
export function transcriptKey(sub: string, messageId: string): string {
  return `users/${sub}/${CHAT_TRANSCRIPT_SEGMENT}/${messageId}.json`;
}

/** The transcription job of voice note `messageId` (ids are unique, so job names are too). */
export function transcriptionJobName(messageId: string): string {
  return `${TRANSCRIPTION_JOB_PREFIX}${messageId}`;
}
