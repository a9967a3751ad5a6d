/**
 * Offline backend of speech.ts: honest about what a machine without a model can do. It speaks
 * only through an injected `OfflineSpeechEngine` (text → WAV bytes, no network, no download at
 * run time) and labels the result: `offline: true`, and a RIFF INFO chunk in the WAV itself
 * (ISFT 'Director IA (modo sin conexión)', ICMT 'OFFLINE'), like the offline PNGs carry their
 * marker. Without an engine every request fails with AiCapabilityUnavailableError and the plain
 * Spanish SPEECH_MSG.unavailable; nothing fake is returned.
 *
 * The one engine known to fit is `text2wav` (npm, MIT wrapper around eSpeak NG compiled to
 * WebAssembly, GPL-3.0 engine; ~11 MB unpacked with every language, Spanish voice `es`, ~0.15 s per
 * sentence): `loadText2WavEngine` imports it on first use when the deployment sets
 * OFFLINE_TTS=text2wav, as the local twin does by default. It is a devDependency only (the twin
 * runs on the developer's machine; no Lambda bundle carries it, AWS speaks through Polly), so a
 * missing package becomes the same AiCapabilityUnavailableError (with an English detail for logs).
 */
import { AiCapabilityUnavailableError, AiError, AiProviderError } from '../errors';
import { checkedSpeechRequest, SPEECH_MSG, type SpeechRequest, type SpeechResult, type SpeechSynthesizer, type SpeechVoice } from './speech';

/** A local text-to-speech engine: WAV (RIFF/WAVE) bytes of `text` in Spanish with `voice`'s gender. */
export interface OfflineSpeechEngine {
  readonly model: string;
  synthesize(text: string, voice: SpeechVoice): Promise<Uint8Array>;
}

/** text2wav's default export: `(text, options) => Promise<Uint8Array>` (WAV). */
export type Text2WavFunction = (text: string, options?: { voice?: string; speed?: number; pitch?: number }) => Promise<Uint8Array>;

export const TEXT2WAV_MODEL = 'espeak-ng-text2wav';
/** Module name kept in a variable so bundlers leave the devDependency out of Lambda bundles. */
const TEXT2WAV_MODULE = 'text2wav';

/** eSpeak NG voice (Spanish of Spain, `es`) with a female or male variant for our voice. */
export function espeakVoiceFor(voice: SpeechVoice): string {
  return voice.gender === 'female' ? 'es+f3' : 'es+m3';
}

/**
 * An engine over text2wav's function. The text is passed as eSpeak's command-line argument, so a
 * leading space keeps a text that starts with '-' from being read as an option.
 */
export function text2wavEngine(text2wav: Text2WavFunction): OfflineSpeechEngine {
  return {
    model: TEXT2WAV_MODEL,
    synthesize: (text, voice) => text2wav(` ${text}`, { voice: espeakVoiceFor(voice) }),
  };
}

/** Imports text2wav (installed beside the bundle) and wraps it; missing → AiCapabilityUnavailableError. */
export async function loadText2WavEngine(load: () => Promise<unknown> = () => import(/* @vite-ignore */ TEXT2WAV_MODULE)): Promise<OfflineSpeechEngine> {
  let loaded: unknown;
  try {
    loaded = await load();
  } catch (error) {
    throw new AiCapabilityUnavailableError('speech', SPEECH_MSG.unavailable, { provider: 'offline', detail: `cannot load ${TEXT2WAV_MODULE}: ${String(error).slice(0, 200)}` });
  }
  const fn = typeof loaded === 'function' ? loaded : (loaded as { default?: unknown } | undefined)?.default;
  if (typeof fn !== 'function') {
    throw new AiCapabilityUnavailableError('speech', SPEECH_MSG.unavailable, { provider: 'offline', detail: `${TEXT2WAV_MODULE} exports no function` });
  }
  return text2wavEngine(fn as Text2WavFunction);
}

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** Whether `bytes` is a RIFF/WAVE file with a `fmt ` and a non-empty `data` chunk. */
export function isWav(bytes: Uint8Array): boolean {
  if (bytes.length < 44 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE') return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let fmt = false;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') fmt = true;
    if (id === 'data') return fmt && size > 0;
    offset += 8 + size + (size % 2);
  }
  return false;
}

/** Latin-1 INFO sub-chunk (NUL-terminated, padded to an even size). */
function infoEntry(id: string, value: string): Uint8Array {
  const text = Buffer.from(`${value}\0`, 'latin1');
  const padded = text.length + (text.length % 2);
  const out = new Uint8Array(8 + padded);
  out.set(Buffer.from(id, 'latin1'), 0);
  new DataView(out.buffer).setUint32(4, text.length, true);
  out.set(text, 8);
  return out;
}

export const OFFLINE_WAV_SOFTWARE = 'Director IA (modo sin conexión)';
export const OFFLINE_WAV_COMMENT = 'OFFLINE';

/** `wav` with a LIST/INFO chunk appended (software + OFFLINE comment) and the RIFF size updated. */
export function markOfflineWav(wav: Uint8Array): Uint8Array {
  const entries = [infoEntry('ISFT', OFFLINE_WAV_SOFTWARE), infoEntry('ICMT', OFFLINE_WAV_COMMENT)];
  const infoSize = 4 + entries.reduce((n, e) => n + e.length, 0);
  // The RIFF body must stay word aligned before the new chunk.
  const pad = wav.length % 2;
  const out = new Uint8Array(wav.length + pad + 8 + infoSize);
  out.set(wav, 0);
  let offset = wav.length + pad;
  const view = new DataView(out.buffer);
  out.set(Buffer.from('LIST', 'latin1'), offset);
  view.setUint32(offset + 4, infoSize, true);
  out.set(Buffer.from('INFO', 'latin1'), offset + 8);
  offset += 12;
  for (const entry of entries) {
    out.set(entry, offset);
    offset += entry.length;
  }
  view.setUint32(4, out.length - 8, true);
  return out;
}

/** The offline synthesizer: `engine`, or the one `loadEngine` gives on first use; neither → unavailable. */
export function createOfflineSpeechSynthesizer(options: { engine?: OfflineSpeechEngine; loadEngine?: () => Promise<OfflineSpeechEngine> } = {}): SpeechSynthesizer {
  let engine: Promise<OfflineSpeechEngine> | undefined = options.engine ? Promise.resolve(options.engine) : undefined;
  const getEngine = (): Promise<OfflineSpeechEngine> => {
    if (engine) return engine;
    if (!options.loadEngine) return Promise.reject(new AiCapabilityUnavailableError('speech', SPEECH_MSG.unavailable, { provider: 'offline', detail: 'no offline speech engine configured' }));
    const loading = options.loadEngine();
    engine = loading;
    loading.catch(() => {
      if (engine === loading) engine = undefined;
    });
    return loading;
  };

  return {
    backend: 'offline',
    offline: true,
    async synthesize(request: SpeechRequest): Promise<SpeechResult> {
      const { text, voice } = checkedSpeechRequest(request);
      const ready = await getEngine();
      let bytes: Uint8Array;
      try {
        bytes = await ready.synthesize(text, voice);
      } catch (error) {
        if (error instanceof AiError) throw error;
        throw new AiProviderError('offline', SPEECH_MSG.invalidAudio, { detail: `offline engine failed: ${String(error).slice(0, 200)}`, cause: error });
      }
      if (!isWav(bytes)) throw new AiProviderError('offline', SPEECH_MSG.invalidAudio, { detail: `offline engine returned ${bytes.length} bytes that are not a WAV` });
      return { bytes: markOfflineWav(bytes), mediaType: 'audio/wav', offline: true, model: ready.model, voice: voice.id };
    },
  };
}
