/**
 * Voice notes of the mobile chat with a transcriber (issue 6 item 3), against the twin's real
 * DynamoDB Local and s3rver: the chat's core runs in this process with the deployment's
 * transcriber replaced by a fake that plays Amazon Transcribe's part (its job states, and the
 * transcript file it writes into the uploads bucket). The wire protocol of the real Transcribe
 * client is tested in test/unit/lambdas/platform/ai/transcribe.test.ts.
 * - sending a note starts a job on it and waits (no answer yet; `transcribing`);
 * - a status read polls the job: running → nothing; done → the transcript is stored on the message
 *   and the AI answers it (here: an image proposal, which still needs confirmation);
 * - the next message also polls, so an earlier note's answer comes before the new message's;
 * - a failed job gets the plain 'could not transcribe' answer.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../infra/local/dynamodb';
import { CHAT_MSG, type CallableOutput } from '@director-ia/shared';
import type * as ListModule from '../../lambdas/core/chat/list';
import type * as SendModule from '../../lambdas/core/chat/send';
import type * as TranscriptionModule from '../../lambdas/platform/ai/speech/transcription';
import type { Transcriber, TranscriptionState } from '../../lambdas/platform/ai/speech/transcription';
import { callOk } from '../support/api';
import { registerUser, signInAdmin, type TestUser } from '../support/cognito';
import { useTwinDomainEnv } from '../support/twin-env';

const twin = inject('twin');

const jobs = new Map<string, { state: TranscriptionState; mediaKey: string; outputKey: string }>();
const fake: Transcriber = {
  async start({ name, mediaKey, outputKey }) {
    jobs.set(name, { state: { state: 'running' }, mediaKey, outputKey });
  },
  async status(name) {
    return jobs.get(name)?.state ?? { state: 'failed', reason: 'no such job' };
  },
};

vi.mock('../../lambdas/platform/ai/speech/transcription', async (importOriginal) => ({
  ...(await importOriginal<typeof TranscriptionModule>()),
  deploymentTranscriber: () => fake,
}));

type Grant = CallableOutput<'solicitarSubida'>;

let owner: TestUser;
let s3: S3Client;
let bucket: string;
let chat: {
  send: typeof SendModule.sendChatMessage;
  list: typeof ListModule.listChatMessages;
};

async function uploadVoice(name: string): Promise<string> {
  const bytes = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);
  const grant = await callOk<Grant>(twin, 'solicitarSubida', { kind: 'chatVoice', fileName: name, contentType: 'audio/webm', size: bytes.byteLength }, owner.accessToken);
  const form = new FormData();
  for (const [field, value] of Object.entries(grant.fields)) form.append(field, value);
  form.append('file', new Blob([bytes], { type: 'audio/webm' }), name);
  expect((await fetch(grant.url, { method: 'POST', body: form })).ok).toBe(true);
  if (!s3) {
    const url = new URL(grant.url);
    bucket = url.pathname.split('/')[1] ?? '';
    s3 = new S3Client({ endpoint: url.origin, forcePathStyle: true, region: 'eu-west-1', credentials: LOCAL_CREDENTIALS });
    Object.assign(process.env, { AWS_ENDPOINT_URL_S3: url.origin, S3_FORCE_PATH_STYLE: 'true', UPLOADS_BUCKET: bucket });
  }
  return grant.key;
}

/** Transcribe finishing a job: the transcript file in the bucket, then COMPLETED. */
async function complete(jobName: string, transcript: string): Promise<void> {
  const job = jobs.get(jobName);
  if (!job) throw new Error(`no job ${jobName}`);
  const body = JSON.stringify({ jobName, results: { transcripts: [{ transcript }], items: [] }, status: 'COMPLETED' });
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: job.outputKey, Body: body, ContentType: 'application/json' }));
  job.state = { state: 'done' };
}

beforeAll(async () => {
  const admin = await signInAdmin(twin);
  owner = await registerUser(twin, 'chat-voice');
  await callOk(twin, 'aprobarUsuario', { uid: owner.sub }, admin.accessToken);
  useTwinDomainEnv(twin);
  await uploadVoice('arranque.webm'); // sets the S3 environment before the core is loaded
  chat = { send: (await import('../../lambdas/core/chat/send')).sendChatMessage, list: (await import('../../lambdas/core/chat/list')).listChatMessages };
});

describe('voice notes with a transcriber', () => {
  it('starts a job on the note, waits for it, then answers the transcript', async () => {
    const voiceKey = await uploadVoice('nota-de-voz.webm');
    const sent = await chat.send(owner.sub, { voiceKey });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ role: 'owner', transcription: 'pending' });
    const jobName = `chat-${sent[0]?.id}`;
    expect(jobs.get(jobName)).toMatchObject({ mediaKey: voiceKey, outputKey: `users/${owner.sub}/chat-transcripts/${sent[0]?.id}.json` });

    const running = await chat.list(owner.sub);
    expect(running.transcribing).toBe(true);
    expect(running.messages.at(-1)?.id).toBe(sent[0]?.id);

    await complete(jobName, 'Genera una imagen de la terraza con luces de verano.');
    const done = await chat.list(owner.sub);
    expect(done.transcribing).toBe(false);
    const note = done.messages.find((m) => m.id === sent[0]?.id);
    expect(note).toMatchObject({ transcription: 'done', transcript: 'Genera una imagen de la terraza con luces de verano.' });
    expect(note?.audioUrl).toBeTruthy();
    const answer = done.messages.at(-1);
    expect(answer).toMatchObject({ role: 'assistant', tool: 'generar_imagen', action: { status: 'pending' } });
    expect(answer?.text).toContain('Genera una imagen de la terraza con luces de verano.');

    // Read again: answered once only.
    const again = await chat.list(owner.sub);
    expect(again.messages.filter((m) => m.tool === 'generar_imagen' && m.action?.status === 'pending')).toHaveLength(1);
  });

  it('polls on the next message too: an earlier note\'s answer comes before the new one\'s', async () => {
    const voiceKey = await uploadVoice('otra-nota.webm');
    const [note] = await chat.send(owner.sub, { voiceKey });
    await complete(`chat-${note?.id}`, '¿Tengo leads nuevos?');
    const sent = await chat.send(owner.sub, { text: 'Hola de nuevo' });
    expect(sent[0]).toMatchObject({ role: 'owner', text: 'Hola de nuevo' });
    const { messages } = await chat.list(owner.sub);
    const noteAt = messages.findIndex((m) => m.id === note?.id);
    expect(messages[noteAt + 1]).toMatchObject({ role: 'assistant', tool: 'listar_leads' });
    expect(messages[noteAt + 2]).toMatchObject({ role: 'owner', text: 'Hola de nuevo' });
  });

  it('answers a failed job with the plain failure message', async () => {
    const voiceKey = await uploadVoice('ruido.webm');
    const [note] = await chat.send(owner.sub, { voiceKey });
    const job = jobs.get(`chat-${note?.id}`);
    if (job) job.state = { state: 'failed', reason: 'The audio could not be decoded.' };
    const { messages, transcribing } = await chat.list(owner.sub);
    expect(transcribing).toBe(false);
    expect(messages.find((m) => m.id === note?.id)?.transcription).toBe('failed');
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', text: CHAT_MSG.transcriptionFailed, error: true });
  });
});
