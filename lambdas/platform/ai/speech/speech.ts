/**
 * Speech synthesis of the AI layer (issue 4, identity lab 'voz'): `synthesizeSpeech` turns a
 * Spanish text into playable audio, `{bytes, mediaType, offline, model, voice}`. Two backends:
 * - `polly` (polly.ts): Amazon Polly's neural es-ES voices (Lucia, Sergio), MP3. Brands on
 *   `bedrock` use it, and so does every brand of a deployment on AWS (env AI_PROVIDER=bedrock, as
 *   the CDK stack sets, or SPEECH_PROVIDER=polly): Polly runs on the function's IAM role and needs
 *   no key of the owner.
 * - `offline` (offline.ts): an injected engine that returns WAV, labelled as offline. The
 *   deployment enables one with OFFLINE_TTS=text2wav (eSpeak NG compiled to WebAssembly, package
 *   `text2wav`, a devDependency the local twin enables by default); without an engine every request fails with an
 *   AiCapabilityUnavailableError and a plain Spanish message instead of a fake recording.
 * Brands on `offline` always get the offline backend. No backend clones a voice (capabilities.ts).
 * Requests are checked before any backend runs (AiInputError): non-empty text of at most
 * SPEECH_MAX_CHARS characters, language es-ES, a known voice. Backend modules load on first use.
 */
import { deploymentAiConfig, type AiProviderConfig } from '../config';
import { AiInputError } from '../errors';
import { loadOnce } from '../lazy';
import type { AiProviderId } from '../types';

/** A brand's provider settings, or just a provider id ('default' = the deployment's). */
export type ProviderChoice = AiProviderConfig | AiProviderConfig['provider'];

export type SpeechLanguage = 'es-ES';
export type SpeechBackend = 'polly' | 'offline';

export interface SpeechRequest {
  text: string;
  /** A voice id of SPEECH_VOICES (accents and case ignored); DEFAULT_SPEECH_VOICE when absent. */
  voice?: string;
  language: SpeechLanguage;
}

export interface SpeechResult {
  bytes: Uint8Array;
  mediaType: 'audio/mpeg' | 'audio/wav';
  /** True when the offline engine spoke it: the UI labels it as such. */
  offline: boolean;
  model: string;
  voice: SpeechVoiceId;
}

export interface SpeechSynthesizer {
  readonly backend: SpeechBackend;
  readonly offline: boolean;
  synthesize(request: SpeechRequest): Promise<SpeechResult>;
}

/** Amazon Polly's neural voices for Spanish (Spain); the offline engine imitates their gender. */
export const SPEECH_VOICES = [
  { id: 'Lucia', label: 'Lucía', gender: 'female' },
  { id: 'Sergio', label: 'Sergio', gender: 'male' },
] as const;

export type SpeechVoiceId = (typeof SPEECH_VOICES)[number]['id'];
export type SpeechVoice = (typeof SPEECH_VOICES)[number];
export const DEFAULT_SPEECH_VOICE: SpeechVoiceId = 'Lucia';

/** Polly bills and accepts at most 3000 characters of plain text per SynthesizeSpeech request. */
export const SPEECH_MAX_CHARS = 3000;

export const SPEECH_MSG = {
  unavailable: 'La síntesis de voz necesita un proveedor configurado (Amazon Polly en AWS).',
  emptyText: 'Escribe el texto que quieres convertir en voz.',
  tooLong: (max: number) => `El texto para la voz es demasiado largo (máximo ${max} caracteres).`,
  unknownVoice: (voice: string) => `La voz «${voice}» no existe. Voces disponibles: ${SPEECH_VOICES.map((v) => v.label).join(', ')}.`,
  unsupportedLanguage: (language: string) => `La síntesis de voz solo está disponible en español de España (es-ES), no en «${language}».`,
  pollyRefused: 'Amazon Polly rechazó la solicitud de voz. Revisa la configuración de la instalación en AWS.',
  pollyMissing: 'Amazon Polly no está disponible en esta instalación.',
  invalidAudio: 'El servicio de voz no devolvió un audio válido. Inténtalo de nuevo.',
} as const;

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

/** The voice for `requested` (accents and case ignored), or AiInputError. */
export function speechVoice(requested: string | undefined): SpeechVoice {
  if (requested === undefined || requested.trim() === '') return SPEECH_VOICES[0];
  const wanted = fold(requested);
  const voice = SPEECH_VOICES.find((v) => fold(v.id) === wanted || fold(v.label) === wanted);
  if (!voice) throw new AiInputError(SPEECH_MSG.unknownVoice(requested.slice(0, 40)));
  return voice;
}

/** The request with trimmed text and a known voice, or AiInputError (nothing is called). */
export function checkedSpeechRequest(request: SpeechRequest): { text: string; voice: SpeechVoice; language: SpeechLanguage } {
  if (request.language !== 'es-ES') throw new AiInputError(SPEECH_MSG.unsupportedLanguage(String(request.language).slice(0, 20)));
  const text = typeof request.text === 'string' ? request.text.trim() : '';
  if (!text) throw new AiInputError(SPEECH_MSG.emptyText);
  if ([...text].length > SPEECH_MAX_CHARS) throw new AiInputError(SPEECH_MSG.tooLong(SPEECH_MAX_CHARS));
  return { text, voice: speechVoice(request.voice), language: 'es-ES' };
}

/** Whether the deployment runs on AWS, where Polly is there for every brand (module header). */
export function deploymentHasPolly(env: Record<string, string | undefined>): boolean {
  const forced = env.SPEECH_PROVIDER?.trim();
  if (forced) return forced === 'polly';
  return env.AI_PROVIDER?.trim() === 'bedrock';
}

/** The brand's resolved provider id ('default' → the deployment's). */
export function resolvedProviderId(config: ProviderChoice, env: Record<string, string | undefined>): AiProviderId {
  const provider = typeof config === 'string' ? config : config.provider;
  return provider === 'default' ? deploymentAiConfig(env).provider : provider;
}

/** Which backend speaks for a brand with provider `config` in the deployment `env`. */
export function speechBackendFor(config: ProviderChoice, env: Record<string, string | undefined> = process.env): SpeechBackend {
  const provider = resolvedProviderId(config, env);
  if (provider === 'offline') return 'offline';
  if (provider === 'bedrock') return 'polly';
  return deploymentHasPolly(env) ? 'polly' : 'offline';
}

/** The offline engine the deployment enables (OFFLINE_TTS), if any. */
export function offlineSpeechEngineName(env: Record<string, string | undefined>): 'text2wav' | null {
  return env.OFFLINE_TTS?.trim() === 'text2wav' ? 'text2wav' : null;
}

function lazySynthesizer(backend: SpeechBackend, offline: boolean, load: () => Promise<SpeechSynthesizer>): SpeechSynthesizer {
  const get = loadOnce(load);
  return { backend, offline, synthesize: async (request) => (await get()).synthesize(request) };
}

let polly: SpeechSynthesizer | undefined;
const offlineByEngine = new Map<string, SpeechSynthesizer>();

/** The synthesizer for a brand with provider `config` (see the module header). */
export function speechSynthesizerFor(config: ProviderChoice, env: Record<string, string | undefined> = process.env): SpeechSynthesizer {
  if (speechBackendFor(config, env) === 'polly') {
    polly ??= lazySynthesizer('polly', false, async () => (await import('./polly')).createPollySynthesizer());
    return polly;
  }
  const engine = offlineSpeechEngineName(env) ?? 'none';
  let synthesizer = offlineByEngine.get(engine);
  if (!synthesizer) {
    synthesizer = lazySynthesizer('offline', true, async () => {
      const module = await import('./offline');
      return module.createOfflineSpeechSynthesizer(engine === 'text2wav' ? { loadEngine: module.loadText2WavEngine } : {});
    });
    offlineByEngine.set(engine, synthesizer);
  }
  return synthesizer;
}

/**
 * Spanish speech for `request`: checked first (AiInputError), then spoken by `options.synthesizer`
 * or the one for `options.provider` (default: the deployment's) in `options.env`.
 */
export async function synthesizeSpeech(
  request: SpeechRequest,
  options: { synthesizer?: SpeechSynthesizer; provider?: ProviderChoice; env?: Record<string, string | undefined> } = {},
): Promise<SpeechResult> {
  checkedSpeechRequest(request);
  const synthesizer = options.synthesizer ?? speechSynthesizerFor(options.provider ?? 'default', options.env ?? process.env);
  return synthesizer.synthesize(request);
}
