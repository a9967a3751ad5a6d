/**
 * The ffmpeg door (lambdas/platform/media/ffmpeg.ts, issue 18) with the real binary of
 * @ffmpeg-installer/ffmpeg: a run reports rising progress up to 1 and writes its output; a failing
 * run rejects with MediaToolError carrying ffmpeg's last stderr lines; a run over its timeout is
 * killed; probeMedia reads duration, streams and size (an MP3's cover art is not video, a file
 * that is not media has no streams); filterValue makes paths with the graph's special characters
 * usable inside -filter_complex.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { ffmpegPath, fileInput, filterValue, MediaToolError, parseProbe, probeMedia, runFfmpeg } from '../../../../../lambdas/platform/media/ffmpeg';
import { FFMPEG, probe } from '../../../../support/media';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ffmpeg-door-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ffmpegPath', () => {
  it('is the @ffmpeg-installer binary unless FFMPEG_PATH says otherwise', () => {
    const before = process.env.FFMPEG_PATH;
    delete process.env.FFMPEG_PATH;
    try {
      expect(ffmpegPath()).toBe(FFMPEG);
      process.env.FFMPEG_PATH = '/opt/bin/ffmpeg';
      expect(ffmpegPath()).toBe('/opt/bin/ffmpeg');
    } finally {
      if (before === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = before;
    }
  });
});

describe('runFfmpeg', () => {
  it('writes the output and reports rising progress that ends at 1', async () => {
    const output = path.join(dir, 'tone.m4a');
    const seen: number[] = [];
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=f=440:d=3', '-c:a', 'aac', output], { expectedSeconds: 3, onProgress: (f) => seen.push(f) });
    expect((await probe(output)).audio?.codec).toBe('aac');
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((value, index) => index === 0 || value >= (seen[index - 1] as number))).toBe(true);
    expect(seen.every((value) => value >= 0 && value <= 1)).toBe(true);
  });

  it('rejects with MediaToolError and the last stderr lines when ffmpeg fails', async () => {
    const error = await runFfmpeg(['-i', path.join(dir, 'missing.png'), path.join(dir, 'out.mp4')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaToolError);
    expect((error as MediaToolError).timedOut).toBe(false);
    expect((error as MediaToolError).exitCode).not.toBe(0);
    expect((error as Error).message).toMatch(/missing\.png: No such file or directory/);
  });

  it('kills a run that exceeds its timeout', async () => {
    const started = Date.now();
    const error = await runFfmpeg(['-re', '-f', 'lavfi', '-i', 'sine=f=440', '-f', 'null', '-'], { timeoutMs: 700 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaToolError);
    expect((error as MediaToolError).timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('probeMedia', () => {
  it('reads duration, streams and size of a video with sound', async () => {
    const file = path.join(dir, 'clip.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=322x242:r=25:d=2', '-f', 'lavfi', '-i', 'sine=d=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', file]);
    const probed = await probeMedia(file);
    expect(probed).toMatchObject({ hasAudio: true, hasVideo: true, width: 322, height: 242 });
    expect(probed.durationSeconds).toBeGreaterThan(1.9);
    expect(probed.durationSeconds).toBeLessThan(2.2);
  });

  it('does not count an MP3 cover as video', async () => {
    const cover = path.join(dir, 'cover.png');
    const song = path.join(dir, 'song.mp3');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=64x64', '-frames:v', '1', cover]);
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=d=1', '-i', cover, '-map', '0:a', '-map', '1:v', '-c:a', 'libmp3lame', '-c:v', 'png', '-disposition:v', 'attached_pic', '-id3v2_version', '3', song]);
    const probed = await probeMedia(song);
    expect(probed.hasAudio).toBe(true);
    expect(probed.hasVideo).toBe(false);
    expect(probed.durationSeconds).toBeGreaterThan(0.9);
  });

  it('gives no streams for a file that is not media, or is missing', async () => {
    const text = path.join(dir, 'notes.mp3');
    await writeFile(text, 'esto no es audio');
    expect(await probeMedia(text)).toEqual({ durationSeconds: null, hasAudio: false, hasVideo: false });
    expect(await probeMedia(path.join(dir, 'nothing.wav'))).toEqual({ durationSeconds: null, hasAudio: false, hasVideo: false });
  });

  it('measures an audio whose container states no duration (a WEBM written as a stream, like a browser recording)', async () => {
    const file = path.join(dir, 'recording.webm');
    const { stdout } = await promisify(execFile)(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=d=3', '-c:a', 'libopus', '-f', 'webm', 'pipe:1'], { encoding: 'buffer', maxBuffer: 1 << 24 });
    await writeFile(file, stdout);
    const probed = await probeMedia(file);
    expect(probed.hasAudio).toBe(true);
    expect(probed.durationSeconds).toBeGreaterThan(2.9);
    expect(probed.durationSeconds).toBeLessThan(3.1);
  });

  it('parses a still image report (no duration) and stream lines with codec tags', () => {
    const report = [
      "Input #0, png_pipe, from 'a.png':",
      '  Duration: N/A, bitrate: N/A',
      '    Stream #0:0: Video: png, rgba(pc), 1201x801, 25 tbr, 25 tbn, 25 tbc',
    ].join('\n');
    expect(parseProbe(report)).toEqual({ durationSeconds: null, hasAudio: false, hasVideo: true, width: 1201, height: 801 });
    const mp4 = '  Duration: 00:01:02.50, start: 0.000000, bitrate: 1 kb/s\n    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1080x1920 [SAR 1:1 DAR 9:16], 25 fps\n    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo';
    expect(parseProbe(mp4)).toEqual({ durationSeconds: 62.5, hasAudio: true, hasVideo: true, width: 1080, height: 1920 });
  });
});

describe('filterValue', () => {
  it('lets a path with colons, quotes, commas, brackets and backslashes name a drawtext file', async () => {
    const odd = path.join(dir, "a:b'c,d[e];f\\g");
    await writeFile(odd, '50% "sí": ok', 'utf8');
    const font = (await import('../../../../../lambdas/core/media/video/captions')).captionFontPath();
    const output = path.join(dir, 'text.png');
    await runFfmpeg([
      '-f', 'lavfi', '-i', 'color=c=black:s=320x120',
      '-filter_complex', `[0:v]drawtext=fontfile=${filterValue(font)}:textfile=${filterValue(odd)}:expansion=none:fontsize=24:fontcolor=white[v]`,
      '-map', '[v]', '-frames:v', '1', output,
    ]);
    expect((await probe(output)).video).toMatchObject({ width: 320, height: 120 });
  });
});

describe('fileInput', () => {
  it('refuses a playlist uploaded as audio, which would copy other local files into the output', async () => {
    const secret = path.join(dir, 'private.mp3');
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=d=2', secret]);
    const playlist = path.join(dir, 'upload.mp3');
    await writeFile(playlist, `#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:2.0,\nfile://${secret}\n#EXT-X-ENDLIST\n`);
    // Without the restrictions, ffmpeg 4.1 reads it as HLS and opens the file it names (this is what fileInput prevents).
    const unguarded = await promisify(execFile)(FFMPEG, ['-hide_banner', '-i', playlist]).catch((error: { stderr: string }) => error);
    expect(unguarded.stderr).toMatch(/Input #0, hls/);

    expect(await probeMedia(playlist)).toEqual({ durationSeconds: null, hasAudio: false, hasVideo: false });
    const output = path.join(dir, 'leak.m4a');
    await expect(runFfmpeg([...fileInput(playlist), '-c:a', 'aac', output])).rejects.toThrow(/not on whitelist/);
    expect(existsSync(output)).toBe(false);
  });
});
