/**
 * Publications (issue 13 items 1, 3 and 4): what a scheduled post becomes once approved, one per
 * target, each with its own state, and the Spanish words the calendar uses for them.
 *
 * - A post's targets (`PostTarget`): a network and, optionally, one of the destinations chosen at
 *   connect time (a Facebook page, a Pinterest board, a Telegram channel...). A target without
 *   `targetId` means "every destination selected for that network when the post is approved"
 *   (one publication each); a post without targets reads as `[{network: platform}]` (spec 3's shape).
 * - A post's versions (`PostVersion`, Mixpost's post versions): the text (and title) for one
 *   network, when it differs from the post's content (the AI adapts it, or the owner edits it).
 * - A post's media: gallery asset ids (Taller images, videos), in order.
 * - A publication's state: `programado → publicando → publicado | error`, plus `sin_confirmar`
 *   (the network may have published it and we could not check: the owner is asked) and
 *   `no_publicado` (its time passed and it never went out: never silently dropped).
 */
import * as z from 'zod/mini';
import { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '../networks';

export const PUBLICATION_STATES = ['programado', 'publicando', 'publicado', 'error', 'sin_confirmar', 'no_publicado'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/** The calendar's words for each state. */
export const PUBLICATION_STATE_LABELS: Readonly<Record<PublicationState, string>> = {
  programado: 'Programado',
  publicando: 'Publicando',
  publicado: 'Publicado',
  error: 'Error',
  sin_confirmar: 'Sin confirmar',
  no_publicado: 'No publicado',
};

/** States in which nothing more happens unless the owner acts. */
export const FINAL_PUBLICATION_STATES: readonly PublicationState[] = ['publicado', 'error', 'sin_confirmar', 'no_publicado'];

/**
 * How late a `programado` publication may be before it counts as not published, ms (1 hour): the
 * publisher and the sweep mark it `no_publicado` rather than post it that late, and the calendar
 * reads it so meanwhile (a post that goes out hours late is worse than one reported).
 */
export const MISSED_AFTER_MS = 60 * 60_000;

/** Most targets one post may have. */
export const MAX_POST_TARGETS = 16;
/** Most gallery assets one post may carry (Instagram's and TikTok's carousels hold up to 10 and 35; the table checks each network). */
export const MAX_POST_MEDIA = 10;

export const PostTargetSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  /** One destination of the network's connection (SocialTarget.id); absent → every selected destination. */
  targetId: z.optional(z.string()),
});
export type PostTarget = z.infer<typeof PostTargetSchema>;

export const PostVersionSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  text: z.string(),
  title: z.optional(z.string()),
});
export type PostVersion = z.infer<typeof PostVersionSchema>;

/** Who may see what a network published: `private` where the app is not audited (TikTok SELF_ONLY, YouTube private uploads). */
export const PUBLICATION_PRIVACY = ['public', 'private'] as const;

/** One publication of a post to one target, as the browser sees it. */
export const PublicationSchema = z.object({
  id: z.string(),
  network: z.enum(SOCIAL_NETWORKS),
  /** The destination (SocialTarget.id), or null when the network had none selected (the publication then fails with a fix link). */
  targetId: z.nullable(z.string()),
  /** The destination's name as found at connect time, or null. */
  targetName: z.nullable(z.string()),
  state: z.enum(PUBLICATION_STATES),
  /** ISO 8601 instant it is due (the post's local date and time in the brand's zone, or later when postponed). */
  dueAt: z.string(),
  /** ISO 8601 instant the network published it, or null. */
  publishedAt: z.nullable(z.string()),
  /** The published post's public URL, or null (not published, or the network gives none). */
  url: z.nullable(z.string()),
  /**
   * Spanish sentence the calendar shows with the state: why it failed (error), what to check
   * (sin_confirmar), that it missed its time (no_publicado), or why it was postponed (programado); else null.
   */
  reason: z.nullable(z.string()),
  /** Where the owner fixes it, e.g. {label: 'Reconecta Instagram', href: '/redes'}; else null. */
  fix: z.nullable(z.object({ label: z.string(), href: z.string() })),
  privacy: z.enum(PUBLICATION_PRIVACY),
  /** The twin's "Red de pruebas" published it (or will): the calendar labels it. */
  sandbox: z.boolean(),
  /**
   * Issue 15 item 4: the publication's tracked link (`<site>/r/<code>`), made when it is published
   * (a campaign post's is made at the campaign's approval and is in its text); absent before.
   */
  link: z.optional(z.object({ code: z.string(), url: z.string() })),
});
export type Publication = z.infer<typeof PublicationSchema>;

const label = (network: SocialNetwork) => SOCIAL_NETWORK_LABELS[network];

/** The calendar's and the engine's Spanish strings for publications. */
export const PUBLICATION_MSG = {
  publishNow: 'Publicar ahora',
  retry: 'Reintentar',
  viewPost: 'Ver publicación',
  confirmPublished: 'Sí, se publicó',
  confirmNotPublished: 'No salió: publicar de nuevo',
  publishNowDone: 'Publicación en marcha.',
  /** The fix link of a connection that must be renewed (issue 13: "Reconecta Instagram"). */
  reconnect: (network: SocialNetwork) => `Reconecta ${label(network)}`,
  connect: (network: SocialNetwork) => `Conecta ${label(network)}`,
  notConnected: (network: SocialNetwork) => `${label(network)} no está conectado: conéctalo en Redes Sociales para publicar.`,
  noTarget: (network: SocialNetwork) => `No hay ningún destino de ${label(network)} elegido para publicar.`,
  accessRevoked: (network: SocialNetwork) => `${label(network)} ya no acepta el acceso concedido.`,
  rejected: (network: SocialNetwork) => `${label(network)} rechazó la publicación.`,
  rejectedWith: (network: SocialNetwork, detail: string) => `${label(network)} rechazó la publicación: ${detail}`,
  mediaRefused: (network: SocialNetwork) => `${label(network)} no aceptó la imagen o el vídeo de la publicación.`,
  unavailable: (network: SocialNetwork) => `${label(network)} no respondió a tiempo. Inténtalo de nuevo más tarde.`,
  rateLimited: (network: SocialNetwork) => `${label(network)} limitó las publicaciones durante demasiado tiempo.`,
  postponed: (network: SocialNetwork, when: string) => `${label(network)} limitó las publicaciones: se publicará ${when}.`,
  dailyCap: (network: SocialNetwork) => `Se alcanzó el máximo diario de publicaciones de ${label(network)}.`,
  unconfirmed: (network: SocialNetwork) => `No sabemos si ${label(network)} llegó a publicarla. Compruébalo en ${label(network)} y dinos si salió.`,
  notPublished: 'Esta publicación no salió a su hora.',
  mediaMissing: 'Una imagen o un vídeo de la publicación ya no está en la galería.',
  /** A gallery asset that is neither an image nor a video (a voice sample) attached to a post. */
  mediaNotPublishable: 'Solo se pueden publicar imágenes y vídeos de la galería.',
  invalidNow: (reason: string) => `La publicación ya no cumple las reglas de la red: ${reason}`,
  /** The honest notes of unaudited apps (issue 13), on the Redes card and on each affected post. */
  privateOnly: {
    tiktok: 'TikTok solo permite publicar en privado (solo tú) hasta que la app supere su auditoría.',
    youtube: 'YouTube sube los vídeos como privados hasta que el proyecto de Google esté verificado.',
  } as Partial<Record<SocialNetwork, string>>,
  publicationNotFound: 'Publicación no encontrada.',
  notRetryable: 'Esta publicación no se puede reintentar en su estado actual.',
  busy: 'La publicación se está publicando ahora mismo. Espera a que termine.',
  alreadyPublished: 'Esta publicación ya está publicada.',
  /** The daily failure e-mail's subject (issue 13: one digest per day at most). */
  digestSubject: (count: number) => (count === 1 ? 'Director IA: 1 publicación no salió' : `Director IA: ${count} publicaciones no salieron`),
  /** Approval refused (aprobarPlan): the first invalid post and its reason. */
  approvalInvalid: (title: string, network: SocialNetwork, reason: string) => `«${title}» no puede publicarse en ${label(network)}: ${reason}`,
  adaptWithAi: 'Adaptar con IA',
  adaptedOffline: 'Adaptado sin conexión: sin modelo de IA',
} as const;
