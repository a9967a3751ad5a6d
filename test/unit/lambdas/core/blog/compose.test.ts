/**
 * Writing an article draft, the pure part (issue 5 item 3; lambdas/core/blog/compose.ts, and
 * lambdas/core/blog/slugs.ts): the model's answer is validated by ArticleDraftSchema through the
 * AI layer's validate → repair once → reject flow (a malformed answer is repaired or rejected, never
 * stored half-way), then normalised (over-long text cut, Markdown marks and a repeated H1 dropped);
 * the offline draft is honest Spanish built from the settings and quoted knowledge, and leaves out
 * topics to avoid; the topic rotation; article slugs (slugs.ts).
 */
import { describe, expect, it } from 'vitest';
import { ARTICLE_LIMITS, SLUG_MAX_LENGTH } from '@director-ia/shared';
import { articleSlugBase, FALLBACK_SLUG, firstFreeSlug } from '../../../../../lambdas/core/blog/slugs';
import {
  ArticleDraftSchema,
  articleInstructions,
  cutAtWord,
  FALLBACK_TOPIC,
  normalizeDraft,
  offlineDraft,
  pickTopic,
  splitList,
} from '../../../../../lambdas/core/blog/compose';
import { AiOutputError } from '../../../../../lambdas/platform/ai/errors';
import { generateJsonWithRepair } from '../../../../../lambdas/platform/ai/json';
import type { TextRequest, TextResult } from '../../../../../lambdas/platform/ai/types';

const BODY = '## Por qué importa\n\nEl pan de masa madre fermenta despacio y eso cambia su sabor, su textura y lo bien que se conserva.';
const valid = { title: 'El pan de masa madre', summary: 'Qué lo hace distinto y cómo elegirlo.', body: BODY };

function scripted(...answers: string[]) {
  const seen: TextRequest[] = [];
  const complete = async (request: TextRequest): Promise<TextResult> => {
    seen.push(request);
    return { text: answers[seen.length - 1] ?? '', toolCalls: [], offline: false, model: 'modelo-x' };
  };
  return { seen, complete };
}
const request: TextRequest = { system: 'S', messages: [{ role: 'user', content: 'Escribe el artículo sobre «pan».' }] };

describe('ArticleDraftSchema through generateJson', () => {
  it('accepts a valid answer at once, also inside a code fence with prose around it', async () => {
    const { seen, complete } = scripted(`Aquí lo tienes:\n\`\`\`json\n${JSON.stringify(valid)}\n\`\`\``);
    await expect(generateJsonWithRepair('bedrock', request, ArticleDraftSchema, complete)).resolves.toEqual({ value: valid, offline: false, model: 'modelo-x' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.system).toContain('"title"');
  });

  it('repairs a malformed answer with one round-trip that quotes the problems', async () => {
    const { seen, complete } = scripted(JSON.stringify({ title: 'X', summary: valid.summary }), JSON.stringify(valid));
    await expect(generateJsonWithRepair('bedrock', request, ArticleDraftSchema, complete)).resolves.toMatchObject({ value: valid });
    expect(seen).toHaveLength(2);
    const repair = seen[1]?.messages.at(-1)?.content ?? '';
    expect(repair).toContain('title');
    expect(repair).toContain('body');
  });

  it.each([
    ['not JSON', 'Lo siento, no puedo.'],
    ['missing the body', JSON.stringify({ title: valid.title, summary: valid.summary })],
    ['a body too short to be an article', JSON.stringify({ ...valid, body: 'Hola.' })],
    ['fields of the wrong type', JSON.stringify({ title: 3, summary: [], body: {} })],
    ['absurdly long text', JSON.stringify({ ...valid, title: 'a'.repeat(ARTICLE_LIMITS.title * 2 + 1) })],
  ])('rejects %s twice in a row with AiOutputError (nothing to store)', async (_label, answer) => {
    const { complete } = scripted(answer, answer);
    await expect(generateJsonWithRepair('bedrock', request, ArticleDraftSchema, complete)).rejects.toBeInstanceOf(AiOutputError);
  });
});

describe('normalizeDraft', () => {
  it('trims and drops Markdown marks, quotes and a leading H1 that repeats the title', () => {
    const draft = normalizeDraft({
      title: '  # «El pan   de masa madre»  ',
      summary: '**Qué lo hace distinto.**',
      body: `# El pan de masa madre\r\n\r\n${BODY}\r\n`,
    });
    expect(draft).toEqual({ title: 'El pan de masa madre', summary: 'Qué lo hace distinto.', body: BODY });
  });

  it('keeps an H1 that is not the title', () => {
    expect(normalizeDraft({ ...valid, body: `# Otra cosa\n\n${BODY}` }).body).toBe(`# Otra cosa\n\n${BODY}`);
  });

  it('cuts over-long fields to the article limits at a word or paragraph boundary, marking the cut', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `palabra${i}`).join(' ');
    const paragraphs = Array.from({ length: 400 }, (_, i) => `Párrafo ${i}: ${words(8)}.`).join('\n\n');
    const draft = normalizeDraft({ title: words(40), summary: words(120), body: paragraphs });
    expect(draft.title.length).toBeLessThanOrEqual(ARTICLE_LIMITS.title);
    expect(draft.title.endsWith('…')).toBe(true);
    expect(draft.title).toMatch(/^palabra0 palabra1 .* palabra\d+…$/);
    expect(draft.summary.length).toBeLessThanOrEqual(ARTICLE_LIMITS.summary);
    expect(draft.body.length).toBeLessThanOrEqual(ARTICLE_LIMITS.body);
    expect(draft.body.endsWith('\n\n…')).toBe(true);
  });

  it('cutAtWord leaves short text alone', () => {
    expect(cutAtWord('corto', 10)).toBe('corto');
  });
});

describe('articleInstructions', () => {
  it('names the tone, the topics, the topic, titles not to repeat and the three JSON fields', () => {
    const text = articleInstructions({ tone: 'Casual e Inspirador', topics: 'recetas, «origen» del café' }, 'tostado ligero', ['Primer artículo']);
    expect(text).toContain('Tono del blog: «Casual e Inspirador».');
    expect(text).toContain('Temas habituales del blog: «recetas, "origen" del café».');
    expect(text).toContain('Tema de este artículo: «tostado ligero».');
    expect(text).toContain('«Primer artículo»');
    for (const field of ['"title"', '"summary"', '"body"']) expect(text).toContain(field);
  });
});

describe('pickTopic', () => {
  const blog = { tone: 'Profesional y Técnico' as const, topics: 'Recetas; política local\norigen del café, tostado' };
  it('takes the blog topics in turn, skipping topics to avoid', () => {
    const brand = { topicsToAvoid: 'política' };
    expect([0, 1, 2, 3].map((n) => pickTopic(blog, brand, n))).toEqual(['Recetas', 'origen del café', 'tostado', 'Recetas']);
  });

  it('falls back to the brand keywords, then to a neutral topic', () => {
    expect(pickTopic({ ...blog, topics: '' }, { keywords: 'pan artesano, bollería' }, 1)).toBe('bollería');
    expect(pickTopic({ ...blog, topics: ' , ' }, {}, 5)).toBe(FALLBACK_TOPIC);
  });

  it('splitList splits on commas, semicolons, bullets and lines', () => {
    expect(splitList('a1, b2;c3\n• d4 · e5 |f6.')).toEqual(['a1', 'b2', 'c3', 'd4', 'e5', 'f6']);
  });
});

describe('offlineDraft', () => {
  const brand = { brandName: 'Panadería Sol', brandPersonality: 'cercana', targetAudience: 'familias del barrio', topicsToAvoid: 'precios' };
  const blog = { tone: 'Casual e Inspirador' as const, topics: 'masa madre, precios, desayunos' };

  it('is honest Spanish from the settings and the knowledge passages, quoted as they are', () => {
    const draft = offlineDraft({ topic: 'masa madre', blog, brand, passages: ['Horneamos cada mañana con masa madre de 12 años.'] });
    expect(draft.title).toBe('Masa madre: apuntes de Panadería Sol');
    expect(draft.summary).toMatch(/sin un modelo de IA/);
    expect(draft.body).toContain('Modo sin conexión');
    expect(draft.body).toContain('> Horneamos cada mañana con masa madre de 12 años.');
    expect(draft.body).toContain('Tono elegido para el blog: Casual e Inspirador.');
    expect(draft.body).toContain('configura un proveedor de IA en Integraciones');
    expect(ArticleDraftSchema.safeParse(draft).success).toBe(true);
  });

  it('leaves out passages and blog topics about a topic to avoid', () => {
    const draft = offlineDraft({ topic: 'desayunos', blog, brand, passages: ['La barra cuesta 1,20 euros.', 'Abrimos a las 7 para los desayunos.'] });
    expect(draft.body).not.toMatch(/euros|precios/i);
    expect(draft.body).toContain('Abrimos a las 7');
    expect(draft.body).toContain('- Masa madre');
  });

  it('says the knowledge base has nothing yet when no passage came back', () => {
    expect(offlineDraft({ topic: 'desayunos', blog, brand: {}, passages: [] }).body).toContain('Base de Aprendizaje');
  });
});

describe('article slugs', () => {
  it.each([
    ['El Pan de Masa Madre', 'el-pan-de-masa-madre'],
    ['¿Café o té? ¡Ambos!', 'café-o-té-ambos'],
    ['!!', FALLBACK_SLUG],
    ['a', FALLBACK_SLUG],
  ])('%j → %j', (title, slug) => {
    expect(articleSlugBase(title)).toBe(slug);
  });

  it('is at most SLUG_MAX_LENGTH with no trailing hyphen', () => {
    const slug = articleSlugBase(`${'palabra '.repeat(20)}final`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('takes the first free of base, base-2, base-3…, staying within the length limit', () => {
    expect(firstFreeSlug('pan', new Set())).toBe('pan');
    expect(firstFreeSlug('pan', new Set(['pan', 'pan-2']))).toBe('pan-3');
    const long = 'x'.repeat(SLUG_MAX_LENGTH);
    const next = firstFreeSlug(long, new Set([long]));
    expect(next).toBe(`${'x'.repeat(SLUG_MAX_LENGTH - 2)}-2`);
  });
});
