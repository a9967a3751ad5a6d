/**
 * Stills to video (issue 18 item 2: a video from a text's storyboard, or from one image), in one
 * ffmpeg run whatever the number of scenes:
 * - each image (PNG/JPEG/WEBP, any size or aspect, odd dimensions included) is scaled to cover a
 *   frame 1.5× the output's (after turning a phone photo upright by its EXIF orientation), centre-cropped, flattened onto the brand's primary colour (transparent
 *   PNGs), and animated with zoompan (Ken Burns: 'acercar' zooms
 *   in, 'alejar' out, 'desplazar' pans across; working 1.5× larger keeps the motion smooth) into
 *   exactly its scene's frames at VIDEO_FPS, 1920×1080 or 1080×1920;
 * - its caption is burned in (captions.ts), in the lower part of the frame;
 * - 'fundido' fades the scene out to black and the next one in (ffmpeg 4.1 has no xfade); the
 *   first scene fades in and the last fades out;
 * - the scenes are concatenated, the audio bed (encode.ts) laid under, and the whole encoded once.
 * The result lasts the sum of the scenes' frames (each scene rounded to whole frames).
 */
import path from 'node:path';
import { VIDEO_FPS, type VideoFormat } from '@director-ia/shared';
import { fileInput, runFfmpeg } from '../../../platform/media/ffmpeg';
import { CaptionPainter } from './captions';
import { audioBed, AUDIO_ENCODE_ARGS, composedVideo, CONTAINER_ARGS, frameOf, VIDEO_ENCODE_ARGS, type ComposedVideo } from './encode';
import { checkedLook, ffColor, type BrandLook } from './look';
import { imageOrientation, orientationFilter } from './orientation';

/** One scene to render: a still on disk, its caption, length and how it ends. */
export interface SceneRender {
  imagePath: string;
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
  const painter = new CaptionPainter(workDir, look, size);
  const placement = { anchor: 'bottom' as const, marginPx: Math.round(size.height * (format === 'vertical' ? 0.16 : 0.07)) };

  const frames = scenes.map((scene) => framesOf(scene.durationSeconds));
  const totalFrames = frames.reduce((sum, n) => sum + n, 0);
  const seconds = totalFrames / VIDEO_FPS;

  const inputArgs: string[] = [];
  const graph: string[] = [];
  for (const [index, scene] of scenes.entries()) {
    inputArgs.push(...fileInput(scene.imagePath));
    const count = frames[index] as number;
    const fade = Math.max(1, Math.min(Math.round(FADE_SECONDS * VIDEO_FPS), Math.floor(count / 3)));
    const motion = scene.motion ?? (index % 2 === 0 ? 'acercar' : 'alejar');
    // The still, first frame only (zoompan makes `d` frames of each input frame), covering the
    // working frame, flattened onto the primary colour (a logo's transparent parts would show
    // whatever colour they hide).
    graph.push(`color=c=${ffColor(look.primaryColor)}:s=${work.width}x${work.height}:r=${VIDEO_FPS}[bg${index}]`);
    const upright = orientationFilter(await imageOrientation(scene.imagePath));
    graph.push(
      `[${index}:v]trim=end_frame=1,${upright ? `${upright},` : ''}scale=${work.width}:${work.height}:force_original_aspect_ratio=increase:flags=bicubic,crop=${work.width}:${work.height},setsar=1,format=rgba[still${index}]`,
    );
    const chain = [`[bg${index}][still${index}]overlay=shortest=1:format=auto`, 'format=yuv420p', motionFilter(motion, count, size)];
    const caption = await painter.block(scene.caption, placement);
    if (caption) chain.push(caption);
    if (index === 0 || scenes[index - 1]?.transition === 'fundido') chain.push(`fade=t=in:s=0:n=${fade}`);
    if (scene.transition === 'fundido' || index === scenes.length - 1) chain.push(`fade=t=out:s=${count - fade}:n=${fade}`);
    chain.push('setsar=1', 'format=yuv420p');
    graph.push(`${chain.join(',')}[v${index}]`);
  }
  graph.push(`${scenes.map((_, index) => `[v${index}]`).join('')}concat=n=${scenes.length}:v=1:a=0[vout]`);

  const audio = await audioBed({ audioPath: input.audioPath, voicePath: input.voicePath, seconds, firstInput: scenes.length });
  const output = path.join(workDir, fileName);
  await runFfmpeg(
    [
      ...inputArgs,
      ...audio.inputArgs,
      '-filter_complex',
      [...graph, ...audio.graph].join(';'),
      '-map',
      '[vout]',
      '-map',
      '[aout]',
      ...VIDEO_ENCODE_ARGS,
      ...AUDIO_ENCODE_ARGS,
      ...CONTAINER_ARGS,
      '-t',
      seconds.toFixed(3),
      output,
    ],
    { expectedSeconds: seconds, ...(input.onProgress ? { onProgress: input.onProgress } : {}), ...(input.timeoutMs ? { timeoutMs: input.timeoutMs } : {}), cwd: workDir },
  );
  return composedVideo(output, seconds);
}
