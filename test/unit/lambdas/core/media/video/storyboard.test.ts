/**
 * writeStoryboard (lambdas/core/media/video/storyboard.ts, issue 18 item 2). Offline: the same
 * brief gives the same storyboard, valid by StoryboardSchema, 5–10 scenes within
 * MAX_RENDER_SECONDS, captions taken from the brief's phrases, image prompts built from them; a
 * one-word brief is padded to 5 scenes and a long one merged to 10. With a model (a provider whose
 * text call is faked, behind the real JSON validation and repair): the request carries the brand
 * and the format, and an answer out of bounds (12 scenes, long captions, 40-second scenes, unknown
 * transitions, an asset id it cannot know) comes back as a valid storyboard; an answer with too
 * few scenes is asked for again.
 */
import { describe, expect, it } from 'vitest';
import { MAX_RENDER_SECONDS, STORYBOARD_LIMITS, StoryboardSchema, storyboardSeconds, type Storyboard } from '@director-ia/shared';
import { offlineProvider } from '../../../../../../lambdas/platform/ai';
import { generateJsonWithRepair } from '../../../../../../lambdas/platform/ai/json';
import type { AiProvider, TextRequest } from '../../../../../../lambdas/platform/ai/types';
import { writeStoryboard } from '../../../../../../lambdas/core/media/video';

const BRAND = { brandName: 'Café Sol', brandPersonality: 'cercana y alegre', topicsToAvoid: 'política' };
const BRIEF =
  'Abrimos una nueva cafetería en el centro de Valencia. Tostamos nuestro propio café cada mañana. Tenemos bollería casera y opciones sin gluten. ' +
  'La terraza es perfecta para trabajar al sol. Los sábados hay música en directo. Ven a conocernos esta semana y te invitamos al primer café.';

function expectValid(storyboard: Storyboard): void {
  expect(StoryboardSchema.safeParse(storyboard).success).toBe(true);
  expect(storyboard.scenes.length).toBeGreaterThanOrEqual(STORYBOARD_LIMITS.minScenes);
  expect(storyboard.scenes.length).toBeLessThanOrEqual(STORYBOARD_LIMITS.maxScenes);
  expect(storyboardSeconds(storyboard.scenes)).toBeLessThanOrEqual(MAX_RENDER_SECONDS);
}

describe('writeStoryboard offline', () => {
  it('writes a deterministic, valid storyboard from the brief’s sentences', async () => {
    const first = await writeStoryboard(BRIEF, 'vertical', BRAND, offlineProvider);
    const again = await writeStoryboard(BRIEF, 'vertical', BRAND, offlineProvider);
    expect(first).toEqual(again);
    expect(first.offline).toBe(true);
    expect(first.model).toBe('offline-storyboard-v1');
    expectValid(first.storyboard);
    expect(first.storyboard.scenes).toHaveLength(6);
    expect(first.storyboard.scenes[0]?.caption).toBe('Abrimos una nueva cafetería en el centro de Valencia.');
    expect(first.storyboard.scenes[5]?.caption).toMatch(/^Ven a conocernos/);
    for (const scene of first.storyboard.scenes) {
      expect(BRIEF.includes(scene.caption.replace(/…$/u, ''))).toBe(true);
      expect(scene.imagePrompt).toContain('vertical 9:16');
      expect(scene.imagePrompt).toContain(scene.caption.replace(/[.…]$/u, ''));
      expect(scene.assetId).toBeUndefined();
    }
  });

  it('pads a short brief to five scenes and merges a long one into ten', async () => {
    const short = await writeStoryboard('Café', 'horizontal', BRAND, offlineProvider);
    expectValid(short.storyboard);
    expect(short.storyboard.scenes).toHaveLength(5);
    expect(short.storyboard.scenes[0]?.caption).toBe('Café');
    expect(short.storyboard.scenes.map((scene) => scene.caption).join(' ')).toContain('Café Sol');

    const phrases = Array.from({ length: 23 }, (_, index) => `Frase número ${index + 1} del guion, con algo de texto para leer.`);
    const long = await writeStoryboard(phrases.join(' '), 'horizontal', BRAND, offlineProvider);
    expectValid(long.storyboard);
    expect(long.storyboard.scenes).toHaveLength(10);
    expect(long.storyboard.scenes.every((scene) => scene.caption.length <= 90)).toBe(true);
  });

  it('splits a brief of one long sentence at its commas', async () => {
    const result = await writeStoryboard('Pan de masa madre, croissants de mantequilla, café de especialidad, zumos naturales y tartas por encargo', 'horizontal', {}, offlineProvider);
    expectValid(result.storyboard);
    expect(result.storyboard.scenes.map((scene) => scene.caption).slice(0, 4)).toEqual(['Pan de masa madre', 'Croissants de mantequilla', 'Café de especialidad', 'Zumos naturales y tartas por encargo']);
  });
});

/** A remote-looking provider whose model answers `answers` in turn; records the requests. */
function fakeModel(answers: unknown[]): { provider: AiProvider; requests: TextRequest[] } {
  const requests: TextRequest[] = [];
  const provider = {
    id: 'bedrock',
    offline: false,
    generateJson: (request, schema) =>
      generateJsonWithRepair('bedrock', request, schema, async (sent) => {
        requests.push(sent);
        return { text: JSON.stringify(answers[requests.length - 1]), toolCalls: [], offline: false, model: 'fake-model' };
      }),
    generateText: async () => {
      throw new Error('not used');
    },
    generateImage: async () => {
      throw new Error('not used');
    },
    embed: async () => {
      throw new Error('not used');
    },
  } satisfies AiProvider as AiProvider;
  return { provider, requests };
}

describe('writeStoryboard with a model', () => {
  it('sends the brand and the format, and repairs an answer out of bounds into a valid storyboard', async () => {
    const scenes = Array.from({ length: 12 }, (_, index) => ({
      caption: `«Escena ${index + 1}: ${'texto muy largo '.repeat(index === 0 ? 12 : 1)}»`,
      imagePrompt: `Una taza de café humeante, plano ${index}`,
      durationSeconds: 40,
      transition: index === 1 ? 'fade' : index === 2 ? 'wipe' : 'corte',
      motion: index === 0 ? 'zoom in' : 'giro',
      assetId: 'asset-que-no-existe',
    }));
    const { provider, requests } = fakeModel([{ title: '"Café Sol abre"', scenes }]);
    const result = await writeStoryboard('Anuncia la apertura', 'horizontal', BRAND, provider);

    expect(result.offline).toBe(false);
    expect(result.model).toBe('fake-model');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.system).toContain('Café Sol');
    expect(requests[0]?.system).toContain('horizontal 16:9');
    expect(requests[0]?.system).toContain('política');
    expect(requests[0]?.messages[0]?.content).toContain('Anuncia la apertura');

    const storyboard = result.storyboard;
    expectValid(storyboard);
    expect(storyboard.title).toBe('Café Sol abre');
    expect(storyboard.scenes).toHaveLength(10);
    expect(storyboard.scenes[0]?.caption.length).toBeLessThanOrEqual(STORYBOARD_LIMITS.captionMax);
    expect(storyboard.scenes[0]?.caption.startsWith('Escena 1:')).toBe(true);
    expect(storyboard.scenes[0]?.motion).toBe('acercar');
    expect(storyboard.scenes[1]?.transition).toBe('fundido');
    expect(storyboard.scenes.every((scene) => scene.assetId === undefined)).toBe(true);
    expect(storyboard.scenes.every((scene) => scene.durationSeconds <= STORYBOARD_LIMITS.maxSceneSeconds)).toBe(true);
  });

  it('asks again when the model gives fewer than five scenes', async () => {
    const scene = { caption: 'Hola', imagePrompt: 'Una taza', durationSeconds: 4, transition: 'corte', motion: 'acercar' };
    const { provider, requests } = fakeModel([
      { title: 'Corto', scenes: [scene, scene] },
      { title: 'Bien', scenes: [scene, scene, scene, scene, scene] },
    ]);
    const result = await writeStoryboard('Un vídeo', 'vertical', {}, provider);
    expect(requests).toHaveLength(2);
    expectValid(result.storyboard);
    expect(result.storyboard.title).toBe('Bien');
  });
});
