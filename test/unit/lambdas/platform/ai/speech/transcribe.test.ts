/**
 * Amazon Transcribe for the mobile chat's voice notes (issue 6 item 3), against aws-sdk-client-mock:
 * the exact StartTranscriptionJob and GetTranscriptionJob inputs the client sends, the region of
 * its SDK client (one per region, reused), the jobs it returns; service errors reaching callers as
 * the SDK's exceptions (recognised by isTranscribeException); the transcriber built on it (media
 * format from the key, a Spanish job writing into the uploads bucket, an existing job accepted,
 * other errors rethrown, statuses); reading Transcribe's output file; no transcriber without
 * TRANSCRIPTION_PROVIDER=transcribe (the twin).
 */
import {
  BadRequestException,
  ConflictException,
  GetTranscriptionJobCommand,
  LimitExceededException,
  StartTranscriptionJobCommand,
  TranscribeClient,
  TranscribeServiceException,
} from '@aws-sdk/client-transcribe';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTranscribeClient, isTranscribeException } from '../../../../../../lambdas/platform/ai/speech/transcribe';
import { deploymentTranscriber, mediaFormatOf, transcribeTranscriber, transcriptText, TRANSCRIPTION_LANGUAGE } from '../../../../../../lambdas/platform/ai/speech/transcription';

const transcribe = mockClient(TranscribeClient);
beforeEach(() => transcribe.reset());
afterEach(() => transcribe.reset());

const startInput = (i = 0) => transcribe.commandCalls(StartTranscriptionJobCommand)[i]?.args[0].input;
const getInput = (i = 0) => transcribe.commandCalls(GetTranscriptionJobCommand)[i]?.args[0].input;
/** The SDK client that sent call `i` (aws-sdk-client-mock stubs `send` on the prototype). */
const sender = (i = 0) => transcribe.call(i).thisValue as TranscribeClient;

const JOB = 'chat-0abcdefghijklmnopq';
const START = {
  TranscriptionJobName: JOB,
  LanguageCode: 'es-ES',
  MediaFormat: 'webm',
  Media: { MediaFileUri: 's3://uploads-bucket/users/sub-1/chat-voice/0abcdefghijklmnopqrs-nota-de-voz.webm' },
  OutputBucketName: 'uploads-bucket',
  OutputKey: 'users/sub-1/chat-transcripts/0abcdefghijklmnopqrs.json',
} as const;
const meta = (httpStatusCode: number) => ({ $metadata: { httpStatusCode } });

describe('Transcribe client (SDK)', () => {
  it('StartTranscriptionJob: sends the documented input through a client in the given region and returns the job', async () => {
    transcribe.on(StartTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobName: JOB, TranscriptionJobStatus: 'IN_PROGRESS' } });
    const job = await createTranscribeClient({ region: 'eu-west-1' }).startTranscriptionJob(START);
    expect(job).toEqual({ TranscriptionJobName: JOB, TranscriptionJobStatus: 'IN_PROGRESS' });
    expect(transcribe.calls()).toHaveLength(1);
    expect(startInput()).toEqual(START);
    expect(await sender().config.region()).toBe('eu-west-1');
  });

  it('GetTranscriptionJob: {TranscriptionJobName} → TranscriptionJob', async () => {
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobStatus: 'COMPLETED', Transcript: { TranscriptFileUri: 'https://s3/x.json' } } });
    const job = await createTranscribeClient({ region: 'eu-central-1' }).getTranscriptionJob(JOB);
    expect(job).toEqual({ TranscriptionJobStatus: 'COMPLETED', Transcript: { TranscriptFileUri: 'https://s3/x.json' } });
    expect(transcribe.calls()).toHaveLength(1);
    expect(getInput()).toEqual({ TranscriptionJobName: JOB });
    expect(await sender().config.region()).toBe('eu-central-1');
  });

  it('answers an empty job when the response has none', async () => {
    transcribe.on(StartTranscriptionJobCommand).resolves({}).on(GetTranscriptionJobCommand).resolves({});
    const client = createTranscribeClient({ region: 'eu-west-1' });
    expect(await client.startTranscriptionJob(START)).toEqual({});
    expect(await client.getTranscriptionJob(JOB)).toEqual({});
  });

  it('creates one SDK client per region and reuses it across calls and transcribers', async () => {
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: {} });
    await createTranscribeClient({ region: 'eu-west-3' }).getTranscriptionJob(JOB);
    await createTranscribeClient({ region: 'eu-west-3' }).getTranscriptionJob(JOB);
    await createTranscribeClient({ region: 'us-east-1' }).getTranscriptionJob(JOB);
    expect(sender(1)).toBe(sender(0));
    expect(sender(2)).not.toBe(sender(0));
    expect(await sender(2).config.region()).toBe('us-east-1');
  });

  it("passes service errors through as the SDK's exceptions: type without namespace, message, HTTP status", async () => {
    transcribe.on(StartTranscriptionJobCommand).rejects(new BadRequestException({ message: 'The media format is not supported.', ...meta(400) }));
    const error = await createTranscribeClient({ region: 'eu-west-1' }).startTranscriptionJob(START).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    expect(error).toBeInstanceOf(TranscribeServiceException);
    expect(error).toMatchObject({ name: 'BadRequestException', message: 'The media format is not supported.', $metadata: { httpStatusCode: 400 } });
    expect(isTranscribeException(error)).toBe(true);
    expect(isTranscribeException(error, 'BadRequestException')).toBe(true);
    expect(isTranscribeException(error, 'ConflictException')).toBe(false);
    expect(isTranscribeException(Object.assign(new Error('x'), { name: 'ConflictException' }), 'ConflictException')).toBe(false);
    expect(isTranscribeException(undefined)).toBe(false);
  });
});

describe('Transcribe transcriber', () => {
  it('starts a Spanish job on the note, writing the transcript into the uploads bucket', async () => {
    transcribe.on(StartTranscriptionJobCommand).resolves({ TranscriptionJob: {} });
    const transcriber = transcribeTranscriber(createTranscribeClient({ region: 'eu-west-1' }), 'uploads-bucket');
    await transcriber.start({ name: JOB, mediaKey: 'users/sub-1/chat-voice/0abcdefghijklmnopqrs-nota-de-voz.webm', outputKey: 'users/sub-1/chat-transcripts/0abcdefghijklmnopqrs.json' });
    expect(transcribe.commandCalls(StartTranscriptionJobCommand)).toHaveLength(1);
    expect(startInput()).toEqual(START);
    expect(TRANSCRIPTION_LANGUAGE).toBe('es-ES');
  });

  it('accepts a job that already exists (ConflictException: a retried start)', async () => {
    transcribe.on(StartTranscriptionJobCommand).rejects(new ConflictException({ message: 'The requested job name already exists.', ...meta(400) }));
    const transcriber = transcribeTranscriber(createTranscribeClient({ region: 'eu-west-1' }), 'b');
    await expect(transcriber.start({ name: JOB, mediaKey: 'users/s/chat-voice/x-nota.ogg', outputKey: 'o.json' })).resolves.toBeUndefined();
    expect(startInput()).toMatchObject({ MediaFormat: 'ogg', Media: { MediaFileUri: 's3://b/users/s/chat-voice/x-nota.ogg' }, OutputBucketName: 'b', OutputKey: 'o.json' });
  });

  it('rethrows other errors and refuses a key without a known format', async () => {
    transcribe.on(StartTranscriptionJobCommand).rejects(new LimitExceededException({ message: 'Too many jobs.', ...meta(400) }));
    const transcriber = transcribeTranscriber(createTranscribeClient({ region: 'eu-west-1' }), 'b');
    const error = await transcriber.start({ name: JOB, mediaKey: 'users/s/chat-voice/x-nota.ogg', outputKey: 'o.json' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimitExceededException);
    expect(error).toMatchObject({ name: 'LimitExceededException', message: 'Too many jobs.' });
    transcribe.on(StartTranscriptionJobCommand).rejects(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    await expect(transcriber.start({ name: JOB, mediaKey: 'users/s/chat-voice/x-nota.ogg', outputKey: 'o.json' })).rejects.toThrow(/socket hang up/);
    transcribe.reset();
    await expect(transcriber.start({ name: JOB, mediaKey: 'users/s/chat-voice/x-nota', outputKey: 'o.json' })).rejects.toThrow(/media format/);
    expect(transcribe.calls()).toHaveLength(0);
  });

  it.each([
    ['QUEUED', { state: 'running' }],
    ['IN_PROGRESS', { state: 'running' }],
    ['COMPLETED', { state: 'done' }],
    ['FAILED', { state: 'failed', reason: 'Invalid audio' }],
  ] as const)('status %s → %j', async (status, expected) => {
    transcribe.on(GetTranscriptionJobCommand).resolves({ TranscriptionJob: { TranscriptionJobStatus: status, ...(status === 'FAILED' ? { FailureReason: 'Invalid audio' } : {}) } });
    const transcriber = transcribeTranscriber(createTranscribeClient({ region: 'eu-west-1' }), 'b');
    expect(await transcriber.status(JOB)).toEqual(expected);
    expect(getInput()).toEqual({ TranscriptionJobName: JOB });
  });

  it('reports a failed job without a reason as unknown, and a job without a status as running', async () => {
    transcribe.on(GetTranscriptionJobCommand).resolvesOnce({ TranscriptionJob: { TranscriptionJobStatus: 'FAILED' } }).resolvesOnce({});
    const transcriber = transcribeTranscriber(createTranscribeClient({ region: 'eu-west-1' }), 'b');
    expect(await transcriber.status(JOB)).toEqual({ state: 'failed', reason: 'unknown' });
    expect(await transcriber.status(JOB)).toEqual({ state: 'running' });
  });

  it('knows the media formats Transcribe takes, by extension', () => {
    expect(mediaFormatOf('users/s/chat-voice/id-nota-de-voz.webm')).toBe('webm');
    expect(mediaFormatOf('users/s/chat-voice/id-nota.M4A')).toBe('m4a');
    expect(mediaFormatOf('users/s/chat-voice/id-nota.ogg')).toBe('ogg');
    expect(mediaFormatOf('users/s/chat-voice/id-nota.wav')).toBe('wav');
    expect(mediaFormatOf('users/s/chat.voice/id-nota')).toBeNull();
    expect(mediaFormatOf('users/s/chat-voice/id-nota.aiff')).toBeNull();
  });

  it("reads the transcript of Transcribe's output file", () => {
    expect(transcriptText({ jobName: JOB, results: { transcripts: [{ transcript: 'Genera una imagen  de la tienda.' }], items: [] }, status: 'COMPLETED' })).toBe('Genera una imagen de la tienda.');
    expect(transcriptText({ results: { transcripts: [] } })).toBe('');
    expect(transcriptText({ nothing: true })).toBeNull();
    expect(transcriptText(null)).toBeNull();
  });

  it('exists only when the deployment says transcribe (the twin has none)', () => {
    expect(deploymentTranscriber({})).toBeNull();
    expect(deploymentTranscriber({ TRANSCRIPTION_PROVIDER: 'none', AWS_REGION: 'eu-west-1', UPLOADS_BUCKET: 'b' })).toBeNull();
    expect(deploymentTranscriber({ TRANSCRIPTION_PROVIDER: 'transcribe', AWS_REGION: 'eu-west-1', UPLOADS_BUCKET: 'b' })).not.toBeNull();
    expect(() => deploymentTranscriber({ TRANSCRIPTION_PROVIDER: 'transcribe' })).toThrow(/UPLOADS_BUCKET/);
  });
});
