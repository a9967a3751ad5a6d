/**
 * The audiogram's captions in AWS (issue 18 item 2, lambdas/core/media/jobs/worker.ts): with
 * TRANSCRIPTION_PROVIDER=transcribe the render starts an Amazon Transcribe job named
 * `chat-render-<jobId>` on the uploaded audio, writing under the owner's chat-transcripts, reads
 * the transcript when the job completes and burns its lines into the video (no "captions need
 * Transcribe" notice). A failed transcription still gives the video, without captions. The job
 * record lives in the unit DynamoDB Local; S3 and Transcribe are mocked at their SDK clients, and
 * ffmpeg is the real one.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetTranscriptionJobCommand, StartTranscriptionJobCommand, TranscribeClient } from '@aws-sdk/client-transcribe';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_COLORS, MEDIA_MSG } from '@director-ia/shared';
import { uniqueSub, useDomainEnv } from '../../../../../../support/domain-env';
import { probe } from '../../../../../../support/media';
import { columnAt, near, testTone } from '../../../../../../support/video-fixtures';

const BUCKET = 'uploads-test';
await useDomainEnv({ UPLOADS_BUCKET: BUCKET, TRANSCRIPTION_PROVIDER: 'transcribe' });
const { createRenderJob, getRenderJob } = await import('../../../../../../../lambdas/core/media/jobs/store');
const { runRender } = await import('../../../../../../../lambdas/core/media/jobs/worker');

const s3 = mockClient(S3Client);
const transcribe = mockClient(TranscribeClient);
let dir: string;
let tone: Uint8Array;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'audiogram-transcribe-'));
  tone = new Uint8Array(await readFile(await testTone(dir, 6, 'nota.wav', 330)));
});
afterAll(async () => {
  s3.restore();
  transcribe.restore();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  s3.reset();
  transcribe.reset();
});

const body = (bytes: Uint8Array) => ({ transformToByteArray: async () => bytes }) as never;
const word = (content: string, start: number) => ({ type: 'pronunciation', start_time: String(start), end_time: String(start + 0.5), alternatives: [{ content }] });

/** Queues an audiogram job of a new owner on the tone; S3 answers its reads (the upload, `transcript`) and keeps its writes. */
async function queuedAudiogram(transcript: unknown) {
  const sub = uniqueSub();
  const jobId = `job${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const audioKey = `users/${sub}/videoAudio/${jobId}-nota.wav`;
  const transcriptKey = `users/${sub}/chat-transcripts/render-${jobId}.json`;
  const request = { source: 'audio', audioKey, title: 'Nota de voz', format: 'vertical' };
  await createRenderJob(sub, { jobId, kind: 'video', source: 'audio', request, title: 'Nota de voz', quotaDay: '2030-01-01' });
  s3.on(GetObjectCommand, { Key: audioKey }).resolves({ Body: body(tone), ContentLength: tone.byteLength, ContentType: 'audio/wav' });
  const json = new TextEncoder().encode(JSON.stringify(transcript));
  s3.on(GetObjectCommand, { Key: transcriptKey }).resolves({ Body: body(json), ContentLength: json.byteLength, ContentType: 'application/json' });
  s3.on(PutObjectCommand).resolves({});
  return { sub, jobId, audioKey, transcriptKey };
}

/** The MP4 the render stored (the PutObject of a video/mp4), written to a file. */
async function storedVideo(name: string): Promise<string> {
  const put = s3.commandCalls(PutObjectCommand).find((call) => call.args[0].input.ContentType === 'video/mp4');
  expect(put, 'the render stored no video').toBeDefined();
  const file = path.join(dir, name);
  await writeFile(file, put!.args[0].input.Body as Uint8Array);
  return file;
}

/** Whether the caption band (accent-coloured box in the lower fifth) shows at `seconds`. */
const captionAt = async (video: string, seconds: number) => (await columnAt(video, seconds, 0.5, 0.8)).some((pixel) => near(pixel, DEFAULT_BRAND_COLORS.accentColor, 40));

describe('an audiogram with Amazon Transcribe', () => {
  it('transcribes the upload and burns the transcript in, with no notice', { timeout: 120_000 }, async () => {
    const { sub, jobId, audioKey, transcriptKey } = await queuedAudiogram({ results: { items: [word('Hola', 0.5), word('a', 1), word('todos', 1.5)] } });
    transcribe.on(StartTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobName: `chat-render-${jobId}`, TranscriptionJobStatus: 'IN_PROGRESS' } });
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobName: `chat-render-${jobId}`, TranscriptionJobStatus: 'COMPLETED' } });

    await expect(runRender(sub, jobId)).resolves.toBe('rendered');

    expect(transcribe.commandCalls(StartTranscriptionJobCommand).map((call) => call.args[0].input)).toEqual([
      {
        TranscriptionJobName: `chat-render-${jobId}`,
        LanguageCode: 'es-ES',
        MediaFormat: 'wav',
        Media: { MediaFileUri: `s3://${BUCKET}/${audioKey}` },
        OutputBucketName: BUCKET,
        OutputKey: transcriptKey,
      },
    ]);
    expect(s3.commandCalls(GetObjectCommand).map((call) => call.args[0].input.Key)).toContain(transcriptKey);
    const job = await getRenderJob(sub, jobId);
    expect(job).toMatchObject({ status: 'listo' });
    expect(job?.notices ?? []).not.toContain(MEDIA_MSG.captionsNeedTranscribe);

    const video = await storedVideo(`${jobId}.mp4`);
    expect((await probe(video)).video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 });
    // The transcript's line (0.5–2 s) shows, and nothing after it.
    expect(await captionAt(video, 1.2)).toBe(true);
    expect(await captionAt(video, 4.5)).toBe(false);
  });

  it('still makes the video, without captions, when the transcription fails', { timeout: 120_000 }, async () => {
    const { sub, jobId } = await queuedAudiogram({});
    transcribe.on(StartTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobName: `chat-render-${jobId}`, TranscriptionJobStatus: 'IN_PROGRESS' } });
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobName: `chat-render-${jobId}`, TranscriptionJobStatus: 'FAILED', FailureReason: 'unsupported' } });

    await expect(runRender(sub, jobId)).resolves.toBe('rendered');
    expect(await getRenderJob(sub, jobId)).toMatchObject({ status: 'listo' });
    expect(await captionAt(await storedVideo(`${jobId}.mp4`), 1.2)).toBe(false);
  });
});
