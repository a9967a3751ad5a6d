/**
 * The input side of `generarImagen` (issue 4 items 1 and 6): the inspiration image is checked by
 * its bytes (base64, size, magic bytes) before anything else happens, and the image prompt carries
 * the owner's instruction first and the brand's look after it, never the topics to avoid.
 */
import { describe, expect, it } from 'vitest';
import { MAX_INSPIRATION_BYTES, TALLER_MSG } from '@director-ia/shared';
import { decodeInspiration, imagePromptFor } from '../../../../../lambdas/core/generation/image';
import { InvalidInputError } from '../../../../../lambdas/platform/errors';
import { promptColors } from '../../../../../lambdas/platform/ai/offline/image';
import { solidPng } from '../../../../support/generation';

function failure(fn: () => unknown): InvalidInputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error('expected an InvalidInputError');
}

describe('decodeInspiration', () => {
  it('returns the bytes and the media type their magic bytes reveal', () => {
    const png = solidPng([10, 20, 30]);
    const decoded = decodeInspiration(png.toString('base64'));
    expect(decoded.mediaType).toBe('image/png');
    expect(Buffer.from(decoded.bytes).equals(png)).toBe(true);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 1, 2, 3]);
    expect(decodeInspiration(jpeg.toString('base64')).mediaType).toBe('image/jpeg');
  });

  it.each([
    ['a text file', Buffer.from('No soy una imagen, soy un texto.').toString('base64')],
    ['an empty string', ''],
    ['a whole data URL', `data:image/png;base64,${solidPng([1, 2, 3]).toString('base64')}`],
    ['base64 with spaces', 'iVBO Rw0K'],
  ])('refuses %s as not an image (400)', (_label, text) => {
    const error = failure(() => decodeInspiration(text));
    expect(error.message).toBe(TALLER_MSG.inspirationNotImage);
  });

  it('refuses an image over 4 MB before decoding it', () => {
    const big = Buffer.concat([solidPng([1, 2, 3]), Buffer.alloc(MAX_INSPIRATION_BYTES)]);
    const error = failure(() => decodeInspiration(big.toString('base64')));
    expect(error.message).toBe(TALLER_MSG.inspirationTooLarge(4));
    const exact = Buffer.concat([solidPng([1, 2, 3]), Buffer.alloc(MAX_INSPIRATION_BYTES - solidPng([1, 2, 3]).byteLength)]);
    expect(decodeInspiration(exact.toString('base64')).bytes.byteLength).toBe(MAX_INSPIRATION_BYTES);
  });
});

describe('imagePromptFor', () => {
  const brand = {
    brandName: 'Panadería Sol',
    brandPersonality: 'cercana, artesanal',
    targetAudience: 'familias del barrio',
    keywords: 'masa madre, horno de leña',
    topicsToAvoid: 'política, fútbol',
  };

  it('puts the instruction first and the brand settings after it', () => {
    const prompt = imagePromptFor('Una barra de pan azul sobre una mesa verde', brand);
    expect(prompt.startsWith('Una barra de pan azul sobre una mesa verde\n')).toBe(true);
    for (const value of ['Panadería Sol', 'cercana, artesanal', 'familias del barrio', 'masa madre, horno de leña']) expect(prompt).toContain(value);
  });

  it('never writes the topics to avoid into an image prompt', () => {
    const prompt = imagePromptFor('Un cartel de la tienda', brand);
    expect(prompt).not.toMatch(/política|fútbol|evita/i);
  });

  it('is the instruction alone for a brand without settings', () => {
    expect(imagePromptFor('  Un cartel  ', {})).toBe('Un cartel');
  });

  it('keeps the colours of the instruction first (the offline renderer reads them in order)', () => {
    const prompt = imagePromptFor('Un pastel rojo y azul', { ...brand, brandPersonality: 'dorada y verde' });
    expect(promptColors(prompt).slice(0, 2)).toEqual(promptColors('Un pastel rojo y azul'));
  });

  it('caps each brand field, so settings cannot swamp the instruction', () => {
    const prompt = imagePromptFor('Un cartel', { brandPersonality: 'x'.repeat(5000) });
    expect(prompt.length).toBeLessThan(400);
  });
});
