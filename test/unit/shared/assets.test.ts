/**
 * The Taller contract (spec 7 `generarImagen` payload `{prompt, imageBase64}`; issue 4 items 1, 5, 6):
 * exact field names, the limits with their Spanish messages, base64 and magic-byte checks the web
 * and the server share, and a body limit that lets the largest allowed inspiration image through.
 */
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import {
  ASSET_TYPE_LABELS,
  ASSET_TYPES,
  base64DecodedBytes,
  base64Length,
  CALLABLES,
  DEFAULT_MAX_BODY_BYTES,
  eliminarRecurso,
  generarImagen,
  isBase64,
  listarRecursos,
  MAX_INSPIRATION_BASE64_LENGTH,
  MAX_INSPIRATION_BYTES,
  MAX_PROMPT_LENGTH,
  sniffImageMediaType,
  TALLER_MSG,
} from '@director-ia/shared';
import { solidPng } from '../../support/generation';

const png = solidPng([200, 40, 45]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const webp = new Uint8Array([...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]);

const firstMessage = (result: ReturnType<typeof safeParse>) => (result.success ? undefined : result.error.issues[0]?.message);

describe('generarImagen payload (spec 7)', () => {
  const input = generarImagen.input;

  it('is an active callable registered under its spec name', () => {
    expect(CALLABLES.generarImagen).toBe(generarImagen);
    expect(generarImagen.name).toBe('generarImagen');
    expect(generarImagen.access).toBe('active');
  });

  it('takes exactly {prompt, imageBase64}, imageBase64 being the base64 after the comma or null', () => {
    const base64 = png.toString('base64');
    expect(safeParse(input, { prompt: 'Un pan de masa madre', imageBase64: base64 })).toEqual({ success: true, data: { prompt: 'Un pan de masa madre', imageBase64: base64 } });
    expect(safeParse(input, { prompt: 'Un pan', imageBase64: null }).success).toBe(true);
    // Any other field name (e.g. the whole data URL under another name) is refused.
    expect(safeParse(input, { prompt: 'Un pan', image: base64 }).success).toBe(false);
    expect(safeParse(input, { instruction: 'Un pan', imageBase64: null }).success).toBe(false);
  });

  it('trims the prompt and requires one, with the spec message', () => {
    expect(safeParse(input, { prompt: '  Un pan  ', imageBase64: null })).toMatchObject({ success: true, data: { prompt: 'Un pan' } });
    for (const prompt of ['', '   \n ']) expect(firstMessage(safeParse(input, { prompt, imageBase64: null }))).toBe(TALLER_MSG.promptRequired);
    expect(firstMessage(safeParse(input, { imageBase64: null }))).toBe(TALLER_MSG.promptRequired);
    expect(TALLER_MSG.promptRequired).toBe('Por favor, escribe una instrucción para generar la imagen.');
  });

  it(`refuses a prompt over ${MAX_PROMPT_LENGTH} characters`, () => {
    expect(safeParse(input, { prompt: 'a'.repeat(MAX_PROMPT_LENGTH), imageBase64: null }).success).toBe(true);
    expect(firstMessage(safeParse(input, { prompt: 'a'.repeat(MAX_PROMPT_LENGTH + 1), imageBase64: null }))).toBe(TALLER_MSG.promptTooLong(MAX_PROMPT_LENGTH));
  });

  it('refuses an inspiration image over 4 MB and text that is not base64', () => {
    expect(MAX_INSPIRATION_BYTES).toBe(4 * 1024 * 1024);
    expect(firstMessage(safeParse(input, { prompt: 'x', imageBase64: 'A'.repeat(MAX_INSPIRATION_BASE64_LENGTH + 4) }))).toBe(TALLER_MSG.inspirationTooLarge(4));
    expect(firstMessage(safeParse(input, { prompt: 'x', imageBase64: `data:image/png;base64,${png.toString('base64')}` }))).toBe(TALLER_MSG.inspirationNotImage);
    expect(firstMessage(safeParse(input, { prompt: 'x', imageBase64: 42 }))).toBe(TALLER_MSG.inspirationNotImage);
  });

  it('declares a body limit that fits the largest allowed image with a full prompt, and no more than Lambda takes', () => {
    const largest = JSON.stringify({ data: { prompt: '\u0001'.repeat(MAX_PROMPT_LENGTH), imageBase64: 'A'.repeat(MAX_INSPIRATION_BASE64_LENGTH) } });
    expect(generarImagen.maxBodyBytes).toBeGreaterThanOrEqual(Buffer.byteLength(largest));
    expect(generarImagen.maxBodyBytes).toBeGreaterThan(DEFAULT_MAX_BODY_BYTES);
    expect(generarImagen.maxBodyBytes).toBeLessThan(6 * 1024 * 1024 - 64 * 1024); // Lambda's synchronous payload limit, minus the event's own fields
  });

  it('answers {imageUrl, assetId, offline, model}', () => {
    expect(safeParse(generarImagen.output, { imageUrl: 'https://x/y.png', assetId: 'a', offline: true, model: 'offline-png-v1' }).success).toBe(true);
    expect(safeParse(generarImagen.output, { assetId: 'a', offline: true, model: 'm' }).success).toBe(false);
  });
});

describe('gallery payloads', () => {
  it('listarRecursos takes nothing or a type', () => {
    for (const data of [null, undefined, {}, { type: 'image' }, { type: 'voice' }]) expect(safeParse(listarRecursos.input, data).success).toBe(true);
    expect(safeParse(listarRecursos.input, { type: 'pdf' }).success).toBe(false);
  });

  it('eliminarRecurso takes {id}', () => {
    expect(safeParse(eliminarRecurso.input, { id: 'abc' }).success).toBe(true);
    expect(safeParse(eliminarRecurso.input, { id: '' }).success).toBe(false);
    expect(safeParse(eliminarRecurso.input, {}).success).toBe(false);
  });

  it('labels every asset type in Spanish', () => {
    expect(ASSET_TYPES.map((t) => ASSET_TYPE_LABELS[t])).toEqual(['Imagen', 'Avatar', 'Vídeo', 'Voz', 'Música']);
  });
});

describe('sniffImageMediaType (magic bytes)', () => {
  it.each([
    ['PNG', png, 'image/png'],
    ['JPEG', jpeg, 'image/jpeg'],
    ['WEBP', webp, 'image/webp'],
  ] as const)('recognises %s', (_label, bytes, type) => {
    expect(sniffImageMediaType(bytes)).toBe(type);
  });

  it.each([
    ['a text file', Buffer.from('Hola, esto no es una imagen.')],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ['a RIFF that is not WEBP (WAV)', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ')],
    ['a truncated PNG signature', png.subarray(0, 5)],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_label, bytes) => {
    expect(sniffImageMediaType(bytes)).toBeNull();
  });
});

describe('base64 helpers', () => {
  it.each([0, 1, 2, 3, 4, 1000, 4097])('knows the length and decoded size of %i bytes', (n) => {
    const text = Buffer.alloc(n, 7).toString('base64');
    expect(base64Length(n)).toBe(text.length);
    expect(base64DecodedBytes(text)).toBe(n);
    expect(isBase64(text)).toBe(true);
  });

  it('accepts unpadded base64 and refuses anything else', () => {
    expect(isBase64('QUJD')).toBe(true);
    expect(isBase64('QUI')).toBe(true);
    for (const text of ['QUJD\n', 'QU JD', 'QUJ-', 'QUJ_', 'Q', 'QU=', 'QUJD=', 'data:image/png;base64,QUJD', '====']) expect(isBase64(text)).toBe(false);
  });
});
