/**
 * The Spanish reasons a post cannot go out to a network (issue 13 item 2: "the exact Spanish
 * reason a post cannot go out", shown by the calendar, the plan panel and the approval refusal),
 * and the Spanish formatting of the numbers in them: counts with the Spanish grouping
 * (2200, 63.206), decimals with a comma (1,91:1), sizes in MB/GB (binary, as shared/uploads.ts)
 * and durations in s/min/h.
 */
import { SOCIAL_NETWORK_LABELS, type SocialNetwork } from '../networks';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

const NUMBER = /* @__PURE__ */ new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });
const ONE_DECIMAL = /* @__PURE__ */ new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** A count or limit as Spanish writes it: 280, 2200, 63.206, 1,91. */
export const formatNumber = (value: number): string => NUMBER.format(value);

/**
 * How a measured value is rounded to one decimal: a value over a limit rounds up and one under
 * rounds down, so "pesa 5,1 MB" never reads as the 5 MB it exceeds.
 */
export type Rounding = 'nearest' | 'up' | 'down';
const ROUND = { nearest: Math.round, up: Math.ceil, down: Math.floor } as const;
const tenths = (value: number, rounding: Rounding) => ROUND[rounding](Number((value * 10).toPrecision(12))) / 10;

/** Bytes as the messages show them: 5 MB, 9,5 MB, 8 GB, 300 KB (1 MB = 1024 × 1024 bytes). */
export function formatBytes(bytes: number, rounding: Rounding = 'nearest'): string {
  const [unit, size] = bytes >= GB ? ['GB', GB] : bytes >= MB ? ['MB', MB] : ['KB', KB];
  return `${ONE_DECIMAL.format(tenths(bytes / size, rounding))} ${unit}`;
}

/** Seconds as the messages show them: 0,5 s, 2 min 20 s, 15 min, 12 h, 1 h 5 min, 20 min 0,5 s. */
export function formatDuration(seconds: number, rounding: Rounding = 'nearest'): string {
  const total = tenths(seconds, rounding);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total - hours * 3600) / 60);
  const rest = tenths(total - hours * 3600 - minutes * 60, 'nearest');
  const parts = [hours > 0 ? `${hours} h` : '', minutes > 0 ? `${minutes} min` : '', rest > 0 || total === 0 ? `${ONE_DECIMAL.format(rest)} s` : ''];
  return parts.filter(Boolean).join(' ');
}

/** Width:height as written in the networks' documentation: 4:5, 1,91:1, 9:16. */
export const formatRatio = (ratio: { width: number; height: number }): string => `${formatNumber(ratio.width)}:${formatNumber(ratio.height)}`;

/** Short names of the MIME types the networks take, as people know them. */
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WEBP',
  'image/bmp': 'BMP',
  'image/tiff': 'TIFF',
  'image/heif': 'HEIF',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/webm': 'WEBM',
  'video/x-msvideo': 'AVI',
  'video/x-ms-wmv': 'WMV',
  'video/mpeg': 'MPEG',
  'video/3gpp': '3GP',
  'video/x-flv': 'FLV',
  'video/x-matroska': 'MKV',
};

/** The short name of a MIME type: image/jpeg → JPG; an unknown one by its subtype (image/avif → AVIF). */
export function formatName(contentType: string): string {
  const known = FORMAT_NAMES[contentType];
  if (known) return known;
  const subtype = contentType.split('/')[1] ?? contentType;
  return (subtype.replace(/^x-/, '') || contentType).toUpperCase();
}

/** "A", "A o B", "A, B o C". */
function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} o ${items[items.length - 1]}`;
}

const label = (network: SocialNetwork) => SOCIAL_NETWORK_LABELS[network];

/** Media kinds in Spanish: the noun with its article, singular and plural. */
const NOUNS = {
  image: { the: 'La imagen', a: 'una imagen', one: 'imagen', many: 'imágenes' },
  video: { the: 'El vídeo', a: 'un vídeo', one: 'vídeo', many: 'vídeos' },
} as const;
type Kind = keyof typeof NOUNS;

/** "La imagen" when the post has one image, "La imagen 2" when it has several. */
const theMedia = (kind: Kind, position: number | null) => (position === null ? NOUNS[kind].the : `${NOUNS[kind].the} ${position}`);
const countOf = (kind: Kind, count: number) => `${formatNumber(count)} ${count === 1 ? NOUNS[kind].one : NOUNS[kind].many}`;

/** What a field is called in the messages; "El texto" is the post's body everywhere. */
const FIELDS = { text: 'El texto', title: 'El título' } as const;
type Field = keyof typeof FIELDS;

/** The reasons a post cannot go out, one function per problem code (validate.ts picks them). */
export const PUBLISHING_MSG = {
  /** A text-or-media network given neither: "X necesita un texto, una imagen o un vídeo." */
  contentRequired: (network: SocialNetwork, kinds: readonly Kind[]) => `${label(network)} necesita ${orList(['un texto', ...kinds.map((kind) => NOUNS[kind].a)])}.`,
  /** A network that only publishes media, given none: "Instagram necesita una imagen o un vídeo." */
  mediaRequired: (network: SocialNetwork, kinds: readonly Kind[]) => `${label(network)} necesita ${orList(kinds.map((kind) => NOUNS[kind].a))}.`,
  /** A network that never takes this kind of media (YouTube images). */
  mediaNotSupported: (network: SocialNetwork, kind: Kind) => `${label(network)} no admite ${NOUNS[kind].many}.`,
  /** A network that takes it, but not through the publishing shapes this product uses yet. */
  mediaNotYet: (network: SocialNetwork, kind: Kind) => `Todavía no se pueden publicar ${NOUNS[kind].many} en ${label(network)}.`,
  tooManyOfKind: (network: SocialNetwork, kind: Kind, max: number, count: number) =>
    `En ${label(network)} se ${max === 1 ? 'puede' : 'pueden'} publicar como máximo ${countOf(kind, max)} por publicación (hay ${formatNumber(count)}).`,
  tooManyMedia: (network: SocialNetwork, max: number, count: number) =>
    `En ${label(network)} se pueden publicar como máximo ${formatNumber(max)} imágenes o vídeos por publicación (hay ${formatNumber(count)}).`,
  mixedMedia: (network: SocialNetwork) => `${label(network)} no permite mezclar imágenes y vídeos en una publicación.`,
  /** A format that must go alone (X: one animated GIF, nothing else). */
  mediaAlone: (network: SocialNetwork, contentType: string) => `${label(network)} solo admite un ${formatName(contentType)} por publicación, sin otras imágenes ni vídeos.`,
  mediaFormat: (network: SocialNetwork, kind: Kind, contentType: string, accepted: readonly string[]) =>
    `${label(network)} no admite ${NOUNS[kind].many} ${formatName(contentType)}. Usa ${orList([...new Set(accepted.map(formatName))])}.`,
  mediaTooLarge: (network: SocialNetwork, kind: Kind, position: number | null, max: number, size: number) =>
    `${theMedia(kind, position)} pesa ${formatBytes(size, 'up')} y ${label(network)} admite como máximo ${formatBytes(max)}.`,
  /** Issue 13's wording: "La imagen debe tener una proporción entre 4:5 y 1,91:1 para Instagram." */
  aspectRatio: (network: SocialNetwork, kind: Kind, position: number | null, min: { width: number; height: number }, max: { width: number; height: number }) =>
    `${theMedia(kind, position)} debe tener una proporción entre ${formatRatio(min)} y ${formatRatio(max)} para ${label(network)}.`,
  tooManyPixels: (network: SocialNetwork, kind: Kind, position: number | null, max: number, pixels: number) =>
    `${theMedia(kind, position)} tiene ${formatNumber(pixels)} píxeles y ${label(network)} admite como máximo ${formatNumber(max)}.`,
  dimensionsTooLarge: (network: SocialNetwork, kind: Kind, position: number | null, max: number, sum: number) =>
    `${theMedia(kind, position)} suma ${formatNumber(sum)} píxeles de ancho más alto y ${label(network)} admite como máximo ${formatNumber(max)}.`,
  videoTooLong: (network: SocialNetwork, position: number | null, max: number, duration: number) =>
    `${theMedia('video', position)} dura ${formatDuration(duration, 'up')} y ${label(network)} admite como máximo ${formatDuration(max)}.`,
  videoTooShort: (network: SocialNetwork, position: number | null, min: number, duration: number) =>
    `${theMedia('video', position)} dura ${formatDuration(duration, 'down')} y ${label(network)} necesita al menos ${formatDuration(min)}.`,
  /** Issue 13's wording: "El texto supera los 280 caracteres de X (tiene 301)." `when` narrows it (Telegram "con imagen o vídeo"). */
  tooLong: (network: SocialNetwork, field: Field, max: number, count: number, when?: string) =>
    `${FIELDS[field]} supera los ${formatNumber(max)} caracteres de ${label(network)}${when ? ` ${when}` : ''} (tiene ${formatNumber(count)}).`,
  /** YouTube measures descriptions in UTF-8 bytes: say why a shorter-looking text is over. */
  tooManyBytes: (network: SocialNetwork, field: Field, max: number, count: number) =>
    `${FIELDS[field]} supera los ${formatNumber(max)} bytes que admite ${label(network)} (tiene ${formatNumber(count)}; las letras con tilde y los emojis ocupan más de un byte).`,
  titleRequired: (network: SocialNetwork) => `${label(network)} necesita un título.`,
  forbiddenCharacters: (network: SocialNetwork, field: Field, characters: readonly string[]) =>
    `${FIELDS[field]} no puede contener ${characters.join(' ni ')} en ${label(network)}.`,
  tooManyHashtags: (network: SocialNetwork, max: number, count: number) =>
    `El texto tiene ${formatNumber(count)} hashtags y ${label(network)} admite como máximo ${formatNumber(max)}.`,
  tooManyMentions: (network: SocialNetwork, max: number, count: number) =>
    `El texto menciona ${formatNumber(count)} cuentas y ${label(network)} admite como máximo ${formatNumber(max)}.`,
} as const;
