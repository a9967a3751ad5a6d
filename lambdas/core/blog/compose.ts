/**
 * Writing an article draft (issue 5 item 3), the pure part:
 * - `pickTopic`: the article's topic when the owner gives none (the schedule): the blog's topics
 *   in turn (one per existing article), skipping any that is a topic to avoid, then the brand's
 *   keywords, then a neutral fallback.
 * - `articleInstructions`: the generator's instructions for `systemPromptFor` (tone, topics, the
 *   article's topic, titles not to repeat, the JSON fields and the Markdown rules).
 * - `ArticleDraftSchema`: what the model must answer (`generateJson` validates it and makes one
 *   repair round-trip); lenient on lengths, because `normalizeDraft` repairs what is safe to repair:
 *   whitespace, Markdown marks or quotes around the title and summary, a leading H1 repeating the
 *   title, CRLF, and text over the article limits (cut at a word or paragraph boundary with '…').
 * - `offlineDraft`: the offline provider's honest draft: Spanish text assembled from the blog and
 *   brand settings and the retrieved knowledge passages (quoted, never rewritten), saying plainly
 *   that no AI model wrote it. Passages about a topic to avoid are left out.
 */
import * as z from 'zod/mini';
import { ARTICLE_LIMITS, type BlogTone } from '@director-ia/shared';
import { matchedTopicToAvoid } from '../brand';
import { quotedField } from '../../platform/ai/prompt-text';
import type { BrandContext } from '../../platform/ai/types';

export const OFFLINE_ARTICLE_MODEL = 'offline-article-v1';
/** Used when the blog has no topics and the brand no keywords. */
export const FALLBACK_TOPIC = 'novedades y consejos de la marca';

/** The model's answer before `normalizeDraft`. Lengths are generous: over-long text is cut, not refused. */
export const ArticleDraftSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(3), z.maxLength(ARTICLE_LIMITS.title * 2)),
  summary: z.string().check(z.trim(), z.minLength(10), z.maxLength(ARTICLE_LIMITS.summary * 3)),
  body: z.string().check(z.trim(), z.minLength(80), z.maxLength(ARTICLE_LIMITS.body * 2)),
});
export type ArticleDraft = z.infer<typeof ArticleDraftSchema>;

export interface BlogContext {
  tone: BlogTone;
  /** The blog's topics, free text as the owner typed them. */
  topics: string;
}

/** A free-text list ("a, b; c" or one per line) as items. */
export function splitList(text: string): string[] {
  return text
    .split(/[,;\n·•|]+/u)
    .map((item) => item.replace(/\s+/g, ' ').trim().replace(/^[-*.\s]+|[.\s]+$/gu, ''))
    .filter((item) => item.length > 1);
}

/** The topic of the next article when none is given (see the module header). */
export function pickTopic(blog: BlogContext, brand: BrandContext, articleCount: number): string {
  const allowed = (items: string[]) => items.filter((item) => !matchedTopicToAvoid(item, brand));
  const topics = allowed(splitList(blog.topics));
  const pool = topics.length > 0 ? topics : allowed(splitList(brand.keywords ?? ''));
  if (pool.length === 0) return FALLBACK_TOPIC;
  return pool[Math.abs(articleCount) % pool.length] as string;
}


/** The generator's instructions (the brand part comes from `systemPromptFor`). */
export function articleInstructions(blog: BlogContext, topic: string, recentTitles: string[]): string {
  const lines = [
    'Escribe un artículo para el blog de la marca, listo para que el propietario lo revise y lo publique.',
    `Tono del blog: «${blog.tone}».`,
  ];
  const topics = quotedField(blog.topics);
  if (topics) lines.push(`Temas habituales del blog: «${topics.slice(0, 600)}».`);
  lines.push(`Tema de este artículo: «${quotedField(topic)}».`);
  const titles = recentTitles.map((title) => quotedField(title)).filter(Boolean).slice(0, 10);
  if (titles.length > 0) lines.push(`Ya hay artículos con estos títulos; no los repitas: ${titles.map((t) => `«${t}»`).join(', ')}.`);
  lines.push(
    'Usa los datos de la base de conocimiento cuando encajen y no inventes cifras, precios ni datos de contacto.',
    'Devuelve un objeto JSON con tres campos:',
    `- "title": el título, sin Markdown, de como máximo ${ARTICLE_LIMITS.title} caracteres;`,
    `- "summary": una o dos frases que resuman el artículo, sin Markdown, de como máximo ${Math.min(ARTICLE_LIMITS.summary, 300)} caracteres;`,
    '- "body": el artículo en Markdown, de 400 a 900 palabras, con subtítulos "##", párrafos y alguna lista si ayuda; sin repetir el título como "#", sin HTML y sin imágenes.',
  );
  return lines.join('\n');
}

/** `text` cut to at most `max` characters at a word boundary, with '…' when it was cut. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > max * 0.6 ? room.slice(0, space) : room).replace(/[\s,;:.-]+$/u, '')}…`;
}

/** `body` cut to at most `max` characters at a paragraph (else word) boundary. */
function cutBody(body: string, max: number): string {
  if (body.length <= max) return body;
  const room = body.slice(0, max - 1);
  const paragraph = room.lastIndexOf('\n\n');
  return paragraph > max * 0.6 ? `${room.slice(0, paragraph).trimEnd()}\n\n…` : cutAtWord(body, max);
}

/** A single-line field: whitespace collapsed, Markdown heading/emphasis marks and wrapping quotes dropped. */
function plainLine(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^#{1,6}\s+/u, '')
    .replace(/^(\*\*|__)(.+)\1$/u, '$2')
    .replace(/^["'«“](.+)["'»”]$/u, '$1')
    .trim();
}

const comparable = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/** The stored form of a valid model answer (see the module header). */
export function normalizeDraft(draft: ArticleDraft): ArticleDraft {
  const title = cutAtWord(plainLine(draft.title), ARTICLE_LIMITS.title);
  const summary = cutAtWord(plainLine(draft.summary), ARTICLE_LIMITS.summary);
  let body = draft.body.replace(/\r\n?/g, '\n').trim();
  const firstLine = /^#\s+(.+)\n+/u.exec(body);
  if (firstLine && comparable(firstLine[1] as string) === comparable(title)) body = body.slice(firstLine[0].length).trim();
  return { title, summary, body: cutBody(body, ARTICLE_LIMITS.body) };
}

const capitalize = (text: string) => (text ? text.charAt(0).toLocaleUpperCase('es') + text.slice(1) : text);

const PASSAGE_MAX = 700;

/** The offline provider's honest draft (see the module header). */
export function offlineDraft(input: { topic: string; blog: BlogContext; brand: BrandContext; passages: string[] }): ArticleDraft {
  const { topic, blog, brand } = input;
  const brandName = quotedField(brand.brandName ?? '') || 'nuestra marca';
  const passages = input.passages
    .map((passage) => passage.replace(/\s+/g, ' ').trim())
    .filter((passage) => passage.length > 0 && !matchedTopicToAvoid(passage, brand))
    .slice(0, 3);
  const topicLine = quotedField(topic);
  const title = cutAtWord(`${capitalize(topicLine)}: apuntes de ${brandName}`, ARTICLE_LIMITS.title);
  const summary = cutAtWord(
    `Borrador preparado sin un modelo de IA (modo sin conexión) a partir de los ajustes del blog${passages.length > 0 ? ' y de la base de conocimiento' : ''} de ${brandName}. Revísalo y complétalo antes de publicarlo.`,
    ARTICLE_LIMITS.summary,
  );
  const about = [
    `${brandName} escribe en su blog sobre ${topicLine}.`,
    brand.brandPersonality?.trim() ? `Personalidad de la marca: ${quotedField(brand.brandPersonality)}.` : '',
    brand.targetAudience?.trim() ? `Pensado para: ${quotedField(brand.targetAudience)}.` : '',
    `Tono elegido para el blog: ${blog.tone}.`,
  ]
    .filter(Boolean)
    .join(' ');
  const sections = [
    '> **Modo sin conexión:** este borrador se ha preparado sin un modelo de IA. Reúne los ajustes de tu blog y fragmentos literales de tu base de conocimiento; revísalo y reescríbelo antes de publicarlo.',
    `## ${capitalize(topicLine)}`,
    about,
  ];
  if (passages.length > 0) {
    sections.push('## Lo que dice nuestra información', ...passages.map((passage) => `> ${cutAtWord(passage, PASSAGE_MAX)}`));
  } else {
    sections.push('Tu base de conocimiento aún no tiene información sobre este tema: añade documentos en la Base de Aprendizaje para enriquecer los próximos artículos.');
  }
  const topics = splitList(blog.topics).filter((item) => !matchedTopicToAvoid(item, brand));
  if (topics.length > 0) sections.push('## Temas del blog', ...topics.slice(0, 8).map((item) => `- ${capitalize(item)}`));
  sections.push('## Siguiente paso', 'Para que la IA redacte el artículo completo, configura un proveedor de IA en Integraciones.');
  return { title, summary, body: cutBody(sections.join('\n\n'), ARTICLE_LIMITS.body) };
}
