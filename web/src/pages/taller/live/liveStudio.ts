/**
 * Pure rules of the live studio tab (spec 2 'Live studio', 4 'Live stream', 5, 8): which picked
 * files the loop accepts, whether the stream may start, and how the loop advances. No React and
 * no browser APIs here, so the component stays a thin view over these rules.
 * Issue 18 item 3: the loop also takes the gallery's images and composed videos, and the music a
 * gallery soundtrack ('Elegir de la galería'); a video stays on screen until it ends.
 */
import type { Asset } from '@director-ia/shared';

/** Spec 5/8 'Live start', verbatim. */
export const LIVE_MSG = {
  needFiles: 'Debes subir al menos una imagen y un archivo de música.',
  simulation: 'Simulación: la emisión a plataformas aún no está conectada.',
  started: 'Directo iniciado (simulación): la vista previa reproduce tu bucle.',
  stopped: 'Directo detenido.',
  notImage: (name: string) => `«${name}» no es una imagen; el bucle solo admite imágenes.`,
  notAudio: (name: string) => `«${name}» no es un archivo de audio; elige un archivo de música.`,
  tooManyImages: (max: number) => `El bucle admite como máximo ${max} imágenes.`,
  musicFailed: 'No se pudo reproducir el archivo de música. Prueba con otro archivo (MP3, WAV, OGG…).',
  galleryFailed: (name: string) => `No se pudo cargar «${name}» de la galería. Actualiza la galería y vuelve a intentarlo.`,
  noGalleryLoop: 'La galería no tiene imágenes ni vídeos todavía.',
  noGalleryMusic: 'La galería no tiene música todavía: compón una banda sonora en el Laboratorio de Identidad.',
} as const;

/** Loop images kept in the browser at once (object URLs of local files; nothing is uploaded). */
export const MAX_LOOP_IMAGES = 30;
/** Time each image stays on screen, and the crossfade into the next one. */
export const LOOP_INTERVAL_MS = 4000;
export const CROSSFADE_MS = 1000;

/** What the picker hands over: a name and a declared media type. */
export interface PickedFile {
  name: string;
  type: string;
}

export const isImageFile = (file: PickedFile) => file.type.startsWith('image/');
export const isAudioFile = (file: PickedFile) => file.type.startsWith('audio/');

/**
 * Splits the picked files into the images the loop takes (in order, up to the room left) and the
 * Spanish problems to show for the rest.
 */
export function acceptLoopImages<F extends PickedFile>(picked: readonly F[], alreadyInLoop: number): { accepted: F[]; problems: string[] } {
  const accepted: F[] = [];
  const problems: string[] = [];
  let overflow = false;
  for (const file of picked) {
    if (!isImageFile(file)) problems.push(LIVE_MSG.notImage(file.name));
    else if (alreadyInLoop + accepted.length >= MAX_LOOP_IMAGES) overflow = true;
    else accepted.push(file);
  }
  if (overflow) problems.push(LIVE_MSG.tooManyImages(MAX_LOOP_IMAGES));
  return { accepted, problems };
}

/** Spec 4 'Live stream': the stream starts only with at least one image and a music file. */
export function canStartLive(imageCount: number, hasMusic: boolean): boolean {
  return imageCount > 0 && hasMusic;
}

/** The frame on screen and the one fading out under it (null when none). */
export interface LoopFrame {
  index: number;
  previous: number | null;
}

export const FIRST_FRAME: LoopFrame = { index: 0, previous: null };

/** The next frame of a loop of `count` images; a single image stays on screen without a fade. */
export function nextFrame(frame: LoopFrame, count: number): LoopFrame {
  if (count <= 1) return FIRST_FRAME;
  const index = frame.index % count;
  return { index: (index + 1) % count, previous: index };
}

/** 'mm:ss' (or 'h:mm:ss') of a running stream's elapsed seconds. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** What the loop shows in turn: an image (for LOOP_INTERVAL_MS) or a video (until it ends). */
export type LoopKind = 'image' | 'video';

/** The kind of loop item a file or asset of `mediaType` is, or null when the loop cannot show it. */
export function loopKindOf(mediaType: string): LoopKind | null {
  if (mediaType.startsWith('image/')) return 'image';
  if (mediaType.startsWith('video/')) return 'video';
  return null;
}

/** The gallery assets the loop can take (images, avatars and videos), newest first. */
export function galleryLoopCandidates(assets: readonly Asset[] | undefined): Asset[] {
  return (assets ?? []).filter((asset) => asset.type !== 'voice' && asset.type !== 'music' && loopKindOf(asset.mediaType) !== null);
}

/** The gallery soundtracks the live can play as its background music. */
export function galleryMusicCandidates(assets: readonly Asset[] | undefined): Asset[] {
  return (assets ?? []).filter((asset) => asset.type === 'music' && asset.mediaType.startsWith('audio/'));
}

/** How long the frame of `kind` stays before the loop moves on by itself, ms; null: until the video ends. */
export function frameDurationMs(kind: LoopKind, intervalMs: number): number | null {
  return kind === 'image' ? intervalMs : null;
}
