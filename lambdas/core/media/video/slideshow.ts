/**
 * Stills to video (issue 18 item 2: a video from a text's storyboard, or from one image): each
 * still prepared by a small ffmpeg run (`prepareStill`), then one run whatever the number of scenes:
 * - each image (PNG/JPEG/WEBP, any size or aspect, odd dimensions included) is turned upright by
 *   its EXIF orientation, scaled to cover a frame 1.5× the output's, centre-cropped and flattened
 *   onto the brand's primary colour (transparent PNGs), then animated with zoompan (Ken Burns:
 *   'acercar' zooms in, 'alejar' out, 'desplazar' pans across; working 1.5× larger keeps the
 *   motion smooth) into exactly its scene's frames at VIDEO_FPS, 1920×1080 or 1080×1920;
 * - its caption is burned in (captions.ts), in the lower part of the frame;
 * - 'fundido' fades the scene out to black and the next one in (ffmpeg 4.1 has no xfade); the
 *   first scene fades in and the last fades out;
 * - the scenes are concatenated, the audio bed (encode.ts) laid under, and the whole encoded once.
 * The result lasts the sum of the scenes' frames (each scene rounded to whole frames). Intermediate
 * files live in a fresh directory inside the work directory, removed at the end.
 */
import path from 'node:path';
import { VIDEO_FPS, type VideoFormat } from '@director-ia/shared';
import { fileInput, hasAlphaChannel, MediaToolError, probeMedia, runFfmpeg } from '../../../platform/media/ffmpeg';
import { CaptionPainter } from './captions';
import { audioBed, composedVideo, encodeArgs, frameOf, inScratchDir, type ComposedVideo } from './encode';
import { checkedLook, ffColor, type BrandLook } from './look';
import { imageOrientation, orientationFilter } from './orientation';

/** One scene to render: a still on disk, its caption, length and how it ends. */
export interface SceneRender {
  imagePath: string;
  /**
   * A video clip to show instead of the still (issue 18: a clip a Bedrock video model generated,
   * from the gallery): scaled to cover the frame, looped or cut to the scene's length, its own
   * sound left out; `imagePath` is then not read.
   */
  clipPath?: string;
  caption: string;
  durationSeconds: number;
  /** How this scene gives way to the next: a cut, or a fade through black. */
  transition: 'corte' | 'fundido';
  /** Default: 'acercar' and 'alejar' alternately. */
  motion?: 'acercar' | 'alejar' | 'desplazar';
}

/** The working frame is this much larger than the output (smoother zoompan, see the header). */
const HEADROOM = 1.5;
/** How far the motions zoom (1 → 1 + ZOOM). */
const ZOOM = 0.15;
const FADE_SECONDS = 0.5;

/** The zoompan filter of one scene of `frames` frames. */
function motionFilter(motion: NonNullable<SceneRender['motion']>, frames: number, size: { width: number; height: number }): string {
  const progress = `on/${Math.max(1, frames - 1)}`;
  const centre = "x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2'";
  const [zoom, position] =
    motion === 'acercar'
      ? [`'1+${ZOOM}*${progress}'`, centre]
      : motion === 'alejar'
        ? [`'${1 + ZOOM}-${ZOOM}*${progress}'`, centre]
        : [`'${1 + ZOOM}'`, `x='(iw-iw/zoom)*${progress}':y='ih/2-ih/zoom/2'`];
  return `zoompan=z=${zoom}:${position}:d=${frames}:s=${size.width}x${size.height}:fps=${VIDEO_FPS}`;
}

const even = (value: number) => Math.round(value / 2) * 2;

/** Stills prepared at once (the render Lambda has 2 vCPUs), and their share of the progress. */
const PREPARE_AT_ONCE = 2;
const PREPARE_SHARE = 0.05;

/**
 * The still at `imagePath` as a JPEG at `output` of exactly `work` size: its first frame only
 * (an animated WEBP's too), turned upright by its EXIF orientation, scaled to cover and
 * centre-cropped, flattened onto `background` when its pixel format can be transparent (a logo's
 * transparent parts would otherwise show whatever colour they hide). Throws MediaToolError when
 * ffmpeg cannot read the image.
 */
async function prepareStill(imagePath: string, output: string, work: { width: number; height: number }, background: string, timeoutMs: number | undefined): Promise<string> {
  const [orientation, probed] = await Promise.all([imageOrientation(imagePath), probeMedia(imagePath)]);
  if (!probed.hasVideo) throw new MediaToolError('prepareStill: the file is not an image ffmpeg may read');
  const upright = orientationFilter(orientation);
  const cover = `[0:v]trim=end_frame=1,${upright ? `${upright},` : ''}scale=${work.width}:${work.height}:force_original_aspect_ratio=increase:flags=bicubic,crop=${work.width}:${work.height},setsar=1`;
  const graph = hasAlphaChannel(probed.pixelFormat)
    ? [`color=c=${ffColor(background)}:s=${work.width}x${work.height}:r=${VIDEO_FPS}[bg]`, `${cover},format=rgba[still]`, '[bg][still]overlay=shortest=1:format=auto,format=yuvj420p[out]']
    : [`${cover},format=yuvj420p[out]`];
  await runFfmpeg([...fileInput(imagePath), '-filter_complex', graph.join(';'), '-map', '[out]', '-frames:v', '1', '-q:v', '2', output], timeoutMs ? { timeoutMs } : {});
  return output;
}

/** Frames of a scene of `seconds` (at least one second's worth). */
const framesOf = (seconds: number) => Math.max(VIDEO_FPS, Math.round(seconds * VIDEO_FPS));

export interface SlideshowInput {
  scenes: SceneRender[];
  format: VideoFormat;
  look: BrandLook;
  /** Music: looped or trimmed to the video, faded out at the end. */
  audioPath?: string;
  /** A voice-over mixed over the music (ducked under it). */
  voicePath?: string;
  workDir: string;
  onProgress?: (fraction: number) => void;
  /** Kill ffmpeg after this many ms (default: runFfmpeg's); e.g. the Lambda's remaining time. */
  timeoutMs?: number;
}

/**
 * The scenes as one MP4 in `workDir` (see the module header). Throws MediaToolError when ffmpeg
 * fails (e.g. an image it cannot decode) and Error for an empty scene list.
 */
export async function composeSlideshow(input: SlideshowInput): Promise<ComposedVideo> {
  return composeScenes(input, 'slideshow.mp4');
}

/** One image animated (slow zoom in) for `durationSeconds` with its caption and the music. */
export async function composeImageClip(input: {
  imagePath: string;
  caption: string;
  durationSeconds: number;
  format: VideoFormat;
  look: BrandLook;
  audioPath?: string;
  workDir: string;
  onProgress?: (fraction: number) => void;
  /** Kill ffmpeg after this many ms (default: runFfmpeg's); e.g. the Lambda's remaining time. */
  timeoutMs?: number;
}): Promise<ComposedVideo> {
  const { imagePath, caption, durationSeconds, ...rest } = input;
  return composeScenes({ ...rest, scenes: [{ imagePath, caption, durationSeconds, transition: 'fundido', motion: 'acercar' }] }, 'clip.mp4');
}

async function composeScenes(input: SlideshowInput, fileName: string): Promise<ComposedVideo> {
  const { scenes, format, workDir } = input;
  if (scenes.length === 0) throw new Error('composeSlideshow: no scenes');
  const size = frameOf(format);
  const work = { width: even(size.width * HEADROOM), height: even(size.height * HEADROOM) };
  const look = checkedLook(input.look);
  return inScratchDir(workDir, (scratch) => composeIn(scratch, input, fileName, { size, work, look }));
}

/** The body of composeScenes; intermediate files (stills, caption texts) go to `scratch`. */
async function composeIn(
  scratch: string,
  input: SlideshowInput,
  fileName: string,
  { size, work, look }: { size: { width: number; height: number }; work: { width: number; height: number }; look: BrandLook },
): Promise<ComposedVideo> {
  const { scenes, format, workDir } = input;
  const painter = new CaptionPainter(scratch, look, size);
  const placement = { anchor: 'bottom' as const, marginPx: Math.round(size.height * (format === 'vertical' ? 0.16 : 0.07)) };

  const frames = scenes.map((scene) => framesOf(scene.durationSeconds));
  const totalFrames = frames.reduce((sum, n) => sum + n, 0);
  const seconds = totalFrames / VIDEO_FPS;

  // Stills first, two at a time (small ffmpeg runs): the main run then holds one small frame per
  // scene instead of each scene's full-size decoding and flattening buffers (~85 MB a scene).
  const stills: string[] = [];
  for (let first = 0; first < scenes.length; first += PREPARE_AT_ONCE) {
    const batch = scenes.slice(first, first + PREPARE_AT_ONCE);
    stills.push(...(await Promise.all(batch.map((scene, offset) => (scene.clipPath ? '' : prepareStill(scene.imagePath, path.join(scratch, `still-${first + offset + 1}.jpg`), work, look.primaryColor, input.timeoutMs))))));
    input.onProgress?.(PREPARE_SHARE * Math.min(1, (first + batch.length) / scenes.length));
  }

  const inputArgs: string[] = [];
  const graph: string[] = [];
  for (const [index, scene] of scenes.entries()) {
    const count = frames[index] as number;
    const fade = Math.max(1, Math.min(Math.round(FADE_SECONDS * VIDEO_FPS), Math.floor(count / 3)));
    const motion = scene.motion ?? (index % 2 === 0 ? 'acercar' : 'alejar');
    let chain: string[];
    if (scene.clipPath) {
      // A clip moves by itself: covered, cropped and cut to the scene's frames (looped when shorter).
      inputArgs.push('-stream_loop', '-1', ...fileInput(scene.clipPath));
      chain = [`fps=${VIDEO_FPS}`, `scale=${size.width}:${size.height}:force_original_aspect_ratio=increase`, `crop=${size.width}:${size.height}`, 'setsar=1', `trim=end_frame=${count}`, 'setpts=PTS-STARTPTS', 'format=yuv420p'];
    } else {
      inputArgs.push(...fileInput(stills[index] as string));
      chain = ['format=yuv420p', motionFilter(motion, count, size)];
    }
    const caption = await painter.block(scene.caption, placement);
    if (caption) chain.push(caption);
    if (index === 0 || scenes[index - 1]?.transition === 'fundido') chain.push(`fade=t=in:s=0:n=${fade}`);
    if (scene.transition === 'fundido' || index === scenes.length - 1) chain.push(`fade=t=out:s=${count - fade}:n=${fade}`);
    chain.push('setsar=1', 'format=yuv420p');
    graph.push(`[${index}:v]${chain.join(',')}[v${index}]`);
  }
  graph.push(`${scenes.map((_, index) => `[v${index}]`).join('')}concat=n=${scenes.length}:v=1:a=0[vout]`);

  const audio = await audioBed({ audioPath: input.audioPath, voicePath: input.voicePath, seconds, firstInput: scenes.length });
  const output = path.join(workDir, fileName);
  await runFfmpeg(
    [
      ...inputArgs,
      ...audio.inputArgs,
      ...encodeArgs([...graph, ...audio.graph], seconds, output),
    ],
    {
      expectedSeconds: seconds,
      ...(input.onProgress ? { onProgress: (fraction: number) => input.onProgress?.(PREPARE_SHARE + (1 - PREPARE_SHARE) * fraction) } : {}),
      ...(input.timeoutMs ? { timeoutMs: input.timeoutMs } : {}),
      cwd: scratch,
    },
  );
  return composedVideo(output, seconds);
}
