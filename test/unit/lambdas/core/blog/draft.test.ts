/**
 * `draftArticle` (issue 5 item 3; lambdas/core/blog/draft.ts) with its storage and AI ports
 * replaced: a disabled blog is refused before anything runs; an owner's topic to avoid is refused;
 * the model gets the blog and brand settings and the retrieved passages and its answer goes
 * through the zod schema (repaired once, else the AI layer's Spanish error and nothing stored);
 * a draft that talks about a topic to avoid is asked for again, then refused; the offline provider
 * gets the honest offline draft; the owner's requests use the daily quota, the schedule's do not;
 * the newest gallery image becomes the cover.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOG_MSG } from '@director-ia/shared';
import { AiOutputError } from '../../../../../lambdas/platform/ai/errors';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';
import type { AiProvider, TextRequest, TextResult } from '../../../../../lambdas/platform/ai/types';
import { generateJsonWithRepair } from '../../../../../lambdas/platform/ai/json';

const state = vi.hoisted(() => ({
  settings: null as null | { isEnabled: boolean; tone: string; topics: string },
  brand: {} as Record<string, string>,
  titles: [] as string[],
  images: [] as { id: string }[],
  passages: [] as string[],
  provider: null as unknown,
  created: [] as Record<string, unknown>[],
  quota: 0,
}));

vi.mock('../../../../../lambdas/platform/db/entities/blogSettings', () => ({
  blogSettings: () => ({ get: () => ({ go: async () => ({ data: state.settings }) }) }),
}));
vi.mock('../../../../../lambdas/platform/db/entities/article', () => ({
  articles: () => ({ query: { byUser: () => ({ go: async () => ({ data: state.titles.map((title) => ({ title })) }) }) } }),
}));
vi.mock('../../../../../lambdas/platform/db/entities/asset', () => ({
  assets: () => ({ query: { byUser: () => ({ where: () => ({ go: async () => ({ data: state.images }) }) }) } }),
}));
vi.mock('../../../../../lambdas/core/settings/aiSettings', () => ({ readBrandContext: async () => state.brand }));
vi.mock('../../../../../lambdas/core/knowledge/retrieve', () => ({
  retrievePassages: async () => state.passages.map((text, index) => ({ docId: 'd', docName: 'doc', index, text, score: 0.9 })),
}));
vi.mock('../../../../../lambdas/core/generation/provider', () => ({ brandAiProvider: async () => state.provider }));
vi.mock('../../../../../lambdas/core/generation/quota', () => ({
  withGenerationQuota: async <T>(_sub: string, run: () => Promise<T>) => {
    state.quota += 1;
    return run();
  },
}));
vi.mock('../../../../../lambdas/core/blog/articles', () => ({
  createArticle: async (sub: string, fields: Record<string, unknown>) => {
    const item = { uid: sub, id: `id${state.created.length}`, slug: 's', status: 'draft', ...fields };
    state.created.push(item);
    return item;
  },
}));

const { draftArticle } = await import('../../../../../lambdas/core/blog/draft');

const BODY = '## La masa madre\n\nFermenta despacio y da un pan con más sabor y que se conserva mejor durante días.';

/** A remote-like provider answering `answers` in turn, through the real validate → repair flow. */
function modelProvider(...answers: string[]) {
  const seen: TextRequest[] = [];
  const complete = async (request: TextRequest): Promise<TextResult> => {
    seen.push(request);
    return { text: answers[seen.length - 1] ?? '', toolCalls: [], offline: false, model: 'modelo-x' };
  };
  const provider = {
    id: 'bedrock',
    offline: false,
    generateJson: (request: TextRequest, schema: Parameters<AiProvider['generateJson']>[1]) => generateJsonWithRepair('bedrock', request, schema, complete),
  } as unknown as AiProvider;
  return { provider, seen };
}

const article = (title: string, body = BODY) => JSON.stringify({ title, summary: 'Un resumen corto del artículo.', body });

beforeEach(() => {
  state.settings = { isEnabled: true, tone: 'Casual e Inspirador', topics: 'masa madre, desayunos' };
  state.brand = { brandName: 'Panadería Sol', topicsToAvoid: 'política' };
  state.titles = [];
  state.images = [];
  state.passages = ['Horneamos cada mañana con masa madre de 12 años.'];
  state.created = [];
  state.quota = 0;
});

describe('draftArticle', () => {
  it.each([
    ['no blog settings', null],
    ['a disabled blog', { isEnabled: false, tone: 'Casual e Inspirador', topics: '' }],
  ])('refuses %s with the Spanish 400 and stores nothing', async (_label, settings) => {
    state.settings = settings;
    state.provider = modelProvider(article('Nunca')).provider;
    const error = await draftArticle('u1', { origin: 'owner' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ kind: 'INVALID_INPUT', message: BLOG_MSG.blogDisabled });
    expect(state.created).toEqual([]);
    expect(state.quota).toBe(0);
  });

  it("refuses an owner's topic that is a topic to avoid, before any generation", async () => {
    const { provider, seen } = modelProvider(article('Nunca'));
    state.provider = provider;
    await expect(draftArticle('u1', { topic: 'La política municipal', origin: 'owner' })).rejects.toMatchObject({ kind: 'INVALID_INPUT', message: BLOG_MSG.topicToAvoid('política') });
    expect(seen).toEqual([]);
    expect(state.created).toEqual([]);
  });

  it('sends the blog and brand settings and the passages; stores the normalised draft under the quota', async () => {
    const { provider, seen } = modelProvider(article('# El pan de masa madre'));
    state.provider = provider;
    state.images = [{ id: 'img1' }];
    state.titles = ['Un artículo anterior'];
    const item = await draftArticle('u1', { topic: 'masa madre', origin: 'owner' });
    expect(item).toMatchObject({ title: 'El pan de masa madre', summary: 'Un resumen corto del artículo.', body: BODY, origin: 'owner', offline: false, model: 'modelo-x', coverAssetId: 'img1' });
    expect(state.quota).toBe(1);
    const request = seen[0] as TextRequest;
    expect(request.system).toContain('«Panadería Sol»');
    expect(request.system).toContain('Tono del blog: «Casual e Inspirador».');
    expect(request.system).toContain('Temas a evitar: «política»');
    expect(request.system).toContain('«Un artículo anterior»');
    expect(request.passages).toEqual(state.passages);
    expect(request.messages.at(-1)?.content).toContain('masa madre');
  });

  it('repairs a malformed answer once; a second bad answer is the AI layer\'s error and stores nothing', async () => {
    const repaired = modelProvider('{"title": "X"}', article('Bien a la segunda'));
    state.provider = repaired.provider;
    await expect(draftArticle('u1', { origin: 'owner' })).resolves.toMatchObject({ title: 'Bien a la segunda' });
    expect(repaired.seen).toHaveLength(2);

    state.created = [];
    state.provider = modelProvider('nada', '{"title": 1}').provider;
    await expect(draftArticle('u1', { origin: 'owner' })).rejects.toBeInstanceOf(AiOutputError);
    expect(state.created).toEqual([]);
  });

  it('asks again when the draft talks about a topic to avoid, then refuses with 409', async () => {
    const off = article('Elecciones y política', `## Política\n\n${BODY}`);
    const again = modelProvider(off, article('Desayunos de domingo'));
    state.provider = again.provider;
    await expect(draftArticle('u1', { origin: 'owner' })).resolves.toMatchObject({ title: 'Desayunos de domingo' });
    expect(again.seen[1]?.system).toContain('«política», que la marca evita');

    state.created = [];
    state.provider = modelProvider(off, off).provider;
    await expect(draftArticle('u1', { origin: 'owner' })).rejects.toMatchObject({ kind: 'CONFLICT', message: BLOG_MSG.draftAvoidedTopic });
    expect(state.created).toEqual([]);
  });

  it("picks the blog's topics in turn for the schedule, outside the quota", async () => {
    const { provider, seen } = modelProvider(article('Desayunos'));
    state.provider = provider;
    state.titles = ['Primero'];
    await expect(draftArticle('u1', { origin: 'schedule' })).resolves.toMatchObject({ origin: 'schedule' });
    expect(seen[0]?.system).toContain('Tema de este artículo: «desayunos».');
    expect(state.quota).toBe(0);
  });

  it('gives the offline provider the honest offline draft, labelled offline', async () => {
    state.provider = { id: 'offline', offline: true, generateJson: vi.fn() } as unknown as AiProvider;
    const item = await draftArticle('u1', { topic: 'masa madre', origin: 'owner' });
    expect(item).toMatchObject({ offline: true, model: 'offline-article-v1', title: 'Masa madre: apuntes de Panadería Sol' });
    expect(item.body).toContain('> Horneamos cada mañana con masa madre de 12 años.');
    expect((state.provider as { generateJson: ReturnType<typeof vi.fn> }).generateJson).not.toHaveBeenCalled();
  });
});
