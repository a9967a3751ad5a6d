/**
 * EXIF orientation of stills (lambdas/core/media/video/orientation.ts, issue 18): read from a
 * JPEG's APP1 segment in either byte order, 1 for files without one or that are not JPEGs, and
 * the filters that turn each orientation upright.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageOrientation, jpegOrientation, orientationFilter } from '../../../../../../lambdas/core/media/video/orientation';
import { orientedJpeg, stillImage } from '../../../../../support/video-fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'orientation-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('jpegOrientation', () => {
  it('reads the tag of a JPEG with EXIF, big-endian', async () => {
    for (const orientation of [1, 3, 6, 8]) expect(await imageOrientation(await orientedJpeg(dir, `o${orientation}.jpg`, orientation))).toBe(orientation);
  });

  it('reads a little-endian TIFF block', () => {
    const tiff = [0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0];
    const body = [...Buffer.from('Exif\0\0', 'latin1'), ...tiff];
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body, 0xff, 0xd9]);
    expect(jpegOrientation(bytes)).toBe(8);
  });

  it('is 1 for a JPEG without EXIF, a PNG, garbage and a missing file', async () => {
    expect(jpegOrientation(await readFile(await stillImage(dir, 'plain.jpg', 64, 48)))).toBe(1);
    expect(jpegOrientation(await readFile(await stillImage(dir, 'plain.png', 64, 48)))).toBe(1);
    expect(jpegOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0x45]))).toBe(1);
    expect(await imageOrientation(path.join(dir, 'missing.jpg'))).toBe(1);
  });
});

describe('orientationFilter', () => {
  it('turns each orientation upright', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(orientationFilter)).toEqual(['', 'hflip', 'hflip,vflip', 'vflip', 'transpose=cclock_flip', 'transpose=clock', 'transpose=clock_flip', 'transpose=cclock', '']);
  });
});
