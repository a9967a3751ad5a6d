/**
 * `adaptPost` (issue 13 item 2, "lets the AI adapt it for that network"): the result always passes
 * the network's text rules (validatePost, whatever media the post carries); the offline provider
 * shortens deterministically — hashtags first, then at a word boundary — and says so; a model's
 * answer is used when it fits and shortened when it does not; titles only for titled networks.
 */
import { describe, expect, it } from 'vitest';
import { validatePost, type PostMedia } from '@director-ia/shared';
import type { AiProvider } from '../../../../../lambdas/platform/ai/types';
import { adaptPost, OFFLINE_ADAPT_MODEL, shortenToFit } from '../../../../../lambdas/core/plan/adapt';

const SUB = 'tenant-a';
const offline = { id: 'offline', offline: true } as AiProvider;
const words = (count: number) => Array.from({ length: count }, (_, i) => `palabra${i}`).join(' ');
const jpeg: PostMedia = { kind: 'image', contentType: 'image/jpeg', size: 1000 };

/** A model answering `answer`, recording the system prompts it was given. */
function model(answer: { text: string; title?: string }, systems: string[] = []): AiProvider {
  return {
    id: 'openai-compatible',
    offline: false,
    generateText: () => Promise.reject(new Error('unused')),
    generateJson: ((request: { system: string }) => {
      systems.push(request.system);
      return Promise.resolve({ value: answer, offline: false, model: 'guion' });
    }) as AiProvider['generateJson'],
    generateImage: () => Promise.reject(new Error('unused')),
    embed: () => Promise.reject(new Error('unused')),
  };
}

describe('offline adaptation', () => {
  it('drops trailing hashtags first, keeping the whole text when that is enough', async () => {
    const body = 'a'.repeat(272);
    const result = await adaptPost(SUB, { network: 'x', title: 'Título', content: `${body} #Uno #Dos #Tres` }, { provider: offline });
    expect(result).toEqual({ text: `${body} #Uno`, offline: true, model: OFFLINE_ADAPT_MODEL });
    expect(await validatePost('x', { text: result.text, media: [] })).toEqual([]);
  });

  it('then cuts at a word boundary with an ellipsis, to the longest text that fits', async () => {
    const content = `${words(80)} #Final`;
    const { text } = await adaptPost(SUB, { network: 'x', title: 'Título', content }, { provider: offline });
    expect(text.endsWith('…')).toBe(true);
    expect(content.startsWith(`${text.slice(0, -1)} `)).toBe(true);
    expect(await validatePost('x', { text, media: [] })).toEqual([]);
    // One more word would not fit.
    const next = content.slice(0, content.indexOf(' ', text.length)) + '…';
    expect((await validatePost('x', { text: next, media: [] })).map((p) => p.code)).toEqual(['text_too_long']);
  });

  it('fits every kind of the network: a Telegram text fits the caption of a photo', async () => {
    const { text } = await adaptPost(SUB, { network: 'telegram', title: 'Título', content: words(300) }, { provider: offline });
    expect(await validatePost('telegram', { text, media: [jpeg] })).toEqual([]);
    expect(text.length).toBeGreaterThan(900);
  });

  it("answers a title for titled networks, without the characters they refuse, and leaves a fitting post as it was", async () => {
    const result = await adaptPost(SUB, { network: 'youtube', title: `<Vídeo> ${words(20)}`, content: 'Descripción' }, { provider: offline });
    expect(result.title?.startsWith('Vídeo palabra0')).toBe(true);
    expect([...(result.title ?? '')].length).toBeLessThanOrEqual(100);
    expect(result.text).toBe('Descripción');
    expect(await shortenToFit('linkedin', { title: 'Título', text: 'Texto corto #Uno' })).toEqual({ title: 'Título', text: 'Texto corto #Uno' });
    expect(await adaptPost(SUB, { network: 'linkedin', title: 'Título', content: 'Texto' }, { provider: offline })).not.toHaveProperty('title');
  });
});

describe('adaptation with a model', () => {
  it("uses the model's answer when it fits, telling it the brand and the network's rules", async () => {
    const systems: string[] = [];
    const result = await adaptPost(SUB, { network: 'x', title: 'Título', content: words(80) }, { provider: model({ text: 'Versión corta para X' }, systems), brand: { brandName: 'Panadería Sol' } });
    expect(result).toEqual({ text: 'Versión corta para X', offline: false, model: 'guion' });
    expect(systems[0]).toContain('Panadería Sol');
    expect(systems[0]).toContain('X: texto de hasta 280 caracteres');
  });

  it("shortens the model's answer when it still does not fit", async () => {
    const result = await adaptPost(SUB, { network: 'pinterest', title: 'Título', content: words(80) }, { provider: model({ text: words(90), title: 'x'.repeat(150) }), brand: {} });
    expect(result.model).toBe('guion');
    expect(result.offline).toBe(false);
    expect(result.text.startsWith('palabra0 palabra1')).toBe(true);
    expect(await validatePost('pinterest', { text: result.text, title: result.title ?? '', media: [jpeg] })).toEqual([]);
  });
});
