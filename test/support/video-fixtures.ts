/**
 * Inputs and frame checks for the composed-video tests (issue 18), made with the same ffmpeg
 * binary: stills of odd sizes in PNG, JPEG and WEBP, a test tone as music (lavfi `sine`), and the
 * colour of one pixel of a rendered frame.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { FFMPEG } from './media';

const run = promisify(execFile);

async function ffmpeg(args: string[]): Promise<Buffer> {
  const { stdout } = await run(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** Writes a still of `width`×`height` (a busy test pattern) to `dir/name`; the extension picks the format. */
export async function stillImage(dir: string, name: string, width: number, height: number, source = 'testsrc2'): Promise<string> {
  const file = path.join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', `${source}=s=${width}x${height}`, '-frames:v', '1', file]);
  return file;
}

/** A sine tone of `seconds` (−18 dBFS mean or so) to `dir/name` (MP3 by default). */
export async function testTone(dir: string, seconds: number, name = 'music.mp3', frequency = 440): Promise<string> {
  const file = path.join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', `sine=f=${frequency}:d=${seconds}`, file]);
  return file;
}

/** The RGB colour of the pixel at (`x`, `y`) (fractions of width and height) of the frame at `seconds`. */
export async function pixelAt(video: string, seconds: number, x: number, y: number): Promise<[number, number, number]> {
  const raw = await ffmpeg(['-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', `format=rgb24,crop=1:1:floor(iw*${x}):floor(ih*${y})`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
  return [raw[0] ?? -1, raw[1] ?? -1, raw[2] ?? -1];
}

/** Whether two RGB colours are within `tolerance` on every channel (video compression moves them a little). */
export function near(actual: [number, number, number], hex: string, tolerance = 24): boolean {
  const expected = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return actual.every((value, index) => Math.abs(value - (expected[index] as number)) <= tolerance);
}

/** The RGB colours down the column at `x` (fraction of the width) of the frame at `seconds`, from `fromY` (fraction) to the bottom. */
export async function columnAt(video: string, seconds: number, x: number, fromY: number): Promise<[number, number, number][]> {
  const raw = await ffmpeg(['-ss', String(seconds), '-i', video, '-frames:v', '1', '-vf', `format=rgb24,crop=1:ih-floor(ih*${fromY}):floor(iw*${x}):floor(ih*${fromY})`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
  const pixels: [number, number, number][] = [];
  for (let at = 0; at + 2 < raw.length; at += 3) pixels.push([raw[at] as number, raw[at + 1] as number, raw[at + 2] as number]);
  return pixels;
}

/** The audio of `video` from `fromSeconds` to its end, as a WAV in `dir` (to measure the loudness of a part). */
export async function audioTail(video: string, fromSeconds: number, dir: string): Promise<string> {
  const file = path.join(dir, `tail-${path.basename(video)}-${fromSeconds}.wav`);
  await ffmpeg(['-ss', String(fromSeconds), '-i', video, '-vn', file]);
  return file;
}

/** A PNG of `width`×`height`, transparent but for a blue box in its middle third (a logo), to `dir/name`. */
export async function transparentImage(dir: string, name: string, width: number, height: number): Promise<string> {
  const file = path.join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', `color=c=white:s=${width}x${height},format=rgba,geq=r=0:g=0:b=255:a='255*between(X,W/3,2*W/3)*between(Y,H/3,2*H/3)'`, '-frames:v', '1', file]);
  return file;
}

/**
 * An 800×400 JPEG, left half red and right half blue, with an EXIF Orientation tag (APP1 segment
 * inserted after SOI, big-endian TIFF), to `dir/name`. Orientation 6 means "rotate 90° clockwise
 * to view": upright, red is on top and blue below.
 */
export async function orientedJpeg(dir: string, name: string, orientation: number): Promise<string> {
  const plain = path.join(dir, `plain-${name}`);
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=400x400', '-f', 'lavfi', '-i', 'color=c=blue:s=400x400', '-filter_complex', '[0][1]hstack', '-frames:v', '1', plain]);
  const jpeg = await readFile(plain);
  const tiff = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
  const file = path.join(dir, name);
  await writeFile(file, Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]));
  return file;
}
