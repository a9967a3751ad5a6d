/**
 * Blog article states (spec section 3 'Blog article', issue 5 item 3): stored ids and the Spanish
 * labels the Gestor del Blog shows. Only `published` articles are ever served by the public blog.
 */
export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_STATUS_LABELS: Readonly<Record<ArticleStatus, string>> = { draft: 'Borrador', published: 'Publicado' };

/** Who asked for an article: the owner ('Pedir Nuevo Artículo a la IA') or the schedule. */
export const ARTICLE_ORIGINS = ['owner', 'schedule'] as const;
export type ArticleOrigin = (typeof ARTICLE_ORIGINS)[number];
