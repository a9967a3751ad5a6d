/**
 * What a brand's AI provider can do now (issue 4 items 2–3: identity lab cards, video), so that a
 * card says plainly what is missing instead of faking a result. `aiCapabilities(config, env)`
 * gives, per capability, `{available, offline, via?, message?}`: `via` names what does the work
 * (Spanish, for the UI), `message` is the Spanish sentence the card shows when it is unavailable.
 *
 * | capability            | offline                  | bedrock                                    | openai-compatible / gemini        |
 * |-----------------------|--------------------------|--------------------------------------------|-----------------------------------|
 * | image                 | yes, labelled offline    | yes (BEDROCK_IMAGE_MODEL_ID)               | with an image model / yes (Imagen)|
 * | avatarFromDescription | = image                  | = image                                    | = image                           |
 * | avatarFromVideo       | no                       | no                                         | no                                |
 * | voiceClone            | no                       | no (Polly has fixed voices)                | no                                |
 * | speech                | with OFFLINE_TTS engine  | Amazon Polly (neural es-ES)                | Polly when the deployment is AWS  |
 * | video                 | no                       | only with a current BEDROCK_VIDEO_MODEL_ID | no                                |
 *
 * No provider here builds an avatar from a video or clones a voice: the owner's sample can be
 * kept, but nothing pretends to use it. Video on Bedrock needs a model id that is configured and
 * not retired (Nova Reel v1 reached end of life); see BEDROCK_RETIRED_VIDEO_MODELS.
 */
import { deploymentAiConfig } from './config';
import { offlineSpeechEngineName, resolvedProviderId, speechBackendFor, SPEECH_MSG, SPEECH_VOICES, type ProviderChoice } from './speech/speech';
import type { AiProviderId } from './types';

export const AI_CAPABILITIES = ['image', 'avatarFromDescription', 'avatarFromVideo', 'voiceClone', 'speech', 'video'] as const;
export type AiCapability = (typeof AI_CAPABILITIES)[number];

export interface CapabilityStatus {
  available: boolean;
  /** True when the result is produced without a model and labelled as offline. */
  offline: boolean;
  /** What does the work, in Spanish (e.g. 'Amazon Polly (voces neuronales en español: Lucía, Sergio)'). */
  via?: string;
  /** The Spanish sentence the card shows when the capability is missing. */
  message?: string;
}

export type AiCapabilities = Record<AiCapability, CapabilityStatus>;

/** Bedrock video model families that reached end of life: configuring one does not enable video. */
export const BEDROCK_RETIRED_VIDEO_MODELS: readonly RegExp[] = [/(^|\.)amazon\.nova-reel-v1/];

export const CAPABILITY_MSG = {
  imageModelMissing: 'Para crear imágenes y avatares, indica un modelo de imágenes del proveedor compatible con OpenAI en Integraciones.',
  avatarFromVideo:
    'Ninguno de los proveedores de IA disponibles puede crear un avatar a partir de un vídeo todavía. Puedes crear tu avatar a partir de una descripción.',
  voiceClone: 'Ninguno de los proveedores de IA disponibles puede clonar una voz a partir de una muestra.',
  voiceCloneWithSpeech: 'Ninguno de los proveedores de IA disponibles puede clonar una voz a partir de una muestra. Sí puedes generar locuciones con una voz sintética en español.',
  speechUnavailable: SPEECH_MSG.unavailable,
  videoOffline: 'La generación de vídeo necesita un proveedor de IA configurado: el modo sin conexión no crea vídeos.',
  videoNoModel: 'La generación de vídeo no está disponible: esta instalación no tiene configurado un modelo de vídeo de Amazon Bedrock.',
  videoRetiredModel: (model: string) => `El modelo de vídeo configurado («${model}») ya no está disponible en Amazon Bedrock; la instalación debe configurar un modelo vigente.`,
  videoProvider: 'El proveedor de IA configurado no genera vídeos en esta aplicación todavía.',
} as const;

const POLLY_VIA = `Amazon Polly (voces neuronales en español: ${SPEECH_VOICES.map((v) => v.label).join(', ')})`;
const OFFLINE_SPEECH_VIA = 'Voz sintética sin conexión (eSpeak NG), marcada como sin conexión';

const yes = (via: string, offline = false): CapabilityStatus => ({ available: true, offline, via });
const no = (message: string): CapabilityStatus => ({ available: false, offline: false, message });

function imageStatus(provider: AiProviderId, config: ProviderChoice, env: Record<string, string | undefined>): CapabilityStatus {
  switch (provider) {
    case 'offline':
      return yes('Imagen sin conexión generada a partir de la instrucción, marcada como sin conexión', true);
    case 'bedrock':
      return yes(`Amazon Bedrock (${env.BEDROCK_IMAGE_MODEL_ID?.trim() || 'modelo de imágenes por defecto'})`);
    case 'gemini':
      return yes('Google Imagen / Gemini');
    case 'openai-compatible': {
      const settings = typeof config === 'string' || config.provider === 'default' ? deploymentAiConfig(env).openai : config.openai;
      const model = settings?.imageModel?.trim();
      return model ? yes(`Proveedor compatible con OpenAI (${model})`) : no(CAPABILITY_MSG.imageModelMissing);
    }
  }
}

function speechStatus(config: ProviderChoice, env: Record<string, string | undefined>): CapabilityStatus {
  if (speechBackendFor(config, env) === 'polly') return yes(POLLY_VIA);
  return offlineSpeechEngineName(env) ? yes(OFFLINE_SPEECH_VIA, true) : no(CAPABILITY_MSG.speechUnavailable);
}

/** The Bedrock video model when configured and current; else the reason it is not. */
export function bedrockVideoModel(env: Record<string, string | undefined>): { model: string } | { model?: string; reason: 'missing' | 'retired' } {
  const model = env.BEDROCK_VIDEO_MODEL_ID?.trim();
  if (!model) return { reason: 'missing' };
  // Inference-profile prefixes (`us.`, `eu.`...) and ARNs name the same model.
  const id = model.split('/').pop() ?? model;
  if (BEDROCK_RETIRED_VIDEO_MODELS.some((family) => family.test(id))) return { model, reason: 'retired' };
  return { model };
}

function videoStatus(provider: AiProviderId, env: Record<string, string | undefined>): CapabilityStatus {
  if (provider === 'offline') return no(CAPABILITY_MSG.videoOffline);
  if (provider !== 'bedrock') return no(CAPABILITY_MSG.videoProvider);
  const video = bedrockVideoModel(env);
  if ('reason' in video) return no(video.reason === 'retired' ? CAPABILITY_MSG.videoRetiredModel(video.model ?? '') : CAPABILITY_MSG.videoNoModel);
  return yes(`Amazon Bedrock (${video.model})`);
}

/** The video capability alone (the video functions bundle only this, not the other capabilities). */
export function videoCapability(config: ProviderChoice, env: Record<string, string | undefined> = process.env): CapabilityStatus {
  return videoStatus(resolvedProviderId(config, env), env);
}

/**
 * The capabilities of a brand whose provider is `config` ('default' → the deployment's) in the
 * deployment `env` (AI_PROVIDER, BEDROCK_IMAGE_MODEL_ID, BEDROCK_VIDEO_MODEL_ID, SPEECH_PROVIDER,
 * OFFLINE_TTS, OPENAI_IMAGE_MODEL).
 */
export function aiCapabilities(config: ProviderChoice, env: Record<string, string | undefined> = process.env): AiCapabilities {
  const provider = resolvedProviderId(config, env);
  const image = imageStatus(provider, config, env);
  const speech = speechStatus(config, env);
  return {
    image,
    avatarFromDescription: { ...image },
    avatarFromVideo: no(CAPABILITY_MSG.avatarFromVideo),
    voiceClone: no(speech.available ? CAPABILITY_MSG.voiceCloneWithSpeech : CAPABILITY_MSG.voiceClone),
    speech,
    video: videoStatus(provider, env),
  };
}
