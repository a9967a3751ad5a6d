/**
 * Caption text and layout (lambdas/core/media/video/captions.ts, issue 18): emoji and control
 * characters are removed and whitespace collapsed, accents kept; wrapping keeps every line within
 * the width by DejaVu Sans Bold's advance widths (a word longer than a line is cut); a caption too
 * long for its lines gets a smaller font, then an ellipsis; shorter lines are led by spaces so
 * they sit centred; the font file is the package's, unless VIDEO_FONT_PATH overrides it.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STORYBOARD_LIMITS } from '@director-ia/shared';
import { captionFontPath, cleanCaption, fitCaption, textWidthEm, wrapText } from '../../../../../../lambdas/core/media/video/captions';

describe('cleanCaption', () => {
  it('drops emoji, flags and control characters, keeps accents and punctuation', () => {
    expect(cleanCaption('  ¡Olé! 🎉🇪🇸 Cafe\u0301 con\tleche\n"50%": {ok} \\ 👍🏽 ')).toBe('¡Olé! Café con leche "50%": {ok} \\');
    expect(cleanCaption('🎉')).toBe('');
  });
});

describe('wrapText and fitCaption', () => {
  it('keeps every line within the width and cuts a word longer than a line', () => {
    const lines = wrapText('Supercalifragilisticoespialidoso es una palabra muy larga para una línea', 8);
    expect(lines.every((line) => textWidthEm(line) <= 8)).toBe(true);
    expect(lines.join('')).toContain('Supercal');
    expect(lines.join(' ').replace(/\s+/g, '')).toBe('Supercalifragilisticoespialidosoesunapalabramuylargaparaunalínea');
  });

  it('wider glyphs take more room (M is wider than i)', () => {
    expect(textWidthEm('MMMM')).toBeGreaterThan(textWidthEm('iiii') * 2);
    expect(textWidthEm('ñ')).toBeCloseTo(textWidthEm('n'), 5);
  });

  it('shrinks the font for a long caption, then ends the last line with an ellipsis', () => {
    const long = 'palabra '.repeat(Math.floor(STORYBOARD_LIMITS.captionMax / 8)).trim();
    const fitted = fitCaption(long, { maxWidthPx: 900, fontSize: 60, maxLines: 3 });
    expect(fitted.fontSize).toBeLessThan(60);
    expect(fitted.lines.length).toBeLessThanOrEqual(3);
    expect(fitted.lines.every((line) => textWidthEm(line) * fitted.fontSize <= 900)).toBe(true);

    const huge = fitCaption('texto '.repeat(200).trim(), { maxWidthPx: 600, fontSize: 50, maxLines: 2 });
    expect(huge.fontSize).toBe(30);
    expect(huge.lines).toHaveLength(2);
    expect(huge.lines[1]?.endsWith('…')).toBe(true);
  });

  it('centres shorter lines with leading spaces', () => {
    const fitted = fitCaption('Una primera línea bastante larga y corta', { maxWidthPx: 700, fontSize: 50, maxLines: 4 });
    expect(fitted.lines).toHaveLength(2);
    const [first, second] = fitted.lines as [string, string];
    const shorter = textWidthEm(first.trim()) < textWidthEm(second.trim()) ? first : second;
    expect(shorter.startsWith(' ')).toBe(true);
  });
});

describe('captionFontPath', () => {
  it('is the DejaVu Sans Bold file of dejavu-fonts-ttf, or VIDEO_FONT_PATH', () => {
    const before = process.env.VIDEO_FONT_PATH;
    delete process.env.VIDEO_FONT_PATH;
    try {
      const font = captionFontPath();
      expect(font).toMatch(/dejavu-fonts-ttf\/ttf\/DejaVuSans-Bold\.ttf$/);
      expect(existsSync(font)).toBe(true);
      process.env.VIDEO_FONT_PATH = '/opt/fonts/x.ttf';
      expect(captionFontPath()).toBe('/opt/fonts/x.ttf');
    } finally {
      if (before === undefined) delete process.env.VIDEO_FONT_PATH;
      else process.env.VIDEO_FONT_PATH = before;
    }
  });
});
