/**
 * Pure rules of the browser side of soundtracks and composed video (issue 18): how a storyboard is
 * edited (scenes added, removed and changed within STORYBOARD_LIMITS) and how long it lasts; the
 * request checked with the contract's own schemas before anything is sent (the first Spanish
 * message); the soundtrack choice turned into request fields; which files may go up as a video's
 * image, audio or soundtrack; when a render job is finished and how often to ask about it; and the
 * video a plan's post gets. No React and no browser APIs here.
 */
import {
  crearBandaSonora,
  MAX_RENDER_SECONDS,
  MEDIA_MSG,
  MSG,
  sniffImageMediaType,
  STORYBOARD_LIMITS,
  storyboardSeconds,
  UPLOAD_RULES,
  VideoRequestSchema,
  type RenderJob,
  type Scene,
  type VideoFormat,
  type VideoRequest,
} from '@director-ia/shared';
import { uploadProblem } from '../../lib/upload';

// ---- Render jobs ----

/** How often a running job is asked about (estadoRender), ms. */
export const RENDER_POLL_MS = 2000;
/** How often the list of jobs is re-read while one of them runs, ms. */
export const RENDERS_LIST_POLL_MS = 4000;

/** True once the job is 'listo' or 'error' (nothing more will change). */
export function isRenderFinished(job: Pick<RenderJob, 'status'> | undefined): boolean {
  return job?.status === 'listo' || job?.status === 'error';
}

/** The refetch interval of one job: RENDER_POLL_MS until it is finished, then none. */
export function renderPollInterval(job: Pick<RenderJob, 'status'> | undefined): number | false {
  return isRenderFinished(job) ? false : RENDER_POLL_MS;
}

/** The refetch interval of the job list: RENDERS_LIST_POLL_MS while any job runs, then none. */
export function rendersListPollInterval(jobs: readonly Pick<RenderJob, 'status'>[] | undefined): number | false {
  return jobs?.some((job) => !isRenderFinished(job)) ? RENDERS_LIST_POLL_MS : false;
}

/** A job's progress as a whole percentage in 0..100 (the bar's width and aria-valuenow). */
export function progressPercent(job: Pick<RenderJob, 'progress' | 'status'>): number {
  if (job.status === 'listo') return 100;
  const value = Number.isFinite(job.progress) ? job.progress : 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

// ---- Storyboard editing ----

/** A new scene the owner fills in: empty caption, a prompt to write, the shortest sensible length, a cut. */
export function blankScene(): Scene {
  return { caption: '', imagePrompt: '', durationSeconds: 5, transition: 'corte' };
}

/** `scenes` with a blank scene appended; unchanged at STORYBOARD_LIMITS.maxScenes. */
export function addScene(scenes: readonly Scene[]): Scene[] {
  return scenes.length >= STORYBOARD_LIMITS.maxScenes ? [...scenes] : [...scenes, blankScene()];
}

/** `scenes` without the one at `index`; unchanged at STORYBOARD_LIMITS.minScenes. */
export function removeScene(scenes: readonly Scene[], index: number): Scene[] {
  return scenes.length <= STORYBOARD_LIMITS.minScenes ? [...scenes] : scenes.filter((_scene, i) => i !== index);
}

/**
 * `scenes` with the scene at `index` changed by `patch`. A scene has a gallery image or a prompt:
 * an `assetId` (even '', "a gallery image, not picked yet") drops the prompt; `assetId: undefined`
 * or a prompt alone drops the gallery image. (An empty `assetId` is left out when sending.)
 */
export function updateScene(scenes: readonly Scene[], index: number, patch: Partial<Scene>): Scene[] {
  return scenes.map((scene, i) => {
    if (i !== index) return scene;
    const next: Scene = { ...scene, ...patch };
    if (patch.assetId !== undefined) delete next.imagePrompt;
    if ('assetId' in patch && patch.assetId === undefined) delete next.assetId;
    if (patch.imagePrompt !== undefined && !('assetId' in patch)) delete next.assetId;
    return next;
  });
}

/** The storyboard's length against the render limit: total seconds and whether it is over. */
export function storyboardLength(scenes: readonly Pick<Scene, 'durationSeconds'>[]): { seconds: number; max: number; over: boolean } {
  const seconds = storyboardSeconds(scenes.map((scene) => ({ durationSeconds: Number.isFinite(scene.durationSeconds) ? scene.durationSeconds : 0 })));
  return { seconds, max: MAX_RENDER_SECONDS, over: seconds > MAX_RENDER_SECONDS };
}

// ---- Requests ----

/** The first Spanish message of the contract's schema for `request`, or null when it would be sent. */
export function videoRequestProblem(request: unknown): string | null {
  const checked = VideoRequestSchema.safeParse(request);
  return checked.success ? null : (checked.error.issues[0]?.message ?? MSG.invalidData);
}

/** The first Spanish message of crearBandaSonora's schema for `request`, or null. */
export function soundtrackRequestProblem(request: unknown): string | null {
  const checked = crearBandaSonora.input.safeParse(request);
  return checked.success ? null : (checked.error.issues[0]?.message ?? MSG.invalidData);
}

/** The soundtrack radio group before anything is uploaded: compose one, a gallery asset (by id), or a picked file. */
export interface SoundtrackDraft<F = File> {
  kind: 'compose' | 'gallery' | 'upload';
  assetId: string;
  file: F | null;
}

export const SOUNDTRACK_PICK_MSG = {
  galleryMissing: 'Elige una banda sonora de la galería.',
  fileMissing: 'Elige un archivo de música para subir.',
} as const;

/**
 * What a soundtrack draft adds to a request: the gallery asset's id, or the file to upload as
 * 'soundtrack' (its key goes in `soundtrackKey`), or nothing (one is composed); or the Spanish
 * problem when the chosen option is incomplete.
 */
export function soundtrackDraftParts<F>(draft: SoundtrackDraft<F>): { fields: { soundtrackAssetId?: string }; upload?: { kind: 'soundtrack'; file: F; field: 'soundtrackKey' }; problem?: string } {
  if (draft.kind === 'gallery') return draft.assetId ? { fields: { soundtrackAssetId: draft.assetId } } : { fields: {}, problem: SOUNDTRACK_PICK_MSG.galleryMissing };
  if (draft.kind === 'upload') return draft.file ? { fields: {}, upload: { kind: 'soundtrack', file: draft.file, field: 'soundtrackKey' } } : { fields: {}, problem: SOUNDTRACK_PICK_MSG.fileMissing };
  return { fields: {} };
}

// ---- Files ----

export type MediaUploadKind = 'videoImage' | 'videoAudio' | 'soundtrack';

const MB = 1024 * 1024;

/** What a file picker hands over. */
export interface PickedMedia {
  name: string;
  type: string;
  size: number;
}

/**
 * The Spanish reason `file` may not go up as `kind`, or null: an audio over its limit reads
 * MEDIA_MSG.audioTooLarge, everything else the upload rules' own message (shared/uploads.ts).
 */
export function mediaFileProblem(kind: MediaUploadKind, file: PickedMedia): string | null {
  if (kind !== 'videoImage' && file.size > UPLOAD_RULES[kind].maxBytes) return MEDIA_MSG.audioTooLarge(UPLOAD_RULES[kind].maxBytes / MB);
  return uploadProblem(kind, file);
}

/** MEDIA_MSG.notImage unless the first bytes of a picked image are a PNG, JPEG or WEBP (its name and type are not trusted). */
export function imageBytesProblem(head: Uint8Array): string | null {
  return sniffImageMediaType(head) ? null : MEDIA_MSG.notImage;
}

// ---- Plan posts ----

/** The networks a plan's post can get a video for, and the format each one gets. */
export const POST_VIDEO_FORMATS: Readonly<Record<string, VideoFormat>> = { tiktok: 'vertical', instagram: 'vertical', youtube: 'horizontal' };

/**
 * The crearVideo request for a post on `platform` (its title and content as the brief, cut to the
 * brief's limit; vertical for TikTok and Instagram, horizontal for YouTube), or null for any other network.
 */
export function postVideoRequest(post: { id: string; title: string; content: string }, platform: string): Extract<VideoRequest, { source: 'text' }> | null {
  const format = POST_VIDEO_FORMATS[platform];
  if (!format) return null;
  const brief = [post.title.trim(), post.content.trim()].filter(Boolean).join('\n\n').slice(0, STORYBOARD_LIMITS.briefMax);
  return { source: 'text', brief, format, postId: post.id };
}
