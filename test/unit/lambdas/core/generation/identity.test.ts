/**
 * The identity lab and video domain (issue 4 items 2, 3) with its collaborators replaced, driven by
 * the brand's capabilities: the payload schemas (spec 7 `{type, prompt}` extended compatibly), the
 * new upload kinds' limits, the Spanish error line of spec 8, voice answered with the capability
 * sentence (no quota, nothing stored) where the deployment cannot speak, voice spoken and stored
 * by an offline engine when one is configured (with the clone note when a sample came), and
 * `iniciarVideo` answering 501 with the right sentence for each provider / model configuration.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkUpload, generarIdentidad, estadoVideo, iniciarVideo, UPLOAD_RULES } from '@director-ia/shared';
import { UnsupportedError, type DomainError } from '../../../../../lambdas/platform/errors';
import { AiCapabilityUnavailableError } from '../../../../../lambdas/platform/ai';
import { CAPABILITY_MSG } from '../../../../../lambdas/platform/ai/capabilities';
import { VIDEO_FAMILY_MSG } from '../../../../../lambdas/platform/ai/providers/bedrock/video';
import { identityErrorText } from '../../../../../web/src/features/identity/useGenerateIdentity';
import type * as Speech from '../../../../../lambdas/platform/ai/speech/speech';

type SpeechModule = typeof Speech;

const state = vi.hoisted(() => ({
  provider: 'offline' as string,
  quota: [] as string[],
  saved: [] as { type: string; mediaType: string; prompt: string }[],
  speak: undefined as undefined | (() => Promise<unknown>),
}));

vi.mock('../../../../../lambdas/core/settings/integrations', () => ({ readIntegrationsItem: async () => ({ aiProvider: state.provider }), hasSecret: () => true }));
vi.mock('../../../../../lambdas/core/settings/aiSettings', () => ({ readBrandContext: async () => ({ brandName: 'Café Luna' }) }));
vi.mock('../../../../../lambdas/platform/storage/objects', () => ({ getObject: async () => ({ tooLarge: true, size: 10 }) }));
vi.mock('../../../../../lambdas/platform/ai/speech/speech', async (importOriginal) => {
  const original = await importOriginal<SpeechModule>();
  return { ...original, synthesizeSpeech: async () => (state.speak ? state.speak() : original.synthesizeSpeech({ text: 'x', language: 'es-ES' })) };
});
vi.mock('../../../../../lambdas/core/generation/quota', () => ({
  withGenerationQuota: async <T>(_sub: string, generate: () => Promise<T>) => {
    state.quota.push('reserve');
    try {
      return await generate();
    } catch (error) {
      state.quota.push('release');
      throw error;
    }
  },
}));
vi.mock('../../../../../lambdas/core/assets/assets', () => ({
  saveAsset: async (_sub: string, asset: { type: string; mediaType: string; prompt: string }) => {
    state.saved.push(asset);
    return { id: 'asset00000000000000v', key: 'users/s/assets/asset00000000000000v.wav', offline: true, model: 'espeak', size: 4 };
  },
  assetUrl: async () => 'https://bucket.example/users/s/assets/asset00000000000000v.wav',
}));

const { generateIdentity } = await import('../../../../../lambdas/core/generation/identity');
const { startVideo, VIDEO_MSG } = await import('../../../../../lambdas/core/generation/video');
const { videoStatus } = await import('../../../../../lambdas/core/generation/videoStatus');

const SUB = 'sub-1';
const voiceSample = `users/${SUB}/voice-samples/abcdefghij0123456789-voz.wav`;

beforeEach(() => {
  state.provider = 'offline';
  state.quota = [];
  state.saved = [];
  state.speak = undefined;
});

describe('schemas', () => {
  const parse = (data: unknown) => generarIdentidad.input.safeParse(data);
  it('keeps the spec payload for avatars and extends it for voice and video', () => {
    expect(parse({ type: 'avatar', prompt: '  Un retrato  ' })).toMatchObject({ success: true, data: { type: 'avatar', prompt: 'Un retrato' } });
    expect(parse({ type: 'voice', text: 'Hola', voice: 'Sergio', sampleKey: voiceSample }).success).toBe(true);
    expect(parse({ type: 'video', sampleKey: 'users/x/identity-videos/k' }).success).toBe(true);
  });
  it.each([[{ type: 'avatar' }], [{ type: 'voice', text: ' ' }], [{ type: 'voice', text: 'x'.repeat(3001) }], [{ type: 'voice', text: 'Hola', voice: 'Pepe' }], [{ type: 'video' }], [{ type: 'x' }], [{ type: 'avatar', prompt: 'a', extra: 1 }]])(
    'refuses %j',
    (data) => expect(parse(data).success).toBe(false),
  );
  it('checks video jobs', () => {
    expect(iniciarVideo.input.safeParse({ prompt: 'Olas' }).success).toBe(true);
    expect(iniciarVideo.input.safeParse({ prompt: '' }).success).toBe(false);
    expect(estadoVideo.input.safeParse({ jobId: '' }).success).toBe(false);
  });
  it('limits the new upload kinds by type and size', () => {
    expect(checkUpload('voiceSample', { fileName: 'voz.mp3', contentType: 'audio/mpeg', size: 100 })).toBeNull();
    expect(checkUpload('voiceSample', { fileName: 'voz.mp4', contentType: 'video/mp4', size: 100 })).toMatch(/no admitido/);
    expect(checkUpload('identityVideo', { fileName: 'yo.mov', contentType: 'video/quicktime', size: 100 })).toBeNull();
    expect(checkUpload('identityVideo', { fileName: 'yo.mp4', contentType: 'video/mp4', size: UPLOAD_RULES.identityVideo.maxBytes + 1 })).toMatch(/tamaño máximo/);
  });
  it("words errors as spec 8's 'Error al generar {type}: {message}'", () => {
    expect(identityErrorText('voice', 'x')).toBe('Error al generar voz: x');
    expect(identityErrorText('video', 'y')).toBe('Error al generar vídeo: y');
    expect(identityErrorText('avatar', 'z')).toBe('Error al generar avatar: z');
  });
});

describe('voice by capability', () => {
  it('without a speech engine: the plain sentence, no quota, nothing stored', async () => {
    const result = await generateIdentity(SUB, { type: 'voice', text: 'Hola' }, new Date(), {});
    expect(result).toEqual({ success: false, error: CAPABILITY_MSG.speechUnavailable, unsupported: CAPABILITY_MSG.speechUnavailable });
    expect(state.quota).toEqual([]);
    expect(state.saved).toEqual([]);
  });

  it('with an offline engine: speech stored as a voice asset, with the clone note when a sample came', async () => {
    state.speak = async () => ({ bytes: new Uint8Array([1, 2, 3, 4]), mediaType: 'audio/wav', offline: true, model: 'espeak', voice: 'Lucia' });
    const result = await generateIdentity(SUB, { type: 'voice', text: ' Hola ', sampleKey: voiceSample }, new Date(), { OFFLINE_TTS: 'text2wav' });
    expect(result).toMatchObject({ success: true, assetId: 'asset00000000000000v', offline: true, sampleKept: true, unsupported: CAPABILITY_MSG.voiceCloneWithSpeech });
    expect(state.saved).toEqual([expect.objectContaining({ type: 'voice', mediaType: 'audio/wav', prompt: 'Hola' })]);
    expect(state.quota).toEqual(['reserve']);
  });

  it('an engine missing at run time gives the unit back and answers the sentence', async () => {
    state.speak = async () => {
      throw new AiCapabilityUnavailableError('speech', CAPABILITY_MSG.speechUnavailable);
    };
    const result = await generateIdentity(SUB, { type: 'voice', text: 'Hola' }, new Date(), { OFFLINE_TTS: 'text2wav' });
    expect(result).toMatchObject({ success: false, error: CAPABILITY_MSG.speechUnavailable });
    expect(state.quota).toEqual(['reserve', 'release']);
    expect(state.saved).toEqual([]);
  });

  it("refuses another owner's sample before anything else", async () => {
    await expect(generateIdentity(SUB, { type: 'voice', text: 'Hola', sampleKey: voiceSample.replace(SUB, 'other') }, new Date(), {})).rejects.toMatchObject({ kind: 'INVALID_INPUT' });
  });
});

describe('video by capability', () => {
  const start = async (env: Record<string, string>) => {
    try {
      await startVideo(SUB, { prompt: 'Olas' }, env);
    } catch (error) {
      return error as DomainError;
    }
    throw new Error('expected a refusal');
  };
  it.each([
    ['offline', {}, CAPABILITY_MSG.videoOffline],
    ['gemini', {}, CAPABILITY_MSG.videoProvider],
    ['bedrock', {}, CAPABILITY_MSG.videoNoModel],
    ['bedrock', { BEDROCK_VIDEO_MODEL_ID: 'amazon.nova-reel-v1:1' }, CAPABILITY_MSG.videoRetiredModel('amazon.nova-reel-v1:1')],
    ['bedrock', { BEDROCK_VIDEO_MODEL_ID: 'amazon.nova-reel-v2:0' }, VIDEO_FAMILY_MSG('amazon.nova-reel-v2:0')],
  ])('%s %j → 501 with the plain statement', async (provider, env, message) => {
    state.provider = provider;
    const error = await start(env);
    expect(error).toBeInstanceOf(UnsupportedError);
    expect(error).toMatchObject({ message });
  });
  it('has no job under an id the server could not have made', async () => {
    await expect(videoStatus(SUB, 'not-a-job')).rejects.toMatchObject({ kind: 'NOT_FOUND', message: VIDEO_MSG.jobNotFound });
  });
  it('the avatar-by-video answer says plainly that no provider supports it', async () => {
    const result = await generateIdentity(SUB, { type: 'video', sampleKey: `users/${SUB}/identity-videos/abcdefghij0123456789-yo.mp4` }, new Date(), {});
    expect(result).toEqual({ success: false, error: CAPABILITY_MSG.avatarFromVideo, unsupported: CAPABILITY_MSG.avatarFromVideo, sampleKept: true });
  });
});
