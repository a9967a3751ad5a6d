/**
 * Checks of rendered media files (issue 18 "Done when"), with ffprobe and ffmpeg from the same
 * package family the render function ships (@ffprobe-installer/ffprobe, a devDependency, and
 * @ffmpeg-installer/ffmpeg): streams, codecs, resolution and duration of a file, and the loudness
 * of its audio track (ffmpeg's `volumedetect`, dBFS).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { withFileOnDisk } from './temp-file';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
export const FFPROBE = (require('@ffprobe-installer/ffprobe') as { path: string }).path;
export const FFMPEG = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

export interface ProbedMedia {
  /** Seconds (the container's). */
  durationSeconds: number;
  video?: { codec: string; width: number; height: number; pixelFormat: string };
  audio?: { codec: string; sampleRate: number; channels: number };
}

interface FfprobeJson {
  format: { duration?: string };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string; sample_rate?: string; channels?: number }[];
}

/** ffprobe of the file at `file` (or of `bytes`, written to a temporary file first). */
export async function probe(file: string | Uint8Array): Promise<ProbedMedia> {
  return withFile(file, async (filePath) => {
    const { stdout } = await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', filePath], { maxBuffer: 8 * 1024 * 1024 });
    const json = JSON.parse(stdout) as FfprobeJson;
    const v = json.streams.find((s) => s.codec_type === 'video');
    const a = json.streams.find((s) => s.codec_type === 'audio');
    return {
      durationSeconds: Number(json.format.duration ?? 'NaN'),
      ...(v ? { video: { codec: v.codec_name, width: v.width ?? 0, height: v.height ?? 0, pixelFormat: v.pix_fmt ?? '' } } : {}),
      ...(a ? { audio: { codec: a.codec_name, sampleRate: Number(a.sample_rate ?? 0), channels: a.channels ?? 0 } } : {}),
    };
  });
}

/** Mean and peak volume of the file's audio track, dBFS (−91 is digital silence). */
export async function loudness(file: string | Uint8Array): Promise<{ meanDb: number; maxDb: number }> {
  return withFile(file, async (filePath) => {
    const { stderr } = await run(FFMPEG, ['-hide_banner', '-nostats', '-i', filePath, '-vn', '-af', 'volumedetect', '-f', 'null', '-'], { maxBuffer: 8 * 1024 * 1024 });
    const mean = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(stderr)?.[1];
    const max = /max_volume:\s*(-?[\d.]+|-inf) dB/.exec(stderr)?.[1];
    const db = (value: string | undefined) => (value === undefined || value === '-inf' ? -91 : Number(value));
    return { meanDb: db(mean), maxDb: db(max) };
  });
}

function withFile<T>(file: string | Uint8Array, use: (filePath: string) => Promise<T>): Promise<T> {
  return typeof file === 'string' ? use(file) : withFileOnDisk('file', file, use);
}
