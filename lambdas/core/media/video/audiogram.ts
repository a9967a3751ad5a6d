/**
 * A video from an audio (issue 18 item 2, "audiogram"): the audio's waveform (showwaves, centred
 * lines in the brand's accent colour) across the middle of a background in its primary colour,
 * the title at the top, and timed captions (from a transcript, when there is one) at the bottom,
 * with the audio itself as the sound track. The video lasts as long as the audio; the caller
 * refuses audio longer than MAX_RENDER_SECONDS (probeMedia) before calling.
 */
import path from 'node:path';
import { VIDEO_FPS, type VideoFormat } from '@director-ia/shared';
import { fileInput, MediaToolError, probeMedia, runFfmpeg, type ProbedMedia } from '../../../platform/media/ffmpeg';
import { CaptionPainter } from './captions';
import { composedVideo, encodeArgs, frameOf, inScratchDir, type ComposedVideo } from './encode';
import { checkedLook, ffColor, type BrandLook } from './look';

/** A caption shown between two instants of the audio, seconds. */
export interface TimedCaption {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

export interface AudiogramInput {
  audioPath: string;
  title?: string;
  /** Shown one at a time at the bottom; captions outside the audio or empty are skipped. */
  captions?: TimedCaption[];
  format: VideoFormat;
  look: BrandLook;
  workDir: string;
  onProgress?: (fraction: number) => void;
  /** Kill ffmpeg after this many ms (default: runFfmpeg's); e.g. the Lambda's remaining time. */
  timeoutMs?: number;
  /** The caller's probeMedia of `audioPath`, when it already has one (the file is not probed again). */
  probed?: ProbedMedia;
}

/**
 * The audiogram as an MP4 in `workDir` (see the module header). Throws MediaToolError when ffmpeg
 * fails or the file has no audio stream ffmpeg can read.
 */
export async function composeAudiogram(input: AudiogramInput): Promise<ComposedVideo> {
  const probed = input.probed ?? (await probeMedia(input.audioPath));
  if (!probed.hasAudio) throw new MediaToolError('composeAudiogram: the file has no audio stream ffmpeg may read');
  return inScratchDir(input.workDir, (scratch) => composeIn(scratch, input, probed.durationSeconds ?? undefined));
}

/** The body of composeAudiogram; caption texts go to `scratch`. */
async function composeIn(scratch: string, input: AudiogramInput, seconds: number | undefined): Promise<ComposedVideo> {
  const { audioPath, format, workDir } = input;
  const size = frameOf(format);
  const look = checkedLook(input.look);
  const painter = new CaptionPainter(scratch, look, size);
  const vertical = format === 'vertical';

  const overlays: string[] = [];
  if (input.title) {
    const title = await painter.block(input.title, { anchor: 'top', marginPx: Math.round(size.height * (vertical ? 0.12 : 0.08)) }, { fontSize: Math.round(painter.baseFontSize * 1.15), maxLines: 3 });
    if (title) overlays.push(title);
  }
  const bottom = { anchor: 'bottom' as const, marginPx: Math.round(size.height * (vertical ? 0.16 : 0.08)) };
  for (const caption of input.captions ?? []) {
    const start = Math.max(0, caption.startSeconds);
    const end = seconds === undefined ? caption.endSeconds : Math.min(seconds, caption.endSeconds);
    if (!(end > start)) continue;
    const block = await painter.block(caption.text, bottom, { timing: { startSeconds: start, endSeconds: end }, maxLines: 3 });
    if (block) overlays.push(block);
  }

  const waveHeight = Math.round(size.height * (vertical ? 0.22 : 0.32) / 2) * 2;
  const background = `color=c=${ffColor(look.primaryColor)}:s=${size.width}x${size.height}:r=${VIDEO_FPS}${seconds === undefined ? '' : `:d=${seconds.toFixed(3)}`}`;
  const graph = [
    `${background}[bg]`,
    '[0:a]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,asplit=2[forwave][aout]',
    `[forwave]showwaves=s=${size.width}x${waveHeight}:mode=cline:rate=${VIDEO_FPS}:scale=sqrt:draw=full:colors=${ffColor(look.accentColor)}[wave]`,
    `[bg][wave]overlay=x=0:y=(H-h)/2:shortest=1${overlays.length > 0 ? `,${overlays.join(',')}` : ''},setsar=1,format=yuv420p[vout]`,
  ];
  const output = path.join(workDir, 'audiogram.mp4');
  await runFfmpeg(
    [
      ...fileInput(audioPath),
      ...encodeArgs(graph, seconds, output),
    ],
    { ...(seconds === undefined ? {} : { expectedSeconds: seconds }), ...(input.onProgress ? { onProgress: input.onProgress } : {}), ...(input.timeoutMs ? { timeoutMs: input.timeoutMs } : {}), cwd: scratch },
  );
  return composedVideo(output, seconds ?? 0);
}
