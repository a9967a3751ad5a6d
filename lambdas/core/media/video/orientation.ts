/**
 * Phone photos are stored sideways with an EXIF "Orientation" tag that viewers apply; ffmpeg 4.1
 * ignores it for stills. `jpegOrientation` reads the tag (1–8, 1 when absent or not a JPEG) from
 * a file's first bytes, `orientationFilter` gives the ffmpeg filters that stand the image up.
 */
import { open } from 'node:fs/promises';

/** Bytes read from the start of an image: the EXIF block is in the first APP1 segment (≤ 64 KB). */
const HEAD_BYTES = 128 * 1024;

/** The EXIF orientation of the JPEG `bytes` (1–8), 1 when there is none or the bytes are not a JPEG. */
export function jpegOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 4 || view.getUint16(0) !== 0xffd8) return 1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return 1;
    const marker = bytes[at + 1] as number;
    if (marker === 0xd9 || marker === 0xda) return 1; // end of image, start of scan: no EXIF before the pixels
    const length = view.getUint16(at + 2);
    if (marker === 0xe1 && at + 10 <= bytes.length && String.fromCharCode(...bytes.subarray(at + 4, at + 10)) === 'Exif\0\0') {
      return exifOrientation(view, at + 10, Math.min(bytes.length, at + 2 + length));
    }
    at += 2 + length;
  }
  return 1;
}

/** The Orientation tag (0x0112) of IFD0 of the TIFF block at `start` (to `end`), else 1. */
function exifOrientation(view: DataView, start: number, end: number): number {
  if (start + 8 > end) return 1;
  const order = view.getUint16(start);
  if (order !== 0x4949 && order !== 0x4d4d) return 1;
  const little = order === 0x4949;
  const ifd = start + view.getUint32(start + 4, little);
  if (ifd + 2 > end) return 1;
  const entries = view.getUint16(ifd, little);
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** The orientation of the image file at `filePath` (reads its first bytes only; 1 when it cannot be read: ffmpeg reports that). */
export async function imageOrientation(filePath: string): Promise<number> {
  const file = await open(filePath, 'r').catch(() => undefined);
  if (!file) return 1;
  try {
    const buffer = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return jpegOrientation(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** ffmpeg filters (comma-joined, '' for none) that turn an image of EXIF `orientation` upright. */
export function orientationFilter(orientation: number): string {
  switch (orientation) {
    case 2:
      return 'hflip';
    case 3:
      return 'hflip,vflip';
    case 4:
      return 'vflip';
    case 5:
      return 'transpose=cclock_flip';
    case 6:
      return 'transpose=clock';
    case 7:
      return 'transpose=clock_flip';
    case 8:
      return 'transpose=cclock';
    default:
      return '';
  }
}
