/**
 * Gestor del Blog callables (spec 2 'blog', 3 'Blog article'; issue 5 item 3). All `active`: the
 * tenant is the caller's verified `sub`; an article id that is not one of the caller's articles
 * is NOT_FOUND (ids are opaque), so another owner can never read, edit, publish or delete it.
 * - listarArticulos: the caller's articles, newest first, and when the schedule drafts the next one.
 * - generarArticulo: `{topic?}` → a new draft the AI wrote from the blog and brand settings and the
 *   knowledge base (400 with a Spanish message while the blog is disabled; nothing is stored).
 * - guardarArticulo: the owner's edit of title, summary, Markdown body and cover (one of the
 *   owner's gallery images or avatars, or null).
 * - publicarArticulo: `{id, published}` publishes or withdraws it (`publishedAt` set once, kept).
 * - eliminarArticulo: removes it for good.
 */
import * as z from 'zod/mini';
import { ArticleSchema, ARTICLE_LIMITS } from '../../blogArticles';
import { define, Empty } from '../define';
import { IdOutput, labelledText, requiredId } from '../fields';

const id = requiredId('Falta el artículo.');

/** Trimmed text between 1 and `max` characters. */
function text(label: string, max: number) {
  return labelledText(label, max, { required: true });
}

export const listarArticulos = define({
  name: 'listarArticulos',
  access: 'active',
  input: Empty,
  output: z.object({
    /** Newest first. */
    articles: z.array(ArticleSchema),
    /** When the schedule drafts the next article (ISO 8601); null while the blog is disabled. */
    nextScheduledAt: z.nullable(z.string()),
  }),
});

export const generarArticulo = define({
  name: 'generarArticulo',
  access: 'active',
  input: z.nullish(z.strictObject({ topic: z.optional(text('Tema', ARTICLE_LIMITS.topic)) })),
  output: ArticleSchema,
});

export const guardarArticulo = define({
  name: 'guardarArticulo',
  access: 'active',
  input: z.strictObject({
    id,
    title: text('Título', ARTICLE_LIMITS.title),
    summary: text('Resumen', ARTICLE_LIMITS.summary),
    body: text('Contenido', ARTICLE_LIMITS.body),
    coverAssetId: z.nullable(z.string({ error: 'Portada no válida.' }).check(z.minLength(1), z.maxLength(128))),
  }),
  output: ArticleSchema,
});

export const publicarArticulo = define({
  name: 'publicarArticulo',
  access: 'active',
  input: z.strictObject({ id, published: z.boolean({ error: '«published» debe ser verdadero o falso.' }) }),
  output: ArticleSchema,
});

export const eliminarArticulo = define({
  name: 'eliminarArticulo',
  access: 'active',
  input: z.strictObject({ id }),
  output: IdOutput,
});
