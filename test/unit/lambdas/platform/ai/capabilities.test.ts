/**
 * What each provider can do now, per deployment: images and avatars by description everywhere an
 * image model exists (offline ones labelled), no avatar from video and no voice cloning anywhere,
 * speech from Polly on AWS deployments and offline only with an engine, video only on Bedrock with
 * a configured model that is not retired. Every missing capability carries the Spanish sentence
 * the identity-lab card shows; every available one says what does the work.
 */
import { describe, expect, it } from 'vitest';
import { AI_CAPABILITIES, aiCapabilities, bedrockVideoModel, CAPABILITY_MSG, type AiCapabilities } from '../../../../../lambdas/platform/ai/capabilities';
import { AiCapabilityUnavailableError } from '../../../../../lambdas/platform/ai/errors';
import { toCallableError } from '../../../../../lambdas/platform/callable/errors';
import { CallableError } from '@director-ia/shared';

const SPEECH_UNAVAILABLE = 'La síntesis de voz necesita un proveedor configurado (Amazon Polly en AWS).';
const AWS = { AI_PROVIDER: 'bedrock' };

const summary = (caps: AiCapabilities) => Object.fromEntries(AI_CAPABILITIES.map((c) => [c, caps[c].available])) as Record<keyof AiCapabilities, boolean>;

describe('offline deployment (the twin)', () => {
  const caps = aiCapabilities('default', {});

  it('makes images and avatars by description, labelled offline, and nothing else', () => {
    expect(summary(caps)).toEqual({ image: true, avatarFromDescription: true, avatarFromVideo: false, voiceClone: false, speech: false, video: false });
    expect(caps.image).toMatchObject({ available: true, offline: true });
    expect(caps.avatarFromDescription).toEqual(caps.image);
  });

  it('says plainly why speech, voice cloning, avatar from video and video are missing', () => {
    expect(caps.speech.message).toBe(SPEECH_UNAVAILABLE);
    expect(caps.voiceClone.message).toBe(CAPABILITY_MSG.voiceClone);
    expect(caps.voiceClone.message).toContain('clonar una voz');
    expect(caps.avatarFromVideo.message).toBe(CAPABILITY_MSG.avatarFromVideo);
    expect(caps.video.message).toBe('La generación de vídeo necesita un proveedor de IA configurado: el modo sin conexión no crea vídeos.');
  });

  it('speaks offline, labelled as such, once an engine is enabled', () => {
    const withEngine = aiCapabilities('offline', { OFFLINE_TTS: 'text2wav' });
    expect(withEngine.speech).toMatchObject({ available: true, offline: true });
    expect(withEngine.speech.via).toContain('sin conexión');
    expect(withEngine.voiceClone).toMatchObject({ available: false, message: CAPABILITY_MSG.voiceCloneWithSpeech });
  });
});

describe('Bedrock (AWS) deployment', () => {
  it('images through Bedrock, speech through Polly neural voices, no video without a model', () => {
    const caps = aiCapabilities('default', { ...AWS, BEDROCK_IMAGE_MODEL_ID: 'stability.sd3-5-large-v1:0' });
    expect(summary(caps)).toEqual({ image: true, avatarFromDescription: true, avatarFromVideo: false, voiceClone: false, speech: true, video: false });
    expect(caps.image).toEqual({ available: true, offline: false, via: 'Amazon Bedrock (stability.sd3-5-large-v1:0)' });
    expect(caps.speech).toEqual({ available: true, offline: false, via: 'Amazon Polly (voces neuronales en español: Lucía, Sergio)' });
    expect(caps.voiceClone.message).toBe(CAPABILITY_MSG.voiceCloneWithSpeech);
    expect(caps.video.message).toBe(CAPABILITY_MSG.videoNoModel);
  });

  it.each(['amazon.nova-reel-v1:0', 'amazon.nova-reel-v1:1', 'us.amazon.nova-reel-v1:1', 'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.amazon.nova-reel-v1:0'])(
    'a retired video model (%s) does not enable video, and the card says why',
    (model) => {
      expect(bedrockVideoModel({ BEDROCK_VIDEO_MODEL_ID: model })).toEqual({ model, reason: 'retired' });
      const caps = aiCapabilities('bedrock', { ...AWS, BEDROCK_VIDEO_MODEL_ID: model });
      expect(caps.video).toEqual({ available: false, offline: false, message: CAPABILITY_MSG.videoRetiredModel(model) });
      expect(caps.video.message).toContain(model);
    },
  );

  it('a configured current video model enables video', () => {
    const caps = aiCapabilities('bedrock', { ...AWS, BEDROCK_VIDEO_MODEL_ID: ' luma.ray-v2:0 ' });
    expect(caps.video).toEqual({ available: true, offline: false, via: 'Amazon Bedrock (luma.ray-v2:0)' });
    expect(bedrockVideoModel({ BEDROCK_VIDEO_MODEL_ID: '  ' })).toEqual({ reason: 'missing' });
  });

  it('a brand that chose the offline provider stays offline even on AWS', () => {
    const caps = aiCapabilities({ provider: 'offline' }, { ...AWS, BEDROCK_VIDEO_MODEL_ID: 'luma.ray-v2:0' });
    expect(summary(caps)).toMatchObject({ speech: false, video: false });
    expect(caps.image.offline).toBe(true);
  });
});

describe("brands with their own provider keys", () => {
  it('gemini on AWS: images by Imagen, speech by Polly, no video in this app', () => {
    const caps = aiCapabilities({ provider: 'gemini', gemini: { apiKey: 'k' } }, AWS);
    expect(summary(caps)).toEqual({ image: true, avatarFromDescription: true, avatarFromVideo: false, voiceClone: false, speech: true, video: false });
    expect(caps.video.message).toBe(CAPABILITY_MSG.videoProvider);
  });

  it('openai-compatible needs an image model for images and avatars; no speech off AWS', () => {
    const without = aiCapabilities({ provider: 'openai-compatible', openai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3' } }, { AI_PROVIDER: 'openai-compatible' });
    expect(without.image).toEqual({ available: false, offline: false, message: CAPABILITY_MSG.imageModelMissing });
    expect(without.avatarFromDescription.available).toBe(false);
    expect(without.speech.message).toBe(SPEECH_UNAVAILABLE);

    const withModel = aiCapabilities({ provider: 'openai-compatible', openai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3', imageModel: 'sdxl' } }, {});
    expect(withModel.image).toEqual({ available: true, offline: false, via: 'Proveedor compatible con OpenAI (sdxl)' });
  });

  it("'default' on an openai-compatible deployment reads the deployment's image model", () => {
    expect(aiCapabilities('default', { AI_PROVIDER: 'openai-compatible', OPENAI_IMAGE_MODEL: 'flux' }).image.via).toContain('flux');
    expect(aiCapabilities('default', { AI_PROVIDER: 'openai-compatible' }).image.available).toBe(false);
  });
});

describe('every combination is explained', () => {
  const envs = [{}, AWS, { AI_PROVIDER: 'openai-compatible' }, { OFFLINE_TTS: 'text2wav' }, { ...AWS, BEDROCK_VIDEO_MODEL_ID: 'luma.ray-v2:0' }, { ...AWS, BEDROCK_VIDEO_MODEL_ID: 'amazon.nova-reel-v1:0' }];
  const providers = ['default', 'offline', 'bedrock', 'gemini', 'openai-compatible'] as const;

  it('missing → a Spanish sentence and no via; available → a via and no message; never avatar from video or voice cloning', () => {
    for (const env of envs) {
      for (const provider of providers) {
        const caps = aiCapabilities(provider, env);
        for (const name of AI_CAPABILITIES) {
          const status = caps[name];
          if (status.available) {
            expect(status.via, `${provider} ${name}`).toMatch(/\S/);
            expect(status.message).toBeUndefined();
          } else {
            expect(status.message, `${provider} ${name}`).toMatch(/^[A-ZÁÉÍÓÚÑ].*\.$/);
            expect(status.via).toBeUndefined();
            expect(status.offline).toBe(false);
          }
        }
        expect(caps.avatarFromVideo.available).toBe(false);
        expect(caps.voiceClone.available).toBe(false);
      }
    }
  });

  it('an unavailable capability maps to 501 UNIMPLEMENTED with its sentence', () => {
    const error = new AiCapabilityUnavailableError('video', CAPABILITY_MSG.videoNoModel, { provider: 'bedrock' });
    expect(error.capability).toBe('video');
    const callable = toCallableError(error) as CallableError;
    expect(callable).toBeInstanceOf(CallableError);
    expect(callable.status).toBe('UNIMPLEMENTED');
    expect(callable.httpStatus).toBe(501);
    expect(callable.message).toBe(CAPABILITY_MSG.videoNoModel);
  });
});
