/**
 * Amazon Polly backend of speech.ts: SynthesizeSpeech with a neural Spanish (Spain) voice, plain
 * text, MP3 output. The documented request shape is
 *   {Engine: 'neural', LanguageCode: 'es-ES', VoiceId: 'Lucia' | 'Sergio', OutputFormat: 'mp3',
 *    Text, TextType: 'text'}
 * and the response `{AudioStream, ContentType: 'audio/mpeg', RequestCharacters}`.
 *
 * The client is injected (`PollyClientLike`, one method) so the request shape is testable without
 * the SDK. By default `@aws-sdk/client-polly` is imported on first use: the Lambda Node.js runtime
 * ships it; locally it must be in node_modules (a missing SDK becomes AiCapabilityUnavailableError).
 * Region: POLLY_REGION, else the function's AWS_REGION.
 * Errors: throttling, service failures, 429/5xx, network → AiRetryableError; text too long →
 * AiInputError; access, validation, unsupported engine/voice → AiProviderError (errors carry
 * provider `bedrock`, the AWS provider Polly belongs to).
 */
import { AiCapabilityUnavailableError, AiError, AiInputError, AiProviderError, AiRetryableError } from '../errors';
import { checkedSpeechRequest, SPEECH_MAX_CHARS, SPEECH_MSG, type SpeechRequest, type SpeechResult, type SpeechSynthesizer, type SpeechVoiceId } from './speech';

/** SynthesizeSpeech input as we send it (a subset of the SDK's SynthesizeSpeechCommandInput). */
export interface PollySynthesizeSpeechInput {
  Engine: 'neural';
  LanguageCode: 'es-ES';
  VoiceId: SpeechVoiceId;
  OutputFormat: 'mp3';
  Text: string;
  TextType: 'text';
}

/** The audio body: the SDK's stream mixin, a byte array, or any async iterable of chunks. */
export type PollyAudioStream = Uint8Array | { transformToByteArray(): Promise<Uint8Array> } | AsyncIterable<Uint8Array>;

export interface PollySynthesizeSpeechOutput {
  AudioStream?: PollyAudioStream;
  ContentType?: string;
  RequestCharacters?: number;
}

/** The one Polly call this backend makes. */
export interface PollyClientLike {
  synthesizeSpeech(input: PollySynthesizeSpeechInput): Promise<PollySynthesizeSpeechOutput>;
}

/** The parts of `@aws-sdk/client-polly` the default client uses. */
interface PollySdk {
  PollyClient: new (config: { region?: string }) => { send(command: unknown): Promise<PollySynthesizeSpeechOutput> };
  SynthesizeSpeechCommand: new (input: PollySynthesizeSpeechInput) => unknown;
}

const POLLY_SDK_MODULE = '@aws-sdk/client-polly';

export const POLLY_MODEL_PREFIX = 'polly-neural';

/** A client over the AWS SDK, loaded on first use by `load` (default: the real SDK). */
export function sdkPollyClient(options: { region?: string; load?: () => Promise<PollySdk> } = {}): PollyClientLike {
  // Loaded on first use; in Lambda the runtime provides it (SDK v3 stays external to bundles).
  const load = options.load ?? (() => import('@aws-sdk/client-polly') as Promise<PollySdk>);
  let client: Promise<{ send(command: unknown): Promise<PollySynthesizeSpeechOutput> }> | undefined;
  let sdk: PollySdk | undefined;
  return {
    async synthesizeSpeech(input) {
      client ??= load().then(
        (loaded) => {
          sdk = loaded;
          return new loaded.PollyClient(options.region ? { region: options.region } : {});
        },
        (error: unknown) => {
          client = undefined;
          throw new AiCapabilityUnavailableError('speech', SPEECH_MSG.pollyMissing, { provider: 'bedrock', detail: `cannot load ${POLLY_SDK_MODULE}: ${String(error).slice(0, 200)}` });
        },
      );
      const resolved = await client;
      return resolved.send(new (sdk as PollySdk).SynthesizeSpeechCommand(input));
    },
  };
}

const RETRYABLE = new Set(['ThrottlingException', 'ServiceFailureException', 'ServiceUnavailableException', 'InternalServerException', 'TimeoutError', 'RequestTimeout']);

/** Polly/SDK failure → typed AI error. */
export function mapPollyError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  const e = error as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const name = e.name ?? 'Error';
  const status = e.$metadata?.httpStatusCode;
  const detail = `polly ${name}: ${e.message ?? ''}`.slice(0, 500);
  if (RETRYABLE.has(name) || status === 429 || (status !== undefined && status >= 500) || /ECONNRESET|ETIMEDOUT|EAI_AGAIN|ECONNREFUSED/.test(e.code ?? '')) {
    return new AiRetryableError('bedrock', detail, error);
  }
  if (name === 'TextLengthExceededException') return new AiInputError(SPEECH_MSG.tooLong(SPEECH_MAX_CHARS), { provider: 'bedrock', detail });
  return new AiProviderError('bedrock', SPEECH_MSG.pollyRefused, { status, detail, cause: error });
}

/** The bytes of an AudioStream body. */
export async function readAudioStream(stream: PollyAudioStream | undefined): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  if (stream instanceof Uint8Array) return stream;
  if ('transformToByteArray' in stream && typeof stream.transformToByteArray === 'function') return stream.transformToByteArray();
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as AsyncIterable<Uint8Array>) chunks.push(chunk);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The SynthesizeSpeech input for a checked request. */
export function pollyInput(request: SpeechRequest): PollySynthesizeSpeechInput {
  const { text, voice } = checkedSpeechRequest(request);
  return { Engine: 'neural', LanguageCode: 'es-ES', VoiceId: voice.id, OutputFormat: 'mp3', Text: text, TextType: 'text' };
}

/** The Polly synthesizer; without a client it uses the SDK (region POLLY_REGION, else the function's). */
export function createPollySynthesizer(options: { client?: PollyClientLike; env?: Record<string, string | undefined> } = {}): SpeechSynthesizer {
  const env = options.env ?? process.env;
  const client = options.client ?? sdkPollyClient({ region: env.POLLY_REGION?.trim() || undefined });
  return {
    backend: 'polly',
    offline: false,
    async synthesize(request: SpeechRequest): Promise<SpeechResult> {
      const input = pollyInput(request);
      let bytes: Uint8Array;
      let contentType: string | undefined;
      try {
        const output = await client.synthesizeSpeech(input);
        contentType = output.ContentType;
        bytes = await readAudioStream(output.AudioStream);
      } catch (error) {
        throw mapPollyError(error);
      }
      if (bytes.length === 0 || (contentType !== undefined && contentType !== 'audio/mpeg')) {
        throw new AiProviderError('bedrock', SPEECH_MSG.invalidAudio, { detail: `polly returned ${bytes.length} bytes of ${contentType ?? 'no content type'}` });
      }
      return { bytes, mediaType: 'audio/mpeg', offline: false, model: `${POLLY_MODEL_PREFIX}:${input.VoiceId}`, voice: input.VoiceId };
    },
  };
}
