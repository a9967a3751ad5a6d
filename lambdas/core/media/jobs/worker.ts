/**
 * The render function's work (issue 18; lambdas/events/render.ts): one queued RenderJob at a time.
 *
 * 1. Claim: en_cola → generando (store.ts). A second delivery of the same event finds it claimed
 *    and does nothing, so the render is idempotent without Lambda retries.
 * 2. Render in a fresh folder under the OS temp dir (Lambda's `/tmp`, ephemeral storage sized by
 *    the stack), reporting progress and stage as it goes:
 *    - music: the brand's provider writes the score (offline: the deterministic writer, labelled),
 *      rendered to MP3 + MIDI (core/media/music) → a 'music' asset (MIDI as its companion file);
 *    - video from a text: the owner's storyboard or one the provider writes; scene images from the
 *      gallery or generated, or a gallery video clip (one a Bedrock video model made) as a scene; the soundtrack from the gallery, an upload, or composed for it; an
 *      optional voice-over of the captions (Polly in AWS, the offline speech in the twin; without
 *      either, a notice); composed to MP4 (core/media/video) → a 'video' asset, attached to its
 *      scheduled post when it has one;
 *    - video from an image: the gallery image or the upload, with caption and soundtrack;
 *    - video from an audio: an audiogram of the upload (longer than MAX_RENDER_SECONDS → refused),
 *      captions from Amazon Transcribe where the deployment has it, else a notice that says so.
 * 3. 'listo' with the asset, or 'error' with a Spanish message and the quota unit given back (the
 *    domain's own message for bad input found only now, e.g. an audio too long; a generic one
 *    otherwise, with the cause logged under the job id). The folder is always removed.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ASSET_SOURCES,
  MAX_RENDER_SECONDS,
  MEDIA_MSG,
  sniffImageMediaType,
  StoryboardSchema,
  UPLOAD_RULES,
  VIDEO_FORMAT_SIZES,
  type CallableInput,
  type RenderStage,
  type Storyboard,
  type VideoRequest,
} from '@director-ia/shared';
import type { AiProvider, BrandContext } from '../../../platform/ai';
import { AiCapabilityUnavailableError, AiError } from '../../../platform/ai/errors';
import { synthesizeSpeech } from '../../../platform/ai/speech/speech';
import { deploymentTranscriber } from '../../../platform/ai/speech/transcription';
import { DomainError } from '../../../platform/errors';
import { logger } from '../../../platform/logger';
import { MediaToolError, probeMedia } from '../../../platform/media/ffmpeg';
import { getObject } from '../../../platform/storage/objects';
import { readAssetFile, saveAsset } from '../../assets/assets';
import { MIDI_MEDIA_TYPE } from '../../assets/keys';
import { imagePromptFor } from '../../generation/image';
import { brandAiProvider, toAiProviderConfig } from '../../generation/provider';
import { attachPostMedia } from '../../plan/posts';
import { readBrandContext, readBrandLook } from '../../settings/aiSettings';
import { readBrandAiProviderConfig } from '../../settings/aiProviderConfig';
import { composeScore, renderScore, scoreSummary, type ComposedScore, type RenderedSoundtrack, type SoundtrackBrief } from '../music';
import { composeAudiogram, composeImageClip, composeSlideshow, writeStoryboard, type BrandLook, type SceneRender } from '../video';
import { transcriptCaptions, TRANSCRIPT_POLL_MS, TRANSCRIPT_WAIT_MS } from './captions';
import { claimRenderJob, completeRenderJob, failRenderJob, getRenderJob, reportProgress } from './store';

const MB = 1024 * 1024;
/** Largest gallery image a scene or an image clip reads (a generated image is a few MB). */
const MAX_SCENE_IMAGE_BYTES = 20 * MB;
/** Largest generated video clip a storyboard scene reads (its record's type says which limit applies). */
const MAX_SCENE_CLIP_BYTES = 200 * MB;
/** Largest gallery soundtrack a video reads. */
const MAX_SOUNDTRACK_BYTES = 25 * MB;
/** A progress write at most this often (plus every stage change). */
const PROGRESS_EVERY_MS = 1500;

/** Writes progress of one job, throttled; each stage maps its own 0–1 onto a slice of 0–100. */
class Progress {
  private last = 0;
  private stage: RenderStage = 'queued';
  offline = false;

  constructor(
    private readonly sub: string,
    private readonly jobId: string,
  ) {}

  /** A reporter for `stage` spanning [from, to] percent. */
  async enter(stage: RenderStage, from: number, to: number): Promise<(fraction: number) => void> {
    this.stage = stage;
    await this.write(from, true);
    return (fraction: number) => void this.write(from + (to - from) * Math.max(0, Math.min(1, fraction)), false);
  }

  private async write(percent: number, force: boolean): Promise<void> {
    const now = Date.now();
    if (!force && now - this.last < PROGRESS_EVERY_MS) return;
    this.last = now;
    await reportProgress(this.sub, this.jobId, percent, this.stage, { offline: this.offline }).catch((error: unknown) => logger.warn('Render progress not written', { jobId: this.jobId, error: error as Error }));
  }
}

/** What a finished render leaves: the asset and the notes about what it lacks. */
interface Rendered {
  assetId: string;
  notices: string[];
  offline: boolean;
}

interface RenderContext {
  sub: string;
  jobId: string;
  workDir: string;
  progress: Progress;
  brand: BrandContext;
  look: BrandLook;
  /** The brand's AI provider, resolved on first use (an audiogram never needs it), then kept. */
  provider: () => Promise<AiProvider>;
  now: Date;
  /** Epoch ms by which ffmpeg must be done (the invocation's end less SAVE_MARGIN_MS), or undefined: ffmpeg's own default. */
  deadline: number | undefined;
}

/** Time kept after composing to store the result and record the job (ms). */
const SAVE_MARGIN_MS = 45_000;

/** ffmpeg's time limit within the invocation (none beyond ffmpeg's default when it is unknown). */
function composeTimeout(ctx: RenderContext): { timeoutMs?: number } {
  return ctx.deadline === undefined ? {} : { timeoutMs: Math.max(5_000, ctx.deadline - Date.now()) };
}

/**
 * A soundtrack brief for a video that names none: the mood from the text's words (calm, epic or
 * cheerful by default), the video's length plus a second.
 */
export function soundtrackBriefFor(text: string, seconds: number): SoundtrackBrief {
  const words = text.toLowerCase();
  const durationSeconds = Math.min(MAX_RENDER_SECONDS, Math.max(10, Math.ceil(seconds) + 1));
  if (/\b(tranquil|calma|relaj|sereno|paz\b|spa\b|yoga|descans)/.test(words)) return { mood: 'tranquila', tempo: 72, durationSeconds, style: 'acústico' };
  if (/(épic|\bepic|\baventur|\bpotente|\bfuerza|\blanzamiento|\bgran\b)/.test(words)) return { mood: 'épica', tempo: 120, durationSeconds, style: 'cinemática' };
  return { mood: 'alegre', tempo: 105, durationSeconds, style: 'pop' };
}

/**
 * The brand's provider writes the score for `brief` and it is rendered: stage 'score' spans
 * [from, middle] percent, 'synth' [middle, to]. The job is labelled offline when the score is.
 */
async function composeSoundtrack(ctx: RenderContext, brief: SoundtrackBrief, [from, middle, to]: [number, number, number]): Promise<{ composed: ComposedScore; rendered: RenderedSoundtrack }> {
  await ctx.progress.enter('score', from, middle);
  const composed = await composeScore(brief, ctx.brand, await ctx.provider());
  ctx.progress.offline ||= composed.offline;
  const onSynth = await ctx.progress.enter('synth', middle, to);
  return { composed, rendered: await renderScore(composed.score, brief.durationSeconds, onSynth) };
}

/** The soundtrack of a video into the work folder: the gallery's, the upload, or one composed for it. */
async function soundtrackFile(ctx: RenderContext, request: { soundtrackAssetId?: string | undefined; soundtrackKey?: string | undefined }, text: string, seconds: number, from: number, to: number): Promise<{ path: string; offline: boolean }> {
  if (request.soundtrackAssetId) {
    const file = await readAssetFile(ctx.sub, request.soundtrackAssetId, MAX_SOUNDTRACK_BYTES);
    if (!file) throw new MediaInputError(MEDIA_MSG.soundtrackNotFound);
    const target = path.join(ctx.workDir, 'soundtrack.mp3');
    await writeFile(target, file.bytes);
    return { path: target, offline: false };
  }
  if (request.soundtrackKey) {
    const target = path.join(ctx.workDir, `soundtrack${path.extname(request.soundtrackKey) || '.audio'}`);
    await writeFile(target, await uploadBytes(request.soundtrackKey, UPLOAD_RULES.soundtrack.maxBytes));
    return { path: target, offline: false };
  }
  const target = path.join(ctx.workDir, 'soundtrack.mp3');
  const { composed, rendered } = await composeSoundtrack(ctx, soundtrackBriefFor(text, seconds), [from, from + (to - from) * 0.15, to]);
  await writeFile(target, rendered.mp3);
  return { path: target, offline: composed.offline };
}

/** An input that turned out unusable only once the render read it (Spanish message for the owner). */
class MediaInputError extends Error {}

async function uploadBytes(key: string, maxBytes: number): Promise<Uint8Array> {
  const file = await getObject(key, maxBytes);
  if (!file || 'tooLarge' in file) throw new MediaInputError(MEDIA_MSG.uploadNotFound);
  return file.bytes;
}

/** An image file for a scene or clip: written to `name` in the work folder with its type's extension. */
async function writeImage(ctx: RenderContext, name: string, bytes: Uint8Array): Promise<string> {
  const type = sniffImageMediaType(bytes);
  if (!type) throw new MediaInputError(MEDIA_MSG.notImage);
  const file = path.join(ctx.workDir, `${name}.${type.split('/')[1] === 'jpeg' ? 'jpg' : type.split('/')[1]}`);
  await writeFile(file, bytes);
  return file;
}

async function renderMusic(ctx: RenderContext, request: CallableInput<'crearBandaSonora'>): Promise<Rendered> {
  const brief: SoundtrackBrief = { mood: request.mood, tempo: request.tempo, durationSeconds: request.durationSeconds, style: request.style };
  const { composed, rendered } = await composeSoundtrack(ctx, brief, [0, 10, 92]);
  await ctx.progress.enter('saving', 92, 100);
  const asset = await saveAsset(
    ctx.sub,
    {
      type: 'music',
      bytes: rendered.mp3,
      mediaType: 'audio/mpeg',
      prompt: scoreSummary(composed.score, brief),
      offline: composed.offline,
      model: composed.model,
      source: ASSET_SOURCES.brief,
      companion: { bytes: rendered.midi, mediaType: MIDI_MEDIA_TYPE },
      durationSeconds: rendered.durationSeconds,
    },
    ctx.now,
  );
  return { assetId: asset.id, notices: [], offline: composed.offline };
}

/** The storyboard of a text video: the owner's, or the provider's. */
async function storyboardOf(ctx: RenderContext, request: Extract<VideoRequest, { source: 'text' }>): Promise<{ storyboard: Storyboard; offline: boolean; model: string }> {
  if (request.storyboard) return { storyboard: request.storyboard, offline: false, model: 'owner' };
  await ctx.progress.enter('storyboard', 0, 5);
  const written = await writeStoryboard(request.brief, request.format, ctx.brand, await ctx.provider());
  return { ...written, storyboard: StoryboardSchema.parse(written.storyboard) };
}

/** Spoken captions of the storyboard, or a notice when the deployment cannot speak. */
async function voiceOverFile(ctx: RenderContext, storyboard: Storyboard): Promise<{ path?: string; notice?: string; offline: boolean }> {
  await ctx.progress.enter('voice', 45, 50);
  const text = storyboard.scenes.map((scene) => scene.caption.replace(/[.!?…]*$/, '.')).join(' ').slice(0, 2900);
  try {
    const speech = await synthesizeSpeech({ text, language: 'es-ES' }, { provider: toAiProviderConfig(await readBrandAiProviderConfig(ctx.sub)) });
    const file = path.join(ctx.workDir, speech.mediaType === 'audio/wav' ? 'voice.wav' : 'voice.mp3');
    await writeFile(file, speech.bytes);
    return { path: file, offline: speech.offline };
  } catch (error) {
    if (error instanceof AiCapabilityUnavailableError) return { notice: MEDIA_MSG.voiceOverUnavailable, offline: false };
    throw error;
  }
}

async function renderTextVideo(ctx: RenderContext, request: Extract<VideoRequest, { source: 'text' }>): Promise<Rendered> {
  const { storyboard, offline: storyboardOffline } = await storyboardOf(ctx, request);
  let offline = storyboardOffline;
  ctx.progress.offline = offline;
  const size = VIDEO_FORMAT_SIZES[request.format];
  const onImages = await ctx.progress.enter('images', 5, 30);
  const scenes: SceneRender[] = [];
  for (const [index, scene] of storyboard.scenes.entries()) {
    let bytes: Uint8Array;
    if (scene.assetId) {
      const file = await readAssetFile(ctx.sub, scene.assetId, (item) => (item.type === 'video' ? MAX_SCENE_CLIP_BYTES : MAX_SCENE_IMAGE_BYTES));
      if (!file) throw new MediaInputError(MEDIA_MSG.imageAssetNotFound);
      if (file.item.type === 'video') {
        // A generated clip (Bedrock video model, identity lab) as the scene itself.
        const clipPath = path.join(ctx.workDir, `scene-${index}.mp4`);
        await writeFile(clipPath, file.bytes);
        scenes.push({ imagePath: '', clipPath, caption: scene.caption, durationSeconds: scene.durationSeconds, transition: scene.transition });
        onImages((index + 1) / storyboard.scenes.length);
        continue;
      }
      bytes = file.bytes;
    } else {
      const image = await (await ctx.provider()).generateImage({ prompt: imagePromptFor(scene.imagePrompt || scene.caption || storyboard.title, ctx.brand), brand: ctx.brand, width: size.width, height: size.height });
      offline ||= image.offline;
      bytes = image.bytes;
    }
    scenes.push({ imagePath: await writeImage(ctx, `scene-${index}`, bytes), caption: scene.caption, durationSeconds: scene.durationSeconds, transition: scene.transition, ...(scene.motion ? { motion: scene.motion } : {}) });
    onImages((index + 1) / storyboard.scenes.length);
  }
  const seconds = scenes.reduce((total, scene) => total + scene.durationSeconds, 0);
  const music = await soundtrackFile(ctx, request, `${request.brief} ${storyboard.title}`, seconds, 30, 45);
  offline ||= music.offline;
  const notices: string[] = [];
  const voice = request.voiceOver ? await voiceOverFile(ctx, storyboard) : { offline: false };
  if (voice.notice) notices.push(voice.notice);
  offline ||= voice.offline;
  ctx.progress.offline = offline;
  const onCompose = await ctx.progress.enter('compose', 50, 95);
  const video = await composeSlideshow({ scenes, format: request.format, look: ctx.look, audioPath: music.path, ...(voice.path ? { voicePath: voice.path } : {}), workDir: ctx.workDir, onProgress: onCompose, ...composeTimeout(ctx) });
  const assetId = await saveVideo(ctx, video, storyboard.title || request.brief, offline, ASSET_SOURCES.text);
  if (request.postId) await attachPostMedia(ctx.sub, request.postId, assetId, ctx.now);
  return { assetId, notices, offline };
}

async function renderImageClip(ctx: RenderContext, request: Extract<VideoRequest, { source: 'image' }>): Promise<Rendered> {
  await ctx.progress.enter('images', 0, 5);
  let bytes: Uint8Array;
  if (request.imageAssetId) {
    const file = await readAssetFile(ctx.sub, request.imageAssetId, MAX_SCENE_IMAGE_BYTES);
    if (!file) throw new MediaInputError(MEDIA_MSG.imageAssetNotFound);
    bytes = file.bytes;
  } else if (request.imageKey) {
    bytes = await uploadBytes(request.imageKey, UPLOAD_RULES.videoImage.maxBytes);
  } else throw new MediaInputError(MEDIA_MSG.imageMissing);
  const imagePath = await writeImage(ctx, 'image', bytes);
  const seconds = request.durationSeconds ?? 8;
  const music = await soundtrackFile(ctx, request, request.caption, seconds, 5, 40);
  ctx.progress.offline = music.offline;
  const onCompose = await ctx.progress.enter('compose', 40, 95);
  const video = await composeImageClip({ imagePath, caption: request.caption, durationSeconds: seconds, format: request.format, look: ctx.look, audioPath: music.path, workDir: ctx.workDir, onProgress: onCompose, ...composeTimeout(ctx) });
  const assetId = await saveVideo(ctx, video, request.caption || 'Clip de imagen', music.offline, ASSET_SOURCES.image);
  return { assetId, notices: [], offline: music.offline };
}

/** Timed captions of the audio at `key` from Amazon Transcribe, or null when the deployment has no transcriber. */
async function transcriptOf(ctx: RenderContext, key: string): Promise<{ startSeconds: number; endSeconds: number; text: string }[] | null> {
  const transcriber = deploymentTranscriber();
  if (!transcriber) return null;
  const name = `chat-render-${ctx.jobId}`;
  const outputKey = `users/${ctx.sub}/chat-transcripts/render-${ctx.jobId}.json`;
  await transcriber.start({ name, mediaKey: key, outputKey });
  const deadline = Date.now() + TRANSCRIPT_WAIT_MS;
  while (Date.now() < deadline) {
    const state = await transcriber.status(name);
    if (state.state === 'failed') {
      logger.warn('Audiogram transcription failed', { jobId: ctx.jobId, reason: state.reason });
      return [];
    }
    if (state.state === 'done') {
      const file = await getObject(outputKey, 10 * MB);
      if (!file || 'tooLarge' in file) return [];
      return transcriptCaptions(JSON.parse(new TextDecoder().decode(file.bytes)) as unknown);
    }
    await new Promise((resolve) => setTimeout(resolve, TRANSCRIPT_POLL_MS));
  }
  logger.warn('Audiogram transcription did not finish in time', { jobId: ctx.jobId });
  return [];
}

async function renderAudiogram(ctx: RenderContext, request: Extract<VideoRequest, { source: 'audio' }>): Promise<Rendered> {
  await ctx.progress.enter('transcript', 0, 5);
  const audioPath = path.join(ctx.workDir, `audio${path.extname(request.audioKey) || '.audio'}`);
  await writeFile(audioPath, await uploadBytes(request.audioKey, UPLOAD_RULES.videoAudio.maxBytes));
  const probed = await probeMedia(audioPath);
  if (!probed.hasAudio || probed.durationSeconds === null) throw new MediaInputError(MEDIA_MSG.notAudio);
  if (probed.durationSeconds > MAX_RENDER_SECONDS) throw new MediaInputError(MEDIA_MSG.audioTooLong(Math.round(probed.durationSeconds)));
  const captions = await transcriptOf(ctx, request.audioKey);
  const notices = captions === null ? [MEDIA_MSG.captionsNeedTranscribe] : [];
  const onCompose = await ctx.progress.enter('compose', 20, 95);
  const video = await composeAudiogram({
    audioPath,
    probed,
    ...(request.title ? { title: request.title } : {}),
    ...(captions?.length ? { captions } : {}),
    format: request.format,
    look: ctx.look,
    workDir: ctx.workDir,
    onProgress: onCompose,
    ...composeTimeout(ctx),
  });
  const assetId = await saveVideo(ctx, video, request.title || 'Audiograma', false, ASSET_SOURCES.audio);
  return { assetId, notices, offline: false };
}

/** Stores a composed MP4 as a 'video' asset. */
async function saveVideo(ctx: RenderContext, video: { path: string; durationSeconds: number }, prompt: string, offline: boolean, source: string): Promise<string> {
  await ctx.progress.enter('saving', 95, 100);
  const bytes = new Uint8Array(await readFile(video.path));
  const asset = await saveAsset(ctx.sub, { type: 'video', bytes, mediaType: 'video/mp4', prompt, offline, model: offline ? 'ffmpeg (sin conexión)' : 'ffmpeg', source, durationSeconds: video.durationSeconds }, ctx.now);
  return asset.id;
}

/** The Spanish message a failed render shows: the owner's own input problem, or the generic one. */
function failureMessage(error: unknown): string {
  if (error instanceof MediaInputError) return error.message;
  if (error instanceof MediaToolError && error.timedOut) return MEDIA_MSG.renderTimedOut;
  if (error instanceof DomainError || error instanceof AiError) return error.message;
  return MEDIA_MSG.renderFailed;
}

/**
 * Runs job `jobId` of `sub` (see the module header); what it did, for the log and tests.
 * `remainingMs`: what is left of the invocation (Lambda's context), so ffmpeg is stopped in time
 * to record the failure (MEDIA_MSG.renderTimedOut) rather than be killed with the function.
 */
export async function runRender(sub: string, jobId: string, options: { now?: Date; remainingMs?: number } = {}): Promise<'rendered' | 'failed' | 'skipped'> {
  const now = options.now ?? new Date();
  const deadline = options.remainingMs === undefined ? undefined : Date.now() + options.remainingMs - SAVE_MARGIN_MS;
  const job = await getRenderJob(sub, jobId);
  if (!job || !(await claimRenderJob(sub, jobId, now))) {
    logger.info('Render job not claimed (unknown, already taken or final)', { jobId });
    return 'skipped';
  }
  await mkdir(tmpdir(), { recursive: true });
  const workDir = await mkdtemp(path.join(tmpdir(), `render-${jobId}-`));
  const progress = new Progress(sub, jobId);
  try {
    const [brand, look] = await Promise.all([readBrandContext(sub), readBrandLook(sub)]);
    let provider: Promise<AiProvider> | undefined;
    const ctx: RenderContext = { sub, jobId, workDir, progress, brand, look, provider: () => (provider ??= brandAiProvider(sub)), now, deadline };
    const request = JSON.parse(job.request) as unknown;
    let result: Rendered;
    if (job.kind === 'music') result = await renderMusic(ctx, request as CallableInput<'crearBandaSonora'>);
    else {
      const video = request as VideoRequest;
      switch (video.source) {
        case 'text':
          result = await renderTextVideo(ctx, video);
          break;
        case 'image':
          result = await renderImageClip(ctx, video);
          break;
        case 'audio':
          result = await renderAudiogram(ctx, video);
          break;
      }
    }
    await completeRenderJob(sub, jobId, result);
    logger.info('Render job done', { jobId, kind: job.kind, assetId: result.assetId });
    return 'rendered';
  } catch (error) {
    logger.error('Render job failed', { jobId, kind: job.kind, error: error as Error });
    await failRenderJob(sub, job, failureMessage(error));
    return 'failed';
  } finally {
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

