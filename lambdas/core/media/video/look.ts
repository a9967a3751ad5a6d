/**
 * A composed video's brand look (issue 18): the primary colour (caption boxes, the audiogram's
 * background) and the accent colour (caption frames, the audiogram's waveform), '#rrggbb', plus
 * the brand's name. Colours that are not '#rrggbb' fall back to DEFAULT_BRAND_COLORS.
 */
import { DEFAULT_BRAND_COLORS, HEX_COLOR_PATTERN } from '@director-ia/shared';

export interface BrandLook {
  /** '#rrggbb'. */
  primaryColor: string;
  /** '#rrggbb'. */
  accentColor: string;
  brandName?: string;
}

/** `look` with any colour that is not '#rrggbb' replaced by the default one. */
export function checkedLook(look: BrandLook): BrandLook {
  return {
    ...look,
    primaryColor: HEX_COLOR_PATTERN.test(look.primaryColor) ? look.primaryColor : DEFAULT_BRAND_COLORS.primaryColor,
    accentColor: HEX_COLOR_PATTERN.test(look.accentColor) ? look.accentColor : DEFAULT_BRAND_COLORS.accentColor,
  };
}

/** '#rrggbb' as ffmpeg's colour syntax '0xRRGGBB' (with '@alpha' when given); invalid → black. */
export function ffColor(hex: string, alpha?: number): string {
  const color = HEX_COLOR_PATTERN.test(hex) ? `0x${hex.slice(1).toUpperCase()}` : '0x000000';
  return alpha === undefined ? color : `${color}@${alpha.toFixed(2)}`;
}

/** Relative luminance of '#rrggbb' (WCAG), 0..1. */
export function luminance(hex: string): number {
  const channel = (index: number) => {
    const value = Number.parseInt(hex.slice(1 + 2 * index, 3 + 2 * index), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  if (!HEX_COLOR_PATTERN.test(hex)) return 0;
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The text colour readable on `hex` (white on dark colours, near-black on light ones), ffmpeg syntax. */
export function textColorOn(hex: string): string {
  // White wins while its contrast ratio (1.05 / (L + 0.05)) beats near-black's ((L + 0.05) / 0.05).
  return luminance(hex) > 0.18 ? '0x111111' : '0xFFFFFF';
}
