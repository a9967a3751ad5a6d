/**
 * What can honestly be said about an image without seeing it (the offline provider, issue 6 item
 * 3): its format and its size in pixels and bytes, read from the file headers of PNG (IHDR), JPEG
 * (the first SOFn frame header) and WEBP (VP8, VP8L or VP8X chunk). Unknown or truncated files
 * give the format and byte size alone.
 */
import type { ChatImage } from './types';

export interface ImageInfo {
  format: 'PNG' | 'JPEG' | 'WEBP';
  width?: number;
  height?: number;
  bytes: number;
}

const FORMAT: Record<ChatImage['mediaType'], ImageInfo['format']> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WEBP' };

function pngSize(b: Uint8Array): [number, number] | null {
  if (b.length < 24) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return [view.getUint32(16), view.getUint32(20)];
}

function jpegSize(b: Uint8Array): [number, number] | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const length = ((b[i + 2] as number) << 8) | (b[i + 3] as number);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = ((b[i + 5] as number) << 8) | (b[i + 6] as number);
      const width = ((b[i + 7] as number) << 8) | (b[i + 8] as number);
      return [width, height];
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  if (b.length < 25) return null;
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  const at = (i: number) => b[i] ?? 0;
  if (chunk === 'VP8L') {
    const bits = at(21) | (at(22) << 8) | (at(23) << 16) | (at(24) << 24);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (b.length < 30) return null;
  if (chunk === 'VP8 ') return [(at(26) | (at(27) << 8)) & 0x3fff, (at(28) | (at(29) << 8)) & 0x3fff];
  if (chunk === 'VP8X') return [1 + (at(24) | (at(25) << 8) | (at(26) << 16)), 1 + (at(27) | (at(28) << 8) | (at(29) << 16))];
  return null;
}

/** Format, pixel size (when the headers give it) and byte size of `image`. */
export function imageInfo(image: ChatImage): ImageInfo {
  const size = image.mediaType === 'image/png' ? pngSize(image.bytes) : image.mediaType === 'image/jpeg' ? jpegSize(image.bytes) : webpSize(image.bytes);
  const info: ImageInfo = { format: FORMAT[image.mediaType], bytes: image.bytes.byteLength };
  if (size && size[0] > 0 && size[1] > 0) [info.width, info.height] = size;
  return info;
}

/** "una imagen PNG de 640×480 píxeles (12,3 KB)" (Spanish, for the offline answer). */
export function describeImage(image: ChatImage): string {
  const info = imageInfo(image);
  const kb = (info.bytes / 1024).toFixed(1).replace('.', ',');
  const pixels = info.width && info.height ? ` de ${info.width}×${info.height} píxeles` : '';
  return `una imagen ${info.format}${pixels} (${kb} KB)`;
}

/** JPEG by its magic bytes, PNG otherwise (the only two media types ImageResult allows). */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' {
  return bytes[0] === 0xff && bytes[1] === 0xd8 ? 'image/jpeg' : 'image/png';
}
