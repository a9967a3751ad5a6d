/**
 * Amazon Transcribe (batch jobs) for the mobile chat's voice notes (issue 6 item 3), over the
 * official SDK client (`@aws-sdk/client-transcribe`). Two operations, with the shapes of the
 * Transcribe API reference:
 * - StartTranscriptionJob `{TranscriptionJobName, LanguageCode, MediaFormat, Media: {MediaFileUri},
 *   OutputBucketName, OutputKey}` → `{TranscriptionJob}`; `startTranscriptionJob(input)` returns
 *   that job (`{}` when the response has none);
 * - GetTranscriptionJob `{TranscriptionJobName}` → `{TranscriptionJob: {TranscriptionJobStatus
 *   (QUEUED | IN_PROGRESS | COMPLETED | FAILED), FailureReason?, Transcript?: {TranscriptFileUri}}}`;
 *   `getTranscriptionJob(name)` returns that job (`{}` when the response has none).
 *
 * The SDK is imported on first use (the Lambda Node.js runtime ships it, and bundles keep
 * `@aws-sdk/*` external, so functions that never transcribe do not load it at cold start), and one
 * SDK client per region is created then and kept at module scope for the life of the process.
 * Region: the `region` option (the function's AWS_REGION, see transcription.ts), else the SDK's
 * default. Credentials: the SDK's default provider chain (the Lambda role).
 *
 * Errors: service errors reach callers as the SDK throws them — subclasses of
 * TranscribeServiceException whose `name` is the error type without its namespace (e.g.
 * 'ConflictException' for a job name that exists, 'BadRequestException', 'LimitExceededException',
 * 'InternalFailureException'), with `message` and `$metadata.httpStatusCode`.
 * `isTranscribeException(error, name?)` recognises them without loading the SDK. A failure to load
 * the SDK, and network errors, are rethrown unchanged.
 */
import type * as TranscribeSdk from '@aws-sdk/client-transcribe';
import type { MediaFormat, StartTranscriptionJobRequest, TranscribeClient as SdkTranscribeClient, TranscribeServiceException, TranscriptionJob } from '@aws-sdk/client-transcribe';

export type { TranscriptionJob, TranscriptionJobStatus } from '@aws-sdk/client-transcribe';

/** The StartTranscriptionJob fields we send (all required here; a subset of the SDK's request). */
export type StartTranscriptionJobInput = Required<Pick<StartTranscriptionJobRequest, 'TranscriptionJobName' | 'LanguageCode' | 'OutputBucketName' | 'OutputKey'>> & {
  MediaFormat: MediaFormat;
  Media: { MediaFileUri: string };
};

export interface TranscribeClientOptions {
  /** Defaults to the SDK's default region (the function's AWS_REGION). */
  region?: string;
}

/** The two Transcribe calls the chat makes. */
export interface TranscribeClient {
  startTranscriptionJob(input: StartTranscriptionJobInput): Promise<TranscriptionJob>;
  getTranscriptionJob(name: string): Promise<TranscriptionJob>;
}

/** The SDK once loaded (it is loaded before any of its errors can exist). */
let sdk: typeof TranscribeSdk | undefined;
/** The SDK and one client per region ('' for the SDK's default), created on first use. */
const sdkClients = new Map<string, Promise<{ sdk: typeof TranscribeSdk; client: SdkTranscribeClient }>>();

function sdkClient(region: string | undefined): Promise<{ sdk: typeof TranscribeSdk; client: SdkTranscribeClient }> {
  const key = region ?? '';
  let loading = sdkClients.get(key);
  if (!loading) {
    loading = import('@aws-sdk/client-transcribe').then((loaded) => {
      sdk = loaded;
      return { sdk: loaded, client: new loaded.TranscribeClient(region ? { region } : {}) };
    });
    // A load failure is rethrown to this caller and retried by the next one.
    loading.catch(() => sdkClients.delete(key));
    sdkClients.set(key, loading);
  }
  return loading;
}

/** Whether `error` is a Transcribe service error (the SDK's), of type `name` when given. */
export function isTranscribeException(error: unknown, name?: string): error is TranscribeServiceException {
  return sdk !== undefined && error instanceof sdk.TranscribeServiceException && (name === undefined || error.name === name);
}

/** A Transcribe client over the module's SDK client for `options.region`. */
export function createTranscribeClient(options: TranscribeClientOptions = {}): TranscribeClient {
  return {
    async startTranscriptionJob(input) {
      const { sdk: loaded, client } = await sdkClient(options.region);
      const out = await client.send(new loaded.StartTranscriptionJobCommand(input));
      return out.TranscriptionJob ?? {};
    },
    async getTranscriptionJob(name) {
      const { sdk: loaded, client } = await sdkClient(options.region);
      const out = await client.send(new loaded.GetTranscriptionJobCommand({ TranscriptionJobName: name }));
      return out.TranscriptionJob ?? {};
    },
  };
}
