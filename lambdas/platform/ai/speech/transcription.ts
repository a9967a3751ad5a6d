/**
 * Speech-to-text of the mobile chat's voice notes (issue 6 item 3). A deployment transcribes when
 * env TRANSCRIPTION_PROVIDER is `transcribe` (set by the CDK grant 'transcribe:jobs' together with
 * its IAM permission): Amazon Transcribe batch jobs reading the note from the uploads bucket and
 * writing the transcript back into it. Anywhere else (the twin) there is no transcriber and the
 * chat says so plainly; nothing pretends to transcribe.
 * - `deploymentTranscriber(env)` → a Transcriber or null;
 * - `Transcriber.start({name, mediaKey, outputKey})` starts a job (a job that already exists is
 *   fine: retries are idempotent); `status(name)` → running | done | failed (with the reason);
 * - `transcriptText(json)` reads Transcribe's output file (`results.transcripts[].transcript`).
 */
import { createTranscribeClient, isTranscribeException, type StartTranscriptionJobInput, type TranscribeClient } from './transcribe';

export const TRANSCRIPTION_PROVIDER_ENV = 'TRANSCRIPTION_PROVIDER';
/** The spoken language of voice notes (the product is Spanish, Spain). */
export const TRANSCRIPTION_LANGUAGE = 'es-ES';

export type TranscriptionState = { state: 'running' } | { state: 'done' } | { state: 'failed'; reason: string };

export interface Transcriber {
  start(job: { name: string; mediaKey: string; outputKey: string }): Promise<void>;
  status(name: string): Promise<TranscriptionState>;
}

const MEDIA_FORMATS: Record<string, StartTranscriptionJobInput['MediaFormat']> = {
  webm: 'webm',
  ogg: 'ogg',
  mp3: 'mp3',
  mp4: 'mp4',
  m4a: 'm4a',
  wav: 'wav',
  flac: 'flac',
  amr: 'amr',
};

/** Transcribe's MediaFormat for an object key (by its extension), or null when it has none. */
export function mediaFormatOf(key: string): StartTranscriptionJobInput['MediaFormat'] | null {
  const dot = key.lastIndexOf('.');
  return dot > key.lastIndexOf('/') ? (MEDIA_FORMATS[key.slice(dot + 1).toLowerCase()] ?? null) : null;
}

/** The transcript in Transcribe's output JSON, or null when it has none. */
export function transcriptText(json: unknown): string | null {
  const transcripts = (json as { results?: { transcripts?: { transcript?: unknown }[] } } | null)?.results?.transcripts;
  if (!Array.isArray(transcripts)) return null;
  const text = transcripts
    .map((t) => (typeof t?.transcript === 'string' ? t.transcript : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text;
}

/** An Amazon Transcribe transcriber over `client` writing into `bucket`. */
export function transcribeTranscriber(client: TranscribeClient, bucket: string): Transcriber {
  return {
    async start({ name, mediaKey, outputKey }) {
      const format = mediaFormatOf(mediaKey);
      if (!format) throw new Error(`no Transcribe media format for ${mediaKey}`);
      try {
        await client.startTranscriptionJob({
          TranscriptionJobName: name,
          LanguageCode: TRANSCRIPTION_LANGUAGE,
          MediaFormat: format,
          Media: { MediaFileUri: `s3://${bucket}/${mediaKey}` },
          OutputBucketName: bucket,
          OutputKey: outputKey,
        });
      } catch (error) {
        // The job exists already (a retried request): it is running or done, which is what we want.
        if (isTranscribeException(error, 'ConflictException')) return;
        throw error;
      }
    },
    async status(name) {
      const job = await client.getTranscriptionJob(name);
      switch (job.TranscriptionJobStatus) {
        case 'COMPLETED':
          return { state: 'done' };
        case 'FAILED':
          return { state: 'failed', reason: job.FailureReason ?? 'unknown' };
        default:
          return { state: 'running' };
      }
    },
  };
}

/** The deployment's transcriber (see the module header), or null when it has none. */
export function deploymentTranscriber(env: Record<string, string | undefined> = process.env): Transcriber | null {
  if (env[TRANSCRIPTION_PROVIDER_ENV] !== 'transcribe') return null;
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  const bucket = env.UPLOADS_BUCKET;
  if (!region || !bucket) throw new Error('AWS_REGION and UPLOADS_BUCKET are needed to transcribe');
  return transcribeTranscriber(createTranscribeClient({ region }), bucket);
}
