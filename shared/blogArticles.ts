/**
 * Gestor del Blog (spec 2 'blog', 3 'Blog article'; issue 5 item 3): the article as the browser
 * sees it, the length limits of its fields, and the Spanish strings of the page and its functions
 * (kept apart from MSG so the login screen's JS does not grow).
 *
 * An article is a draft ('Borrador') until the owner publishes it ('Publicado'); `publishedAt` is
 * set the first time it is published and kept afterwards (it is the publication date the table
 * shows). `body` is Markdown; it only ever becomes HTML through the safe renderer. `offline` marks
 * articles the offline provider assembled without an AI model.
 */
import * as z from 'zod/mini';
import { ARTICLE_ORIGINS, ARTICLE_STATUSES } from './entities/article';

/** Longest accepted value of each field, in characters. */
export const ARTICLE_LIMITS = {
  title: 160,
  summary: 500,
  body: 20_000,
  /** The optional topic of 'Pedir Nuevo Artículo a la IA'. */
  topic: 200,
} as const;

export const ArticleSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** URL segment of the article (shared slug rule), unique within the brand. */
  slug: z.string(),
  summary: z.string(),
  /** Markdown. */
  body: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  /** A gallery image or avatar of the owner; null when none. */
  coverAssetId: z.nullable(z.string()),
  /** Short-lived URL of the cover; null when none (or its asset was deleted). */
  coverUrl: z.nullable(z.string()),
  origin: z.enum(ARTICLE_ORIGINS),
  offline: z.boolean(),
  model: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** ISO 8601; set on the first publication and kept afterwards; null while never published. */
  publishedAt: z.nullable(z.string()),
  /** Issue 15 item 4: the article's tracked link (`<site>/r/<code>` to its public page), made on its first publication. */
  link: z.optional(z.object({ code: z.string(), url: z.string() })),
});
export type Article = z.infer<typeof ArticleSchema>;

export const BLOG_MSG = {
  pageTitle: 'Gestor del Blog',
  requestArticle: 'Pedir Nuevo Artículo a la IA',
  generating: 'Escribiendo artículo…',
  articleGenerated: '¡Borrador creado! Revísalo antes de publicarlo.',
  blogDisabled: 'El blog está desactivado. Actívalo en el Creador de Blog para pedir artículos.',
  blogDisabledHint: 'Activa el blog en el Creador de Blog (panel lateral) para pedir artículos a la IA.',
  articleNotFound: 'Artículo no encontrado.',
  coverInvalid: 'La portada debe ser una imagen o un avatar de tu galería.',
  topicToAvoid: (topic: string) => `Tu marca evita el tema «${topic}», así que no se escribirá este artículo. Prueba con otro tema.`,
  draftAvoidedTopic: 'La IA escribió sobre un tema que tu marca evita, así que se ha descartado el borrador. Inténtalo de nuevo.',
  articleSaved: 'Artículo guardado.',
  articlePublished: 'Artículo publicado.',
  articleUnpublished: 'Artículo retirado del blog.',
  articleDeleted: 'Artículo eliminado.',
  editConflict: 'El artículo cambió mientras guardabas. Vuelve a intentarlo.',
  noArticles: 'Todavía no hay artículos. Pide uno a la IA para empezar.',
  offlineResult: 'Generado sin conexión: sin modelo de IA',
  titleRequired: 'El título no puede estar vacío.',
  summaryRequired: 'El resumen no puede estar vacío.',
  bodyRequired: 'El contenido no puede estar vacío.',
  /** Issue 16 item 3: the draft repeated the confidential control code of its prompt (an injection it obeyed). */
  draftLeaked: 'La IA incluyó en el borrador información interna que no debe publicarse (posiblemente obedeció instrucciones ocultas en un documento), así que se ha descartado. Revisa tus documentos de conocimiento e inténtalo de nuevo.',
} as const;
