/**
 * Soundtracks and composed video (issue 18): the limits both the web (before sending) and the
 * server (before rendering) apply, the storyboard the AI writes for a video, the render job as the
 * browser sees it, and the Spanish messages. The render limit (MAX_RENDER_SECONDS) is what the
 * render function can compose within Lambda's 15 minutes and `/tmp` (README "Video and music").
 * Kept apart from MSG so the login screen's bundle does not carry it.
 */
import * as z from 'zod/mini';

// ---- Soundtracks ----

/** A soundtrack's brief limits: seconds, beats per minute and text lengths. */
export const SOUNDTRACK_LIMITS = { minSeconds: 10, maxSeconds: 120, minTempo: 60, maxTempo: 180, textMax: 80 } as const;
/** Suggestions the card offers (free text is accepted too). */
export const SOUNDTRACK_MOODS = ['alegre', 'tranquila', 'épica', 'emotiva', 'enérgica', 'misteriosa'] as const;
export const SOUNDTRACK_STYLES = ['pop', 'acústico', 'electrónica', 'cinemática', 'jazz', 'lo-fi'] as const;

// ---- Video ----

/** 'horizontal' = 1920×1080 (YouTube, Facebook); 'vertical' = 1080×1920 (Reels, TikTok, Shorts). */
export const VIDEO_FORMATS = ['horizontal', 'vertical'] as const;
export type VideoFormat = (typeof VIDEO_FORMATS)[number];
export const VIDEO_FORMAT_SIZES: Readonly<Record<VideoFormat, { width: number; height: number }>> = {
  horizontal: { width: 1920, height: 1080 },
  vertical: { width: 1080, height: 1920 },
};
export const VIDEO_FORMAT_LABELS: Readonly<Record<VideoFormat, string>> = {
  horizontal: 'Horizontal 16:9 (1920×1080)',
  vertical: 'Vertical 9:16 (1080×1920, reels)',
};
/** Frames per second of every composed video. */
export const VIDEO_FPS = 25;
/** The longest video the render function composes, seconds (storyboards, image clips and audiograms). */
export const MAX_RENDER_SECONDS = 120;

/** A storyboard's limits (issue 18 item 2: 5–10 scenes). */
export const STORYBOARD_LIMITS = {
  minScenes: 5,
  maxScenes: 10,
  minSceneSeconds: 2,
  maxSceneSeconds: 15,
  captionMax: 140,
  imagePromptMax: 500,
  titleMax: 120,
  briefMax: 2000,
} as const;
/** How one scene gives way to the next: a cut, or a fade through black. */
export const SCENE_TRANSITIONS = ['corte', 'fundido'] as const;
/** The motion put on a still (Ken Burns): zoom in, zoom out, or pan across. */
export const SCENE_MOTIONS = ['acercar', 'alejar', 'desplazar'] as const;
/** An image clip's length, seconds. */
export const IMAGE_CLIP_SECONDS = { min: 4, max: 30, default: 8 } as const;
/** The longest caption of an image clip or title of an audiogram. */
export const CLIP_CAPTION_MAX = 140;

/** The brand's colours for captions and backgrounds when the owner set none ('#rrggbb'). */
export const DEFAULT_BRAND_COLORS = { primaryColor: '#1f2937', accentColor: '#f59e0b' } as const;
export const HEX_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** Spanish messages of soundtracks, videos and render jobs. */
export const MEDIA_MSG = {
  moodRequired: 'Describe el estado de ánimo de la música.',
  styleRequired: 'Elige un estilo para la música.',
  textTooLong: (max: number) => `El texto es demasiado largo (máximo ${max} caracteres).`,
  tempoRange: `El tempo debe estar entre ${SOUNDTRACK_LIMITS.minTempo} y ${SOUNDTRACK_LIMITS.maxTempo} bpm.`,
  durationRange: `La duración debe estar entre ${SOUNDTRACK_LIMITS.minSeconds} y ${SOUNDTRACK_LIMITS.maxSeconds} segundos.`,
  briefRequired: 'Escribe de qué trata el vídeo.',
  briefTooLong: `La descripción del vídeo es demasiado larga (máximo ${STORYBOARD_LIMITS.briefMax} caracteres).`,
  formatInvalid: 'Formato de vídeo no válido (horizontal o vertical).',
  scenesRange: `El guion debe tener entre ${STORYBOARD_LIMITS.minScenes} y ${STORYBOARD_LIMITS.maxScenes} escenas.`,
  sceneSecondsRange: `Cada escena debe durar entre ${STORYBOARD_LIMITS.minSceneSeconds} y ${STORYBOARD_LIMITS.maxSceneSeconds} segundos.`,
  captionTooLong: `Cada texto en pantalla admite como máximo ${STORYBOARD_LIMITS.captionMax} caracteres.`,
  storyboardTooLong: (seconds: number) =>
    `El guion dura ${seconds} segundos y el límite de render es de ${MAX_RENDER_SECONDS} segundos. Acorta o quita escenas.`,
  clipSecondsRange: `El clip debe durar entre ${IMAGE_CLIP_SECONDS.min} y ${IMAGE_CLIP_SECONDS.max} segundos.`,
  imageMissing: 'Elige una imagen de la galería o sube una.',
  notImage: 'El archivo elegido no es una imagen válida. Usa un archivo PNG, JPG o WEBP.',
  notAudio: 'El archivo elegido no es un audio válido. Usa un archivo MP3, WAV, OGG, WEBM o M4A.',
  audioTooLarge: (maxMb: number) => `El audio supera el tamaño máximo de ${maxMb} MB.`,
  audioTooLong: (seconds: number) => `El audio dura ${seconds} segundos y el límite de render es de ${MAX_RENDER_SECONDS} segundos.`,
  uploadNotFound: 'No se encontró el archivo subido. Vuelve a subirlo.',
  soundtrackNotFound: 'No se encontró la banda sonora elegida.',
  imageAssetNotFound: 'No se encontró la imagen elegida en la galería.',
  jobNotFound: 'Trabajo de render no encontrado.',
  renderFailed: 'No se pudo crear el archivo. Inténtalo de nuevo; no se ha descontado de tu límite diario.',
  renderTimedOut: 'El render tardó demasiado y se canceló. Prueba con un vídeo más corto; no se ha descontado de tu límite diario.',
  captionsNeedTranscribe: 'Los subtítulos a partir del audio necesitan Amazon Transcribe, que no está disponible aquí: el vídeo se ha creado sin subtítulos.',
  voiceOverUnavailable: 'La voz en off no está disponible con el proveedor actual: el vídeo se ha creado sin ella.',
  offlineScore: 'Compuesta sin conexión: partitura generada sin modelo de IA',
  offlineStoryboard: 'Guion escrito sin conexión: sin modelo de IA',
  soundtrackStarted: 'Componiendo tu banda sonora…',
  videoStarted: 'Creando tu vídeo…',
  soundtrackReady: '¡Banda sonora lista! Está en la Galería.',
  videoReady: '¡Vídeo listo! Está en la Galería.',
  postNotVideo: 'Solo se crean vídeos para publicaciones de TikTok, YouTube o Instagram.',
  topicToAvoid: (topic: string, what: 'el vídeo' | 'la música' | 'el guion') => `Tu marca evita el tema «${topic}», así que no se creará ${what}. Prueba con otra descripción.`,
} as const;

/** The networks whose posts can get a video made for them (issue 18 item 4), and the format each takes. */
export const VIDEO_NETWORKS_FOR_RENDER = ['tiktok', 'youtube', 'instagram'] as const;
export const VIDEO_FORMAT_FOR_NETWORK: Readonly<Record<(typeof VIDEO_NETWORKS_FOR_RENDER)[number], VideoFormat>> = {
  tiktok: 'vertical',
  youtube: 'horizontal',
  instagram: 'vertical',
};

/** The stages a render job reports, in Spanish (the progress bar's label). */
export const RENDER_STAGE_LABELS = {
  queued: 'En cola',
  storyboard: 'Escribiendo el guion',
  images: 'Creando las imágenes',
  score: 'Componiendo la partitura',
  synth: 'Interpretando la música',
  voice: 'Grabando la voz en off',
  transcript: 'Transcribiendo el audio',
  compose: 'Montando el vídeo',
  saving: 'Guardando en la galería',
  done: 'Listo',
  failed: 'Error',
} as const;
export type RenderStage = keyof typeof RENDER_STAGE_LABELS;

// ---- Storyboard ----

const sceneSeconds = z.number({ error: MEDIA_MSG.sceneSecondsRange }).check(
  z.gte(STORYBOARD_LIMITS.minSceneSeconds, MEDIA_MSG.sceneSecondsRange),
  z.lte(STORYBOARD_LIMITS.maxSceneSeconds, MEDIA_MSG.sceneSecondsRange),
);

/** One scene: what is on screen (a gallery image, or a prompt for a new one), its caption, length, transition into the next, and motion. */
export const SceneSchema = z.strictObject({
  caption: z.string({ error: MEDIA_MSG.captionTooLong }).check(z.trim(), z.maxLength(STORYBOARD_LIMITS.captionMax, MEDIA_MSG.captionTooLong)),
  /** A prompt for an image to generate when `assetId` is absent. */
  imagePrompt: z.optional(z.string().check(z.trim(), z.maxLength(STORYBOARD_LIMITS.imagePromptMax, MEDIA_MSG.textTooLong(STORYBOARD_LIMITS.imagePromptMax)))),
  /** A gallery image of the owner's to use as it is. */
  assetId: z.optional(z.string().check(z.maxLength(64))),
  durationSeconds: sceneSeconds,
  transition: z.enum(SCENE_TRANSITIONS),
  motion: z.optional(z.enum(SCENE_MOTIONS)),
});
export type Scene = z.infer<typeof SceneSchema>;

/** Total seconds of a storyboard's scenes. */
export function storyboardSeconds(scenes: readonly Pick<Scene, 'durationSeconds'>[]): number {
  return Math.round(scenes.reduce((total, scene) => total + scene.durationSeconds, 0) * 10) / 10;
}

/** A storyboard (5–10 scenes, at most MAX_RENDER_SECONDS in all). */
export const StoryboardSchema = z.strictObject({
  title: z.string().check(z.trim(), z.maxLength(STORYBOARD_LIMITS.titleMax, MEDIA_MSG.textTooLong(STORYBOARD_LIMITS.titleMax))),
  scenes: z.array(SceneSchema).check(
    z.minLength(STORYBOARD_LIMITS.minScenes, MEDIA_MSG.scenesRange),
    z.maxLength(STORYBOARD_LIMITS.maxScenes, MEDIA_MSG.scenesRange),
    z.refine((scenes) => storyboardSeconds(scenes) <= MAX_RENDER_SECONDS, { error: (issue) => MEDIA_MSG.storyboardTooLong(storyboardSeconds(issue.input as Scene[])) }),
  ),
});
export type Storyboard = z.infer<typeof StoryboardSchema>;

// ---- Render jobs ----

export const RENDER_KINDS = ['music', 'video'] as const;
export type RenderKind = (typeof RENDER_KINDS)[number];
export const VIDEO_SOURCES = ['text', 'image', 'audio'] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];
/** The states of a render job (the same words as the Bedrock video job's). */
export const RENDER_STATUSES = ['en_cola', 'generando', 'listo', 'error'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/** A render job as the browser sees it (estadoRender, listarRenders). */
export const RenderJobSchema = z.object({
  jobId: z.string(),
  kind: z.enum(RENDER_KINDS),
  source: z.optional(z.enum(VIDEO_SOURCES)),
  status: z.enum(RENDER_STATUSES),
  /** 0–100. */
  progress: z.number(),
  /** RENDER_STAGE_LABELS of the current stage. */
  stage: z.string(),
  /** What the job is about (the brief, mood or caption), for the list. */
  title: z.string(),
  /** The gallery asset made, when 'listo'. */
  assetId: z.optional(z.string()),
  /** Short-lived URL of the result, when 'listo'. */
  url: z.optional(z.string()),
  /** Spanish, when 'error'. */
  error: z.optional(z.string()),
  /** Spanish notes about what the result lacks and why (e.g. captions need Transcribe). */
  notices: z.optional(z.array(z.string())),
  /** True when the score or storyboard was written without an AI model (labelled offline). */
  offline: z.boolean(),
  /** The scheduled post the video was made for, when any. */
  postId: z.optional(z.string()),
  createdAt: z.string(),
});
export type RenderJob = z.infer<typeof RenderJobSchema>;

/** Audio containers a render accepts, by the media type their magic bytes reveal. */
export type AudioMediaType = 'audio/mpeg' | 'audio/wav' | 'audio/ogg' | 'audio/webm' | 'audio/mp4';

/**
 * The media type of audio `bytes` from their magic bytes (MP3 with an ID3 tag or an MPEG frame
 * sync, RIFF/WAVE, Ogg, WebM/Matroska EBML, MP4/M4A `ftyp`), or null: a file's name or declared
 * type is never trusted.
 */
export function sniffAudioMediaType(bytes: Uint8Array): AudioMediaType | null {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && ascii(0, 3) === 'ID3') return 'audio/mpeg';
  if (bytes.length >= 2 && at(0) === 0xff && (at(1) & 0xe0) === 0xe0 && (at(1) & 0x06) !== 0) return 'audio/mpeg';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (bytes.length >= 4 && ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (bytes.length >= 4 && at(0) === 0x1a && at(1) === 0x45 && at(2) === 0xdf && at(3) === 0xa3) return 'audio/webm';
  if (bytes.length >= 8 && ascii(4, 8) === 'ftyp') return 'audio/mp4';
  return null;
}
