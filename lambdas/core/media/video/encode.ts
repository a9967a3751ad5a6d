/**
 * What every composed video shares (issue 18): the output encoding (H.264 High, yuv420p,
 * VIDEO_FPS, `-preset veryfast` for the render Lambda's 2 vCPUs; AAC 48 kHz stereo; `+faststart`
 * so browsers play it while it downloads), the audio bed (music looped and trimmed to the video
 * with a fade-out, a voice-over mixed over it with the music ducked, silence only when neither
 * is usable), the result's duration read back from the file, and the scratch directory a compose
 * run keeps its intermediate files in.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_FORMAT_SIZES, VIDEO_FPS, type VideoFormat } from '@director-ia/shared';
import { logger } from '../../../platform/logger';
import { fileInput, probeMedia } from '../../../platform/media/ffmpeg';

/** A composed video file in the work directory. */
export interface ComposedVideo {
  path: string;
  /** Seconds, as read back from the file. */
  durationSeconds: number;
}

/**
 * Runs `compose` with a fresh directory inside `workDir` for its intermediate files (stills,
 * caption texts), removed afterwards whatever happens: no clash with the caller's file names.
 */
export async function inScratchDir<T>(workDir: string, compose: (scratch: string) => Promise<T>): Promise<T> {
  const scratch = await mkdtemp(path.join(workDir, 'compose-'));
  try {
    return await compose(scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Encoder settings of every composed video (the bench's floor uses the same ones). */
export const VIDEO_ENCODE_ARGS = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-r', String(VIDEO_FPS), '-g', String(VIDEO_FPS * 2)];
export const AUDIO_ENCODE_ARGS = ['-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2'];
export const CONTAINER_ARGS = ['-movflags', '+faststart'];

/**
 * The output half of a compose run: the filter graph `graph` (chains joined), whose `[vout]` and
 * `[aout]` are encoded (VIDEO_ENCODE_ARGS, AUDIO_ENCODE_ARGS, +faststart) into `output`, cut at
 * `seconds` (or at the shortest stream when undefined).
 */
export function encodeArgs(graph: readonly string[], seconds: number | undefined, output: string): string[] {
  return [
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    ...VIDEO_ENCODE_ARGS,
    ...AUDIO_ENCODE_ARGS,
    ...CONTAINER_ARGS,
    ...(seconds === undefined ? ['-shortest'] : ['-t', seconds.toFixed(3)]),
    output,
  ];
}

/** The frame size of `format`. */
export function frameOf(format: VideoFormat): { width: number; height: number } {
  return VIDEO_FORMAT_SIZES[format];
}

/** Seconds of a fade-out of the music at the end of a video. */
const MUSIC_FADE_OUT = 1.5;
const AUDIO_FORMAT = 'aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';

/** The inputs (ffmpeg args) and filter chains of a video's audio, ending in `[aout]`. */
export interface AudioBed {
  inputArgs: string[];
  graph: string[];
}

/** Whether `file` is given and has an audio stream ffmpeg can read (a warning in the log when not). */
async function usableAudio(file: string | undefined, role: string): Promise<string | undefined> {
  if (!file) return undefined;
  const probed = await probeMedia(file);
  if (probed.hasAudio) return file;
  logger.warn('Composed video: the audio given has no audio stream; left out', { role, file: path.basename(file) });
  return undefined;
}

/**
 * The audio of a video `seconds` long whose inputs start at index `firstInput`: the music looped
 * (`-stream_loop -1`) and trimmed with a fade-out; the voice-over (padded with silence) over it,
 * the music ducked under the voice (sidechaincompress); silence when neither is usable.
 */
export async function audioBed(options: { audioPath?: string | undefined; voicePath?: string | undefined; seconds: number; firstInput: number }): Promise<AudioBed> {
  const { seconds, firstInput } = options;
  const [music, voice] = await Promise.all([usableAudio(options.audioPath, 'music'), usableAudio(options.voicePath, 'voice')]);
  const t = seconds.toFixed(3);
  const inputArgs: string[] = [];
  const graph: string[] = [];
  let next = firstInput;
  let musicLabel: string | undefined;
  if (music) {
    inputArgs.push('-stream_loop', '-1', ...fileInput(music));
    const fade = Math.min(MUSIC_FADE_OUT, seconds / 4);
    graph.push(`[${next}:a]${AUDIO_FORMAT},atrim=0:${t},asetpts=N/SR/TB,afade=t=out:st=${(seconds - fade).toFixed(3)}:d=${fade.toFixed(3)}[music]`);
    musicLabel = '[music]';
    next += 1;
  }
  if (voice) {
    inputArgs.push(...fileInput(voice));
    const padded = `[${next}:a]${AUDIO_FORMAT},apad,atrim=0:${t},asetpts=N/SR/TB`;
    if (musicLabel) {
      graph.push(`${padded},asplit=2[voicekey][voicemix]`);
      graph.push(`${musicLabel}[voicekey]sidechaincompress=threshold=0.02:ratio=12:attack=20:release=500[ducked]`);
      // amix halves each of its two inputs: `volume=2` gives the voice its level back.
      graph.push('[ducked][voicemix]amix=inputs=2:duration=first:dropout_transition=0,volume=2[aout]');
    } else {
      graph.push(`${padded}[aout]`);
    }
    return { inputArgs, graph };
  }
  if (musicLabel) {
    graph.push(`${musicLabel}anull[aout]`);
    return { inputArgs, graph };
  }
  logger.warn('Composed video without music or voice: silent audio track');
  inputArgs.push('-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo');
  graph.push(`[${next}:a]${AUDIO_FORMAT},atrim=0:${t},asetpts=N/SR/TB[aout]`);
  return { inputArgs, graph };
}

/** The composed file's duration (container), falling back to `expected` when ffmpeg cannot tell. */
export async function composedVideo(file: string, expected: number): Promise<ComposedVideo> {
  const probed = await probeMedia(file);
  return { path: file, durationSeconds: probed.durationSeconds ?? expected };
}
