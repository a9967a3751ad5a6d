/**
 * Minimal PNG codec on node:zlib (no packages): an RGB encoder (8-bit, filter 0, optional tEXt
 * chunks) for the offline image renderer, and a cheap average-colour reader for reference images
 * (8-bit, non-interlaced greyscale/RGB/RGBA/grey+alpha/palette; anything else returns null).
 */
import { deflateSync, inflateSync } from 'node:zlib';

export const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO-HDLC, as PNG uses) of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Encodes `rgb` (width × height × 3 bytes, row-major) as a PNG. `text` adds tEXt chunks (Latin-1). */
export function encodePng(width: number, height: number, rgb: Uint8Array, text: Record<string, string> = {}): Uint8Array {
  if (rgb.length !== width * height * 3) throw new Error('rgb buffer does not match the image size');
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (stride + 1)] = 0; // filter: none
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const textChunks = Object.entries(text).map(([key, value]) => chunk('tEXt', Buffer.from(`${key}\0${value}`, 'latin1')));
  return new Uint8Array(
    Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), ...textChunks, chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', new Uint8Array(0))]),
  );
}

export interface PngChunk {
  type: string;
  data: Uint8Array;
  crcOk: boolean;
}

/** Splits a PNG into chunks (checking each CRC). Throws when the signature or framing is wrong. */
export function readPngChunks(bytes: Uint8Array): PngChunk[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 8 || !PNG_SIGNATURE.every((b, i) => buf[i] === b)) throw new Error('not a PNG');
  const chunks: PngChunk[] = [];
  let offset = 8;
  while (offset + 12 <= buf.length) {
    const length = buf.readUInt32BE(offset);
    if (offset + 12 + length > buf.length) throw new Error('truncated PNG chunk');
    const type = buf.toString('latin1', offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    const crcOk = crc32(buf.subarray(offset + 4, offset + 8 + length)) === buf.readUInt32BE(offset + 8 + length);
    chunks.push({ type, data, crcOk });
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  return chunks;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const MAX_DECODED_BYTES = 64 * 1024 * 1024;

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * The average colour of a PNG, or null when it is not a PNG this reader handles cheaply
 * (16-bit or sub-byte depths, interlaced, corrupt, or larger than 64 MB decoded).
 */
export function averagePngColor(bytes: Uint8Array): [number, number, number] | null {
  try {
    const chunks = readPngChunks(bytes);
    const header = chunks[0];
    if (!header || header.type !== 'IHDR' || header.data.length !== 13) return null;
    const h = Buffer.from(header.data);
    const width = h.readUInt32BE(0);
    const height = h.readUInt32BE(4);
    const depth = h[8] as number;
    const colorType = h[9] as number;
    const channels = CHANNELS[colorType];
    if (depth !== 8 || !channels || h[12] !== 0 || width === 0 || height === 0) return null;
    const stride = width * channels;
    if ((stride + 1) * height > MAX_DECODED_BYTES) return null;
    const palette = chunks.find((c) => c.type === 'PLTE')?.data;
    if (colorType === 3 && !palette) return null;
    const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)), { maxOutputLength: MAX_DECODED_BYTES });
    if (raw.length < (stride + 1) * height) return null;
    let previous = new Uint8Array(stride);
    let current = new Uint8Array(stride);
    let r = 0;
    let g = 0;
    let b = 0;
    for (let y = 0; y < height; y += 1) {
      const filter = raw[y * (stride + 1)];
      const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
      for (let x = 0; x < stride; x += 1) {
        const left = x >= channels ? (current[x - channels] as number) : 0;
        const up = previous[x] as number;
        const upLeft = x >= channels ? (previous[x - channels] as number) : 0;
        const value = line[x] as number;
        let predictor = 0;
        if (filter === 1) predictor = left;
        else if (filter === 2) predictor = up;
        else if (filter === 3) predictor = (left + up) >> 1;
        else if (filter === 4) predictor = paeth(left, up, upLeft);
        else if (filter !== 0) return null;
        current[x] = (value + predictor) & 0xff;
      }
      for (let x = 0; x < width; x += 1) {
        const p = x * channels;
        if (colorType === 0 || colorType === 4) {
          const grey = current[p] as number;
          r += grey;
          g += grey;
          b += grey;
        } else if (colorType === 3) {
          const index = (current[p] as number) * 3;
          r += palette?.[index] ?? 0;
          g += palette?.[index + 1] ?? 0;
          b += palette?.[index + 2] ?? 0;
        } else {
          r += current[p] as number;
          g += current[p + 1] as number;
          b += current[p + 2] as number;
        }
      }
      [previous, current] = [current, previous];
    }
    const n = width * height;
    return [Math.round(r / n), Math.round(g / n), Math.round(b / n)];
  } catch {
    return null;
  }
}
