/**
 * Voice notes of the mobile chat with a transcriber (issue 6 item 3), through `sendChatMessage`
 * and `listChatMessages` on DynamoDB Local (offline provider), the uploads bucket in memory and the
 * deployment's transcriber replaced by a fake that plays Amazon Transcribe's part (its job states,
 * and the transcript file it writes into the bucket). The wire protocol of the real Transcribe
 * client is tested in test/unit/lambdas/platform/ai/speech/transcribe.test.ts; the decisions with every
 * store faked in ./voice.test.ts. (Moved from the mobile-chat-voice integration test, issue 11
 * item 7: the twin's functions use the deployment's transcriber, which no test can script.)
 * - sending a note starts a job on it and waits (no answer yet; `transcribing`);
 * - a status read polls the job: running → nothing; done → the transcript is stored on the message
 *   and the AI answers it (here: an image proposal, which still needs confirmation);
 * - the next message also polls, so an earlier note's answer comes before the new message's;
 * - a failed job gets the plain 'could not transcribe' answer.
 */
import { describe, expect, it, vi } from 'vitest';
import { CHAT_MSG } from '@director-ia/shared';
import type * as TranscriptionModule from '../../../../../lambdas/platform/ai/speech/transcription';
import type { Transcriber, TranscriptionState } from '../../../../../lambdas/platform/ai/speech/transcription';
import { useDomainEnv, uniqueSub } from '../../../../support/domain-env';
import { putUpload } from '../../../../support/memory-bucket';

const jobs = vi.hoisted(() => new Map<string, { state: { state: string; reason?: string }; mediaKey: string; outputKey: string }>());

vi.mock('../../../../../lambdas/platform/storage/objects', async () => (await import('../../../../support/memory-bucket')).memoryBucket());
vi.mock('../../../../../lambdas/platform/ai/speech/transcription', async (importOriginal) => {
  const fake: Transcriber = {
    async start({ name, mediaKey, outputKey }) {
      jobs.set(name, { state: { state: 'running' }, mediaKey, outputKey });
    },
    async status(name) {
      return (jobs.get(name)?.state ?? { state: 'failed', reason: 'no such job' }) as TranscriptionState;
    },
  };
  return { ...(await importOriginal<typeof TranscriptionModule>()), deploymentTranscriber: () => fake };
});

await useDomainEnv({ AI_PROVIDER: 'offline', UPLOADS_BUCKET: 'unit-uploads' });
const { sendChatMessage: send } = await import('../../../../../lambdas/core/chat/send');
const { listChatMessages: list } = await import('../../../../../lambdas/core/chat/list');
const { newObjectId, uploadKey } = await import('../../../../../lambdas/core/uploads/keys');

const owner = uniqueSub();

/** A voice note as `solicitarSubida` + the browser's POST leave it in the bucket. */
function uploadVoice(name: string): string {
  const key = uploadKey(owner, 'chatVoice', newObjectId(), name);
  putUpload(key, new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]), 'audio/webm', name);
  return key;
}

/** Transcribe finishing a job: the transcript file in the bucket, then COMPLETED. */
function complete(jobName: string, transcript: string): void {
  const job = jobs.get(jobName);
  if (!job) throw new Error(`no job ${jobName}`);
  putUpload(job.outputKey, new TextEncoder().encode(JSON.stringify({ jobName, results: { transcripts: [{ transcript }], items: [] }, status: 'COMPLETED' })), 'application/json', 'transcript.json');
  job.state = { state: 'done' };
}

describe('voice notes with a transcriber', () => {
  it('starts a job on the note, waits for it, then answers the transcript', async () => {
    const voiceKey = uploadVoice('nota-de-voz.webm');
    const sent = await send(owner, { voiceKey });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ role: 'owner', transcription: 'pending' });
    const jobName = `chat-${sent[0]?.id}`;
    expect(jobs.get(jobName)).toMatchObject({ mediaKey: voiceKey, outputKey: `users/${owner}/chat-transcripts/${sent[0]?.id}.json` });

    const running = await list(owner);
    expect(running.transcribing).toBe(true);
    expect(running.messages.at(-1)?.id).toBe(sent[0]?.id);

    complete(jobName, 'Genera una imagen de la terraza con luces de verano.');
    const done = await list(owner);
    expect(done.transcribing).toBe(false);
    const note = done.messages.find((m) => m.id === sent[0]?.id);
    expect(note).toMatchObject({ transcription: 'done', transcript: 'Genera una imagen de la terraza con luces de verano.' });
    expect(note?.audioUrl).toBeTruthy();
    const answer = done.messages.at(-1);
    expect(answer).toMatchObject({ role: 'assistant', tool: 'generar_imagen', action: { status: 'pending' } });
    expect(answer?.text).toContain('Genera una imagen de la terraza con luces de verano.');

    // Read again: answered once only.
    const again = await list(owner);
    expect(again.messages.filter((m) => m.tool === 'generar_imagen' && m.action?.status === 'pending')).toHaveLength(1);
  });

  it("polls on the next message too: an earlier note's answer comes before the new one's", async () => {
    const voiceKey = uploadVoice('otra-nota.webm');
    const [note] = await send(owner, { voiceKey });
    complete(`chat-${note?.id}`, '¿Tengo leads nuevos?');
    const sent = await send(owner, { text: 'Hola de nuevo' });
    expect(sent[0]).toMatchObject({ role: 'owner', text: 'Hola de nuevo' });
    const { messages } = await list(owner);
    const noteAt = messages.findIndex((m) => m.id === note?.id);
    expect(messages[noteAt + 1]).toMatchObject({ role: 'assistant', tool: 'listar_leads' });
    expect(messages[noteAt + 2]).toMatchObject({ role: 'owner', text: 'Hola de nuevo' });
  });

  it('answers a failed job with the plain failure message', async () => {
    const voiceKey = uploadVoice('ruido.webm');
    const [note] = await send(owner, { voiceKey });
    const job = jobs.get(`chat-${note?.id}`);
    if (job) job.state = { state: 'failed', reason: 'The audio could not be decoded.' };
    const { messages, transcribing } = await list(owner);
    expect(transcribing).toBe(false);
    expect(messages.find((m) => m.id === note?.id)?.transcription).toBe('failed');
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', text: CHAT_MSG.transcriptionFailed, error: true });
  });
});
