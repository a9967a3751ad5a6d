/**
 * Speech synthesis in the AI layer: requests are checked before any backend runs; the backend
 * follows the brand's provider and the deployment (Polly on AWS, offline elsewhere); the Polly
 * adapter sends the documented SynthesizeSpeech shape (fake client, since `@aws-sdk/client-polly`
 * is not a dependency yet) and maps its failures to typed errors; the offline adapter speaks only
 * through an injected engine, returns a valid WAV marked as offline, and otherwise says plainly
 * that speech needs a configured provider.
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AiCapabilityUnavailableError, AiInputError, AiProviderError, AiRetryableError } from '../../../../../../lambdas/platform/ai/errors';
import { toCallableError } from '../../../../../../lambdas/platform/callable/errors';
import {
  checkedSpeechRequest,
  DEFAULT_SPEECH_VOICE,
  SPEECH_MAX_CHARS,
  SPEECH_MSG,
  speechBackendFor,
  speechSynthesizerFor,
  synthesizeSpeech,
  type SpeechRequest,
  type SpeechSynthesizer,
} from '../../../../../../lambdas/platform/ai/speech/speech';
import {
  createOfflineSpeechSynthesizer,
  espeakVoiceFor,
  isWav,
  loadText2WavEngine,
  markOfflineWav,
  OFFLINE_WAV_COMMENT,
  OFFLINE_WAV_SOFTWARE,
  type OfflineSpeechEngine,
} from '../../../../../../lambdas/platform/ai/speech/offline';
import {
  createPollySynthesizer,
  sdkPollyClient,
  type PollyClientLike,
  type PollySynthesizeSpeechInput,
  type PollySynthesizeSpeechOutput,
} from '../../../../../../lambdas/platform/ai/speech/polly';
import { CallableError } from '@director-ia/shared';

const UNAVAILABLE = 'La síntesis de voz necesita un proveedor configurado (Amazon Polly en AWS).';
const say = (text: string, voice?: string): SpeechRequest => ({ text, voice, language: 'es-ES' });

/** A valid 16-bit mono PCM WAV of `samples` samples (a ramp, so it is not silent). */
function pcmWav(samples = 800, sampleRate = 16000): Uint8Array {
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) out.writeInt16LE(((i % 100) - 50) * 300, 44 + i * 2);
  return new Uint8Array(out);
}

/** A fake Polly client: records every input and answers with `reply`. */
function fakePolly(reply: (input: PollySynthesizeSpeechInput) => Promise<PollySynthesizeSpeechOutput> | PollySynthesizeSpeechOutput) {
  const calls: PollySynthesizeSpeechInput[] = [];
  const client: PollyClientLike = {
    synthesizeSpeech: async (input) => {
      calls.push(input);
      return reply(input);
    },
  };
  return { client, calls };
}

const MP3 = Uint8Array.from([0xff, 0xf3, 0x44, 0xc4, 0x00, 0x00, 0x00, 0x03, 0x48, 0x00]);
const awsError = (name: string, status: number) => Object.assign(new Error(`${name} happened`), { name, $metadata: { httpStatusCode: status } });

describe('speech request checks', () => {
  it('trims the text and picks a known voice, accents and case ignored, Lucía by default', () => {
    expect(checkedSpeechRequest(say('  Hola, ¿qué tal?  '))).toEqual({ text: 'Hola, ¿qué tal?', voice: { id: 'Lucia', label: 'Lucía', gender: 'female' }, language: 'es-ES' });
    expect(checkedSpeechRequest(say('Hola', 'lucía')).voice.id).toBe('Lucia');
    expect(checkedSpeechRequest(say('Hola', 'SERGIO')).voice.id).toBe('Sergio');
    expect(DEFAULT_SPEECH_VOICE).toBe('Lucia');
  });

  it.each([
    ['empty text', say(''), SPEECH_MSG.emptyText],
    ['blank text', say(' \n\t '), SPEECH_MSG.emptyText],
    ['text over the limit', say('a'.repeat(SPEECH_MAX_CHARS + 1)), 'El texto para la voz es demasiado largo (máximo 3000 caracteres).'],
    ['unknown voice', say('Hola', 'Conchita'), 'La voz «Conchita» no existe. Voces disponibles: Lucía, Sergio.'],
    ['another language', { text: 'Hello', language: 'en-US' } as unknown as SpeechRequest, 'La síntesis de voz solo está disponible en español de España (es-ES), no en «en-US».'],
  ])('refuses %s with a Spanish AiInputError, and no backend is called', async (_label, request, message) => {
    expect(() => checkedSpeechRequest(request)).toThrow(AiInputError);
    let called = 0;
    const synthesizer: SpeechSynthesizer = { backend: 'polly', offline: false, synthesize: async () => (called++, Promise.reject(new Error('unreachable'))) };
    const error = await synthesizeSpeech(request, { synthesizer }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiInputError);
    expect((error as Error).message).toBe(message);
    expect(called).toBe(0);
    const callable = toCallableError(error) as CallableError;
    expect(callable).toBeInstanceOf(CallableError);
    expect(callable.status).toBe('INVALID_ARGUMENT');
  });

  it('accepts exactly the limit', () => {
    expect(checkedSpeechRequest(say('a'.repeat(SPEECH_MAX_CHARS))).text).toHaveLength(SPEECH_MAX_CHARS);
  });
});

describe('speech backend selection', () => {
  it.each([
    ['offline', {}, 'offline'],
    ['offline', { AI_PROVIDER: 'bedrock' }, 'offline'],
    ['bedrock', {}, 'polly'],
    ['default', {}, 'offline'],
    ['default', { AI_PROVIDER: 'bedrock' }, 'polly'],
    ['default', { AI_PROVIDER: 'offline' }, 'offline'],
    ['gemini', { AI_PROVIDER: 'bedrock' }, 'polly'],
    ['gemini', {}, 'offline'],
    ['openai-compatible', { AI_PROVIDER: 'openai-compatible' }, 'offline'],
    ['openai-compatible', { AI_PROVIDER: 'openai-compatible', SPEECH_PROVIDER: 'polly' }, 'polly'],
    ['gemini', { AI_PROVIDER: 'bedrock', SPEECH_PROVIDER: 'offline' }, 'offline'],
  ] as const)('brand provider %s in deployment %j → %s', (provider, env, backend) => {
    expect(speechBackendFor(provider, env)).toBe(backend);
    expect(speechBackendFor({ provider }, env)).toBe(backend);
  });

  it('an offline deployment without an engine says plainly that speech needs a provider (UNIMPLEMENTED)', async () => {
    const synthesizer = speechSynthesizerFor('default', {});
    expect(synthesizer).toMatchObject({ backend: 'offline', offline: true });
    const error = await synthesizeSpeech(say('Hola'), { env: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiCapabilityUnavailableError);
    expect((error as AiCapabilityUnavailableError).capability).toBe('speech');
    expect((error as Error).message).toBe(UNAVAILABLE);
    const callable = toCallableError(error) as CallableError;
    expect(callable.status).toBe('UNIMPLEMENTED');
    expect(callable.message).toBe(UNAVAILABLE);
  });

  it('OFFLINE_TTS=text2wav uses text2wav when it is installed, else the same plain refusal', async () => {
    let installed = true;
    try {
      createRequire(import.meta.url).resolve('text2wav');
    } catch {
      installed = false;
    }
    const result = synthesizeSpeech(say('Hola, soy la voz de tu marca.'), { env: { OFFLINE_TTS: 'text2wav' } });
    if (installed) {
      const spoken = await result;
      expect(spoken).toMatchObject({ mediaType: 'audio/wav', offline: true, model: 'espeak-ng-text2wav', voice: 'Lucia' });
      expect(isWav(spoken.bytes)).toBe(true);
    } else {
      const error = await result.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AiCapabilityUnavailableError);
      expect((error as Error).message).toBe(UNAVAILABLE);
      expect((error as AiCapabilityUnavailableError).detail).toContain('text2wav');
    }
  });
});

describe('Amazon Polly adapter', () => {
  it('sends the documented neural es-ES SynthesizeSpeech request and returns the MP3', async () => {
    const { client, calls } = fakePolly(() => ({ AudioStream: { transformToByteArray: async () => MP3 }, ContentType: 'audio/mpeg', RequestCharacters: 27 }));
    const polly = createPollySynthesizer({ client });
    expect(polly).toMatchObject({ backend: 'polly', offline: false });

    const lucia = await polly.synthesize(say('  Bienvenidos a La Espiga.  '));
    expect(calls[0]).toEqual({ Engine: 'neural', LanguageCode: 'es-ES', VoiceId: 'Lucia', OutputFormat: 'mp3', Text: 'Bienvenidos a La Espiga.', TextType: 'text' });
    expect(lucia).toEqual({ bytes: MP3, mediaType: 'audio/mpeg', offline: false, model: 'polly-neural:Lucia', voice: 'Lucia' });

    const sergio = await polly.synthesize(say('<speak>no es SSML</speak>', 'Sergio'));
    expect(calls[1]).toEqual({ Engine: 'neural', LanguageCode: 'es-ES', VoiceId: 'Sergio', OutputFormat: 'mp3', Text: '<speak>no es SSML</speak>', TextType: 'text' });
    expect(sergio.model).toBe('polly-neural:Sergio');
  });

  it('reads the audio from a byte array or a Node stream too', async () => {
    const asBytes = createPollySynthesizer({ client: fakePolly(() => ({ AudioStream: MP3, ContentType: 'audio/mpeg' })).client });
    expect((await asBytes.synthesize(say('Hola'))).bytes).toEqual(MP3);
    const asStream = createPollySynthesizer({ client: fakePolly(() => ({ AudioStream: Readable.from([MP3.subarray(0, 4), MP3.subarray(4)]), ContentType: 'audio/mpeg' })).client });
    expect(Array.from((await asStream.synthesize(say('Hola'))).bytes)).toEqual(Array.from(MP3));
  });

  it('never calls Polly for a bad request', async () => {
    const { client, calls } = fakePolly(() => ({ AudioStream: MP3 }));
    await expect(createPollySynthesizer({ client }).synthesize(say('   '))).rejects.toBeInstanceOf(AiInputError);
    expect(calls).toEqual([]);
  });

  it.each([
    ['ThrottlingException', 400, AiRetryableError],
    ['ServiceFailureException', 500, AiRetryableError],
    ['SomethingNew', 503, AiRetryableError],
    ['TextLengthExceededException', 400, AiInputError],
    ['AccessDeniedException', 403, AiProviderError],
    ['EngineNotSupportedException', 400, AiProviderError],
    ['ValidationException', 400, AiProviderError],
  ])('maps %s (%i) to a typed error with a Spanish message', async (name, status, type) => {
    const polly = createPollySynthesizer({ client: fakePolly(() => Promise.reject(awsError(name, status))).client });
    const error = await polly.synthesize(say('Hola')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as AiProviderError).provider).toBe('bedrock');
    expect((error as AiProviderError).detail).toContain(name);
    if (type === AiProviderError) expect((error as Error).message).toBe(SPEECH_MSG.pollyRefused);
    if (type === AiInputError) expect((error as Error).message).toBe(SPEECH_MSG.tooLong(SPEECH_MAX_CHARS));
  });

  it('refuses an empty body or a body that is not MP3', async () => {
    for (const reply of [{ AudioStream: new Uint8Array(0), ContentType: 'audio/mpeg' }, { ContentType: 'audio/mpeg' }, { AudioStream: MP3, ContentType: 'application/json' }]) {
      const polly = createPollySynthesizer({ client: fakePolly(() => reply).client });
      const error = await polly.synthesize(say('Hola')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AiProviderError);
      expect((error as Error).message).toBe(SPEECH_MSG.invalidAudio);
    }
  });

  it('the SDK client builds PollyClient (region) and SynthesizeSpeechCommand from our input', async () => {
    const made: { region?: string; commands: unknown[] } = { commands: [] };
    class PollyClient {
      constructor(config: { region?: string }) {
        made.region = config.region;
      }
      async send(command: { input: PollySynthesizeSpeechInput }) {
        made.commands.push(command.input);
        return { AudioStream: MP3, ContentType: 'audio/mpeg' };
      }
    }
    class SynthesizeSpeechCommand {
      constructor(readonly input: PollySynthesizeSpeechInput) {}
    }
    let loads = 0;
    const client = sdkPollyClient({ region: 'eu-west-1', load: async () => (loads++, { PollyClient, SynthesizeSpeechCommand }) as never });
    const polly = createPollySynthesizer({ client });
    await polly.synthesize(say('Uno'));
    await polly.synthesize(say('Dos', 'Sergio'));
    expect(loads).toBe(1);
    expect(made.region).toBe('eu-west-1');
    expect(made.commands).toEqual([
      { Engine: 'neural', LanguageCode: 'es-ES', VoiceId: 'Lucia', OutputFormat: 'mp3', Text: 'Uno', TextType: 'text' },
      { Engine: 'neural', LanguageCode: 'es-ES', VoiceId: 'Sergio', OutputFormat: 'mp3', Text: 'Dos', TextType: 'text' },
    ]);
  });

  it('a missing SDK is a plain "unavailable" error, and the next call tries to load it again', async () => {
    let loads = 0;
    const client = sdkPollyClient({ load: () => (loads++, Promise.reject(new Error("Cannot find package '@aws-sdk/client-polly'"))) });
    const polly = createPollySynthesizer({ client });
    for (let i = 0; i < 2; i += 1) {
      const error = await polly.synthesize(say('Hola')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AiCapabilityUnavailableError);
      expect((error as Error).message).toBe(SPEECH_MSG.pollyMissing);
    }
    expect(loads).toBe(2);
  });
});

describe('offline speech adapter', () => {
  it('speaks through the injected engine and returns a valid WAV marked as offline', async () => {
    const heard: { text: string; voice: string; gender: string }[] = [];
    const engine: OfflineSpeechEngine = {
      model: 'fake-engine-v1',
      synthesize: async (text, voice) => {
        heard.push({ text, voice: voice.id, gender: voice.gender });
        return pcmWav();
      },
    };
    const offline = createOfflineSpeechSynthesizer({ engine });
    const result = await offline.synthesize(say('  Hola desde el obrador.  ', 'Sergio'));
    expect(heard).toEqual([{ text: 'Hola desde el obrador.', voice: 'Sergio', gender: 'male' }]);
    expect(result).toMatchObject({ mediaType: 'audio/wav', offline: true, model: 'fake-engine-v1', voice: 'Sergio' });
    expect(isWav(result.bytes)).toBe(true);
    const buffer = Buffer.from(result.bytes);
    expect(buffer.readUInt32LE(4)).toBe(buffer.length - 8);
    expect(buffer.includes(Buffer.from(`ICMT`))).toBe(true);
    expect(buffer.includes(Buffer.from(`${OFFLINE_WAV_COMMENT}\0`, 'latin1'))).toBe(true);
    expect(buffer.includes(Buffer.from(OFFLINE_WAV_SOFTWARE, 'latin1'))).toBe(true);
    // The audio itself is untouched.
    expect(buffer.subarray(8, 44 + 1600).equals(Buffer.from(pcmWav()).subarray(8))).toBe(true);
  });

  it('keeps an odd-sized WAV word aligned when marking it', () => {
    const odd = Buffer.concat([Buffer.from(pcmWav(10)), Buffer.from([0])]);
    odd.writeUInt32LE(odd.length - 8, 4);
    const marked = Buffer.from(markOfflineWav(new Uint8Array(odd)));
    expect(marked.subarray(odd.length + 1, odd.length + 5).toString('latin1')).toBe('LIST');
    expect(marked.readUInt32LE(4)).toBe(marked.length - 8);
  });

  it('without an engine it refuses plainly, with nothing fake', async () => {
    const error = await createOfflineSpeechSynthesizer().synthesize(say('Hola')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiCapabilityUnavailableError);
    expect((error as Error).message).toBe(UNAVAILABLE);
  });

  it('refuses an engine output that is not a WAV, and an engine that fails', async () => {
    const junk = createOfflineSpeechSynthesizer({ engine: { model: 'junk', synthesize: async () => new TextEncoder().encode('RIFF but not really a wave file at all, sorry') } });
    await expect(junk.synthesize(say('Hola'))).rejects.toThrow(SPEECH_MSG.invalidAudio);
    const failing = createOfflineSpeechSynthesizer({ engine: { model: 'boom', synthesize: async () => Promise.reject(new Error('wasm trap')) } });
    const error = await failing.synthesize(say('Hola')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).detail).toContain('wasm trap');
  });

  it('loads the engine once, and again after a failed load', async () => {
    let loads = 0;
    const offline = createOfflineSpeechSynthesizer({
      loadEngine: async () => {
        loads += 1;
        if (loads === 1) throw new AiCapabilityUnavailableError('speech', UNAVAILABLE);
        return { model: 'late', synthesize: async () => pcmWav() };
      },
    });
    await expect(offline.synthesize(say('Uno'))).rejects.toBeInstanceOf(AiCapabilityUnavailableError);
    expect((await offline.synthesize(say('Dos'))).model).toBe('late');
    await offline.synthesize(say('Tres'));
    expect(loads).toBe(2);
  });

  it('wraps text2wav: Spanish eSpeak voice by gender, a text starting with "-" is never an option', async () => {
    const calls: { text: string; options: unknown }[] = [];
    const text2wav = async (text: string, options?: unknown) => (calls.push({ text, options }), pcmWav());
    const engine = await loadText2WavEngine(async () => ({ default: text2wav }));
    const offline = createOfflineSpeechSynthesizer({ engine });
    await offline.synthesize(say('-w /tmp/x hola'));
    await offline.synthesize(say('Adiós', 'Sergio'));
    expect(calls).toEqual([
      { text: ' -w /tmp/x hola', options: { voice: 'es+f3' } },
      { text: ' Adiós', options: { voice: 'es+m3' } },
    ]);
    expect(espeakVoiceFor({ id: 'Lucia', label: 'Lucía', gender: 'female' })).toBe('es+f3');
    // CommonJS interop: the module itself is the function.
    expect((await loadText2WavEngine(async () => text2wav)).model).toBe('espeak-ng-text2wav');
  });

  it('a missing or odd text2wav module is the plain "unavailable" error', async () => {
    for (const load of [() => Promise.reject(new Error('Cannot find package')), async () => ({ default: 'nope' })]) {
      const error = await loadText2WavEngine(load).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AiCapabilityUnavailableError);
      expect((error as Error).message).toBe(UNAVAILABLE);
    }
  });
});
