/**
 * The one door to the ffmpeg binary (issue 18: soundtracks and composed video). Only this folder
 * spawns processes or names the ffmpeg package (eslint.config.js, DOORS):
 * - `ffmpegPath()`: env FFMPEG_PATH, else the binary of `@ffmpeg-installer/ffmpeg` (ffmpeg 4.1
 *   static, linux-x64), resolved at run time with createRequire: the render Lambda has the
 *   package installed beside its bundle (`nodeModules`), so it is never bundled nor found by a
 *   repository path;
 * - `runFfmpeg(args, options)`: runs it with `-hide_banner -nostdin -y -nostats -progress pipe:1`,
 *   reports progress 0..1 against the expected output length, kills it after a timeout and throws
 *   MediaToolError with the last lines of its stderr on failure;
 * - `probeMedia(file)`: duration and streams from `ffmpeg -i` (the Lambda ships no ffprobe);
 * - `fileInput(path)`: the input options for a file whose content a user chose (uploads, gallery
 *   assets): local files only, and only the demuxers of the formats we accept. Without them, an
 *   HLS playlist or a concat list uploaded as "audio" makes ffmpeg open other files of the
 *   function's file system (or URLs) and copy them into the video; `probeMedia` uses them too;
 * - `filterValue(text)`: a value escaped for an option inside a `-filter_complex` graph.
 * MediaToolError is an internal error (English, never shown to users): the caller maps it onto
 * MEDIA_MSG.renderFailed / renderTimedOut. Its message carries ffmpeg's own last stderr lines
 * (paths and filter names), never caption text: captions reach drawtext through text files.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

/** The niceness ffmpeg runs at (see runFfmpeg). */
export const RENDER_NICENESS = 10;

/** ffmpeg failed, timed out or could not start. `timedOut` tells the render job which message to show. */
export class MediaToolError extends Error {
  readonly timedOut: boolean;
  readonly exitCode: number | null;

  constructor(message: string, options: { timedOut?: boolean; exitCode?: number | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MediaToolError';
    this.timedOut = options.timedOut ?? false;
    this.exitCode = options.exitCode ?? null;
  }
}

/**
 * Demuxers a user's file may be read with: MP3, WAV, OGG, WEBM/Matroska, MP4/M4A, AAC, FLAC, and
 * PNG/JPEG/WEBP stills. Not hls, concat, ffconcat, lavfi, subtitles or any network demuxer.
 */
export const SAFE_DEMUXERS = ['mp3', 'wav', 'ogg', 'matroska', 'webm', 'mov', 'mp4', 'm4a', 'aac', 'flac', 'image2', 'png_pipe', 'jpeg_pipe', 'webp_pipe'] as const;

/** `-i filePath` with its input options for untrusted content (see the module header). Options that apply to the input (e.g. `-stream_loop`) go before it. */
export function fileInput(filePath: string): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', SAFE_DEMUXERS.join(','), '-i', filePath];
}

let resolvedPath: string | undefined;

/** The ffmpeg binary: env FFMPEG_PATH, else `@ffmpeg-installer/ffmpeg`'s `path` (resolved once, at run time). */
export function ffmpegPath(): string {
  const fromEnv = process.env.FFMPEG_PATH;
  if (fromEnv) return fromEnv;
  resolvedPath ??= (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  return resolvedPath;
}

export interface RunFfmpegOptions {
  /** Length of the output, seconds: progress is the output time over it. */
  expectedSeconds?: number;
  /** Called with 0..1 (non-decreasing, at most about 4 times a second, 1 at the end). */
  onProgress?: (fraction: number) => void;
  /** Called with every output time ffmpeg reports, seconds. */
  onOutTime?: (seconds: number) => void;
  /** Kill ffmpeg (SIGKILL) after this many ms and throw MediaToolError with `timedOut`. Default 10 minutes. */
  timeoutMs?: number;
  cwd?: string;
}

/** Lines of stderr kept for the error message. */
const STDERR_LINES = 12;
const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/**
 * Runs ffmpeg with `args` (after `-hide_banner -nostdin -y -nostats -loglevel error -progress pipe:1`;
 * a later `-loglevel` in `args` wins). Resolves when it exits 0; rejects with MediaToolError
 * otherwise (exit code, signal or timeout, with the last stderr lines).
 */
export function runFfmpeg(args: string[], options: RunFfmpegOptions = {}): Promise<void> {
  const { expectedSeconds, onProgress, onOutTime, timeoutMs = DEFAULT_TIMEOUT_MS, cwd } = options;
  const fullArgs = ['-hide_banner', '-nostdin', '-y', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), fullArgs, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    // A render is background work: below normal priority it never slows a request served on the
    // same machine (the twin runs every function in one process); alone in a Lambda sandbox it
    // loses nothing.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, RENDER_NICENESS);
      } catch {
        // Not permitted here: run at normal priority.
      }
    }
    const stderr = new LineTail(STDERR_LINES);
    let stdoutRest = '';
    let reported = 0;
    let lastReportAt = 0;
    let timedOut = false;
    const report = (fraction: number, force = false) => {
      if (!onProgress) return;
      const clamped = Math.min(1, Math.max(reported, fraction));
      const now = Date.now();
      if (clamped === reported && reported > 0) return;
      if (!force && (clamped - reported < 0.005 || now - lastReportAt < 250)) return;
      reported = clamped;
      lastReportAt = now;
      onProgress(clamped);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (stdoutRest + chunk).split('\n');
      stdoutRest = lines.pop() ?? '';
      for (const line of lines) {
        // `out_time_ms` is in microseconds (ffmpeg's naming); `out_time_us` in later versions.
        const match = /^out_time_[mu]s=(\d+)/.exec(line);
        if (!match) continue;
        const seconds = Number(match[1]) / 1e6;
        onOutTime?.(seconds);
        if (expectedSeconds && expectedSeconds > 0) report(seconds / expectedSeconds);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => stderr.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MediaToolError(`ffmpeg could not start: ${error.message}`, { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new MediaToolError(`ffmpeg timed out after ${timeoutMs} ms${stderr.suffix()}`, { timedOut: true, exitCode: code }));
      } else if (code === 0) {
        report(1, true);
        resolve();
      } else {
        reject(new MediaToolError(`ffmpeg exited with ${signal ? `signal ${signal}` : `code ${code}`}${stderr.suffix()}`, { exitCode: code }));
      }
    });
  });
}

/** The last `max` lines of a stream (kept small: stderr of a long run can be large). */
class LineTail {
  private lines: string[] = [];
  private rest = '';

  constructor(private readonly max: number) {}

  push(chunk: string): void {
    const parts = (this.rest + chunk).split(/\r?\n|\r/);
    this.rest = (parts.pop() ?? '').slice(-2000);
    for (const line of parts) if (line.trim()) this.lines.push(line.slice(0, 500));
    if (this.lines.length > this.max) this.lines = this.lines.slice(-this.max);
  }

  /** ':\n<lines>' or ''. */
  suffix(): string {
    const all = [...this.lines, ...(this.rest.trim() ? [this.rest] : [])].slice(-this.max);
    return all.length > 0 ? `:\n${all.join('\n')}` : '';
  }
}

export interface ProbedMedia {
  /** Seconds, or null when the container does not say (e.g. a still image or a stream). */
  durationSeconds: number | null;
  hasAudio: boolean;
  /**
   * A real video stream or a still image. Cover art does not count: a stream marked "attached
   * pic", or a still-image codec (png, mjpeg, …) beside an audio stream (so an MJPEG video with
   * sound reads as audio only; the render job never takes those).
   */
  hasVideo: boolean;
  /** Of the first video stream. */
  width?: number;
  height?: number;
  /** Of the first video stream, as ffmpeg names it ('yuvj420p', 'rgba', 'pal8', …). */
  pixelFormat?: string;
}

/** Whether ffmpeg's pixel format `name` can carry transparency (alpha channel or a palette). */
export function hasAlphaChannel(pixelFormat: string | undefined): boolean {
  return /^(rgba|bgra|argb|abgr|ya8|ya16|yuva|gbrap|rgba64|bgra64|pal8)/.test(pixelFormat ?? '');
}

/**
 * Duration and streams of the media file at `filePath`, read from `ffmpeg -i` (which exits 1: no
 * output), with `fileInput`'s restrictions. A file ffmpeg cannot read (missing, not media, or a
 * format outside SAFE_DEMUXERS such as a playlist) gives no streams and a null duration. An audio
 * file whose container states no duration (a browser's MediaRecorder WEBM) is decoded once to
 * measure it;
 * throws MediaToolError only when ffmpeg cannot run at all or takes over `timeoutMs`.
 */
export async function probeMedia(filePath: string, timeoutMs = 30_000): Promise<ProbedMedia> {
  const probed = parseProbe(await inputReport(filePath, timeoutMs));
  if (probed.durationSeconds !== null || !probed.hasAudio) return probed;
  // No duration in the container (e.g. a browser's MediaRecorder WEBM): decode the audio to measure it.
  let decoded = 0;
  const measured = await runFfmpeg([...fileInput(filePath), '-map', '0:a:0', '-f', 'null', '-'], { onOutTime: (seconds) => (decoded = seconds), timeoutMs }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof MediaToolError && (error.timedOut || error.exitCode === null)) throw error;
      return false; // undecodable audio: no duration
    },
  );
  return { ...probed, durationSeconds: measured && decoded > 0 ? Math.round(decoded * 1000) / 1000 : null };
}

/** The stderr of `ffmpeg -i filePath` (the input report). */
function inputReport(filePath: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', ...fileInput(filePath)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 256 * 1024) stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MediaToolError(`ffmpeg could not start: ${error.message}`, { cause: error }));
    });
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') reject(new MediaToolError(`ffmpeg -i timed out after ${timeoutMs} ms`, { timedOut: true }));
      else resolve(stderr);
    });
  });
}

/** The `ffmpeg -i` report (stderr) as ProbedMedia; exported for its unit test. */
export function parseProbe(stderr: string): ProbedMedia {
  // Only the first input's section (ffmpeg reports one input here).
  const duration = /^\s*Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/m.exec(stderr);
  const durationSeconds = duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null;
  const streams = stderr
    .split('\n')
    .map((line) => /^\s*Stream #\d+:\d+.*?: (Video|Audio): (.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ type: match[1] as 'Video' | 'Audio', detail: match[2] as string }));
  const hasAudio = streams.some((stream) => stream.type === 'Audio');
  // Cover art: ffmpeg 4.1 does not always print "(attached pic)" (an MP3's APIC frame shows as a
  // plain png/mjpeg stream), so a still-image stream beside an audio stream counts as cover art.
  const isCover = (detail: string) => /\(attached pic\)/.test(detail) || (hasAudio && /^(png|mjpeg|bmp|gif|tiff|webp)\b/.test(detail));
  const videos = streams.filter((stream) => stream.type === 'Video' && !isCover(stream.detail));
  const hasVideo = videos.length > 0;
  const dimensions = videos.length > 0 ? /(?:^|[ ,])(\d{1,5})x(\d{1,5})(?=[ ,]|$)/.exec(videos[0]?.detail ?? '') : null;
  const size = dimensions ? { width: Number(dimensions[1]), height: Number(dimensions[2]) } : undefined;
  // "png, rgba(pc), 1201x801" / "h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080": the second field.
  const pixelFormat = videos.length > 0 ? /^[^,]*?(?:\([^)]*\)\s*)*,\s*([a-z0-9_]+)/.exec(videos[0]?.detail ?? '')?.[1] : undefined;
  return {
    durationSeconds: durationSeconds !== null && Number.isFinite(durationSeconds) ? durationSeconds : null,
    hasAudio,
    hasVideo,
    ...(size ?? {}),
    ...(pixelFormat ? { pixelFormat } : {}),
  };
}

/**
 * `value` as an option value inside a filter graph given to `-filter_complex`: escaped for the
 * option parser (`\`, `'`, `:`) and then for the graph parser (`\`, `'`, `[`, `]`, `,`, `;`), as
 * ffmpeg-filters(1) "Notes on filtergraph escaping" describes. For paths and colours; caption text
 * goes through `textfile` with `expansion=none` instead, so drawtext never parses it.
 */
export function filterValue(value: string): string {
  const level1 = value.replace(/[\\':]/g, (c) => `\\${c}`);
  return level1.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}
