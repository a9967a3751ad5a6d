/**
 * Generated assets and the Taller IA (spec sections 2 'taller', 4 generation flags, 5, 8; issue 4
 * items 1, 5 and 6): asset types and their Spanish labels, the generation limits (prompt length,
 * inspiration image size, daily quota default), the spec's image messages, and the magic-byte check
 * of an image both the web (before sending) and the server (before generating) apply.
 * Its messages live here rather than in MSG so the login screen's bundle does not carry them.
 */

/** What the Taller produces: images (image tab), avatars, videos and voice samples (identity lab), soundtracks (issue 18). */
export const ASSET_TYPES = ['image', 'avatar', 'video', 'voice', 'music'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** The type labels the gallery shows. */
export const ASSET_TYPE_LABELS: Readonly<Record<AssetType, string>> = { image: 'Imagen', avatar: 'Avatar', video: 'Vídeo', voice: 'Voz', music: 'Música' };

/** Where an asset came from beyond its prompt (the `source` field); absent = the prompt alone. */
export const ASSET_SOURCES = {
  /** The owner gave an inspiration image (image tab). */
  inspiration: 'inspiration',
  /** Composed by the render function (issue 18): a video from a text, an image or an audio; a soundtrack from a brief. */
  text: 'text',
  image: 'image',
  audio: 'audio',
  brief: 'brief',
} as const;

const MB = 1024 * 1024;

/** Longest prompt accepted, characters (after trimming). */
export const MAX_PROMPT_LENGTH = 1000;
/** Largest inspiration image, bytes once decoded. */
export const MAX_INSPIRATION_BYTES = 4 * MB;
/** Length of the base64 text of MAX_INSPIRATION_BYTES bytes (padded). */
export const MAX_INSPIRATION_BASE64_LENGTH = base64Length(MAX_INSPIRATION_BYTES);
/**
 * Generations a tenant may start per UTC day when the deployment does not say otherwise
 * (env DAILY_GENERATION_QUOTA). Every generating callable (image, later avatar, video, voice)
 * counts against the same quota.
 */
export const DEFAULT_DAILY_GENERATION_QUOTA = 30;
/** Lifetime of an asset's presigned GET URL, seconds (the gallery re-reads before it expires). */
export const ASSET_URL_EXPIRES_SECONDS = 600;

/** Image types accepted as inspiration, by the media type their magic bytes reveal. */
export const INSPIRATION_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type InspirationMediaType = (typeof INSPIRATION_MEDIA_TYPES)[number];

// The payload limits' messages, named once and shared by both catalogues below (plain references,
// so a bundle that only needs the first catalogue leaves the second out).
const promptRequired = 'Por favor, escribe una instrucción para generar la imagen.';
const promptTooLong = (max: number) => `La instrucción es demasiado larga (máximo ${max} caracteres).`;
const inspirationTooLarge = (maxMb: number) => `La imagen de inspiración supera el tamaño máximo de ${maxMb} MB.`;
const inspirationNotImage = 'La imagen de inspiración no es una imagen válida. Usa un archivo PNG, JPG o WEBP.';

/**
 * Messages of the generation payload's limits (spec 5; issue 4 item 6). The contract's schemas
 * carry them, and every Lambda bundle carries every schema, so this stays small; everything else
 * is in TALLER_MSG (which repeats these).
 */
export const GENERATION_INPUT_MSG = { promptRequired, promptTooLong, inspirationTooLarge, inspirationNotImage } as const;

/** Spanish messages of the Taller and the gallery (spec 5 and 8 strings verbatim). */
export const TALLER_MSG = {
  promptRequired,
  promptTooLong,
  inspirationTooLarge,
  inspirationNotImage,
  // Spec 8 (image generation).
  imageGenerated: '¡Imagen generada con éxito!',
  imageNotGenerated: 'La IA no pudo generar la imagen.',
  aiErrorPrefix: 'Error de la IA: ',
  // Result panel and gallery.
  offlineResult: 'Generada sin conexión: sin modelo de IA',
  // Limits (issue 4 item 6).
  quotaExceeded: (quota: number) => `Has alcanzado el límite diario de generaciones (${quota}). Vuelve a intentarlo mañana.`,
  inspirationUnreadable: 'No se pudo leer la imagen de inspiración.',
  topicToAvoid: (topic: string) => `Tu marca evita el tema «${topic}», así que no se generará esta imagen. Prueba con otra instrucción.`,
  // Gallery (issue 4 item 5).
  noAssets: 'Aún no has generado nada. Las imágenes, avatares, vídeos y voces que crees aparecerán aquí.',
  assetNotFound: 'Recurso no encontrado.',
  assetDeleted: 'Recurso eliminado.',
} as const;

/** Length of the padded base64 text of `bytes` bytes. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** Bytes that the base64 text `text` decodes to (padding taken into account; no validation). */
export function base64DecodedBytes(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

/**
 * Whether `text` is standard base64 (RFC 4648 §4), padded or not, and nothing else: no whitespace,
 * no `data:` prefix, no URL-safe alphabet. (A single character class, so it stays linear on the
 * megabytes of an inspiration image.)
 */
export function isBase64(text: string): boolean {
  if (text.length % 4 === 1) return false;
  if (text.endsWith('=') && text.length % 4 !== 0) return false;
  return /^[A-Za-z0-9+/]*={0,2}$/.test(text);
}

/**
 * The media type of image `bytes` from their magic bytes (PNG, JPEG, WEBP), or null when they are
 * none of those: a file's name or declared type is never trusted.
 */
export function sniffImageMediaType(bytes: Uint8Array): InspirationMediaType | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'image/png';
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
