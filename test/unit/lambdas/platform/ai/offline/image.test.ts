/**
 * The offline image is a real PNG (signature, IHDR, CRCs, decodable IDAT) that reflects the
 * prompt: colour words set the palette, different prompts give different bytes, the same prompt
 * identical bytes, and a PNG reference image tints it.
 */
import fc from 'fast-check';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { promptColors, renderOfflineImage } from '../../../../../../lambdas/platform/ai/offline/image';
import { averagePngColor, crc32, encodePng, readPngChunks } from '../../../../../../lambdas/platform/ai/offline/png';

function decodeHeader(bytes: Uint8Array) {
  const chunks = readPngChunks(bytes);
  const ihdr = Buffer.from(chunks[0]?.data ?? []);
  return { chunks, width: ihdr.readUInt32BE(0), height: ihdr.readUInt32BE(4), depth: ihdr[8], colorType: ihdr[9], interlace: ihdr[12] };
}

/** Average colour of the image above the OFFLINE band. */
function averageAboveBand(bytes: Uint8Array): [number, number, number] {
  const { chunks, width, height } = decodeHeader(bytes);
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const rows = Math.floor(height * 0.8);
  const sum = [0, 0, 0];
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < width; x += 1) for (let c = 0; c < 3; c += 1) sum[c] = (sum[c] as number) + (raw[y * (width * 3 + 1) + 1 + x * 3 + c] as number);
  }
  return sum.map((s) => s / (rows * width)) as [number, number, number];
}

describe('offline PNG', () => {
  it('is a valid 512x512 RGB PNG by default, every CRC correct, IDAT inflating to the full image', () => {
    const png = renderOfflineImage({ prompt: 'Escaparate de panadería con luz de mañana' });
    const { chunks, width, height, depth, colorType, interlace } = decodeHeader(png);
    expect([width, height, depth, colorType, interlace]).toEqual([512, 512, 8, 2, 0]);
    expect(chunks[0]?.type).toBe('IHDR');
    expect(chunks.at(-1)?.type).toBe('IEND');
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
    expect(raw.length).toBe((512 * 3 + 1) * 512);
    const text = chunks.filter((c) => c.type === 'tEXt').map((c) => Buffer.from(c.data).toString('latin1'));
    expect(text.join('\n')).toContain('sin modelo de IA');
  });

  it.each([
    [100, 80, 100, 80],
    [10, 5000, 64, 1024],
    [undefined, undefined, 512, 512],
  ])('honours the size %s x %s (clamped to 64–1024) → %s x %s', (w, h, ew, eh) => {
    const { width, height } = decodeHeader(renderOfflineImage({ prompt: 'x', width: w, height: h }));
    expect([width, height]).toEqual([ew, eh]);
  });

  it('same prompt → identical bytes; different prompts → different bytes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 40 }), (a, b) => {
        const pa = renderOfflineImage({ prompt: a, width: 96, height: 96 });
        expect(Buffer.from(renderOfflineImage({ prompt: a, width: 96, height: 96 })).equals(Buffer.from(pa))).toBe(true);
        const na = a.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
        const nb = b.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
        fc.pre(na !== nb);
        expect(Buffer.from(renderOfflineImage({ prompt: b, width: 96, height: 96 })).equals(Buffer.from(pa))).toBe(false);
      }),
      { numRuns: 40 },
    );
  });

  it.each([
    ['Un coche rojo', 0],
    ['Cielo azul de verano', 2],
    ['Bosque verde', 1],
  ])('colour words set the palette: %j is dominated by channel %i', (prompt, channel) => {
    const avg = averageAboveBand(renderOfflineImage({ prompt, width: 128, height: 128 }));
    const others = [0, 1, 2].filter((c) => c !== channel).map((c) => avg[c] as number);
    expect(avg[channel]).toBeGreaterThan(Math.max(...others));
  });

  it('reads colour words in feminine and plural forms, in order, at most three', () => {
    expect(promptColors('Rosas rojas y hojas verdes sobre fondo blanco y negro')).toHaveLength(3);
    expect(promptColors('camisetas azules')).toEqual([[40, 85, 200]]);
    expect(promptColors('nada de color')).toEqual([]);
  });

  it('blends in the average colour of a PNG reference image; ignores other formats', () => {
    const red = encodePng(4, 4, new Uint8Array(4 * 4 * 3).map((_, i) => (i % 3 === 0 ? 255 : 0)));
    const plain = renderOfflineImage({ prompt: 'cielo azul', width: 64, height: 64 });
    const tinted = renderOfflineImage({ prompt: 'cielo azul', width: 64, height: 64, referenceImage: { bytes: red, mediaType: 'image/png' } });
    const jpeg = renderOfflineImage({ prompt: 'cielo azul', width: 64, height: 64, referenceImage: { bytes: new Uint8Array([0xff, 0xd8, 0xff]), mediaType: 'image/jpeg' } });
    expect(averageAboveBand(tinted)[0]).toBeGreaterThan(averageAboveBand(plain)[0] + 20);
    expect(Buffer.from(jpeg).equals(Buffer.from(plain))).toBe(true);
  });
});

describe('png codec', () => {
  it('crc32 matches the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('averagePngColor reads back what encodePng wrote', () => {
    const rgb = new Uint8Array(2 * 2 * 3);
    rgb.set([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]);
    expect(averagePngColor(encodePng(2, 2, rgb))).toEqual([128, 128, 128]);
  });

  it.each([
    ['not a PNG', new Uint8Array([1, 2, 3])],
    ['truncated PNG', renderOfflineImage({ prompt: 'x', width: 64, height: 64 }).subarray(0, 60)],
  ])('averagePngColor returns null for %s', (_label, bytes) => {
    expect(averagePngColor(bytes)).toBeNull();
  });
});
