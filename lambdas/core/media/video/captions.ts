/**
 * Burned-in captions of composed videos (issue 18 item 2): text on a box in the brand's primary
 * colour framed and underlined in its accent colour, DejaVu Sans Bold, wrapped to fit the frame.
 * - `cleanCaption`: the text as drawn: Unicode NFC, one line of plain text (control characters,
 *   emoji and other symbols the font lacks removed, whitespace collapsed).
 * - `fitCaption`: lines and font size so the block fits the frame's width in at most `maxLines`
 *   lines (advance widths of DejaVu Sans Bold, so the estimate is the font's own; lines centred
 *   with leading spaces because drawtext 4.1 cannot centre lines).
 * - `CaptionPainter.block`: the drawtext filters of one caption. The text never enters the filter
 *   graph: it is written to a text file in the work directory read with `textfile` and
 *   `expansion=none`, so quotes, colons, percent signs, braces and backslashes are drawn as typed.
 * The font file is resolved at run time (`dejavu-fonts-ttf` is installed beside the render
 * Lambda's bundle), env VIDEO_FONT_PATH overrides it.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { filterValue } from '../../../platform/media/ffmpeg';
import { ffColor, textColorOn, type BrandLook } from './look';

let fontPath: string | undefined;

/** DejaVu Sans Bold: env VIDEO_FONT_PATH, else `dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf` resolved from this module. */
export function captionFontPath(): string {
  const fromEnv = process.env.VIDEO_FONT_PATH;
  if (fromEnv) return fromEnv;
  fontPath ??= createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
  return fontPath;
}

/**
 * Advance widths of DejaVu Sans Bold, hundredths of an em, for U+0020..U+00FF (0 = control
 * character), read from the font's hmtx table.
 */
const LATIN1_WIDTHS = [
  35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37,
  37, 77, 64, 100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50, 50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60,
  48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 35, 46, 70, 70, 64, 70, 37,
  50, 50, 100, 56, 65, 84, 42, 100, 50, 50, 84, 44, 44, 50, 74, 64, 38, 50, 44, 56, 65, 104, 104, 104, 58, 77, 77, 77, 77, 77, 77, 108, 73, 68, 68, 68, 68, 37, 37, 37, 37,
  84, 84, 85, 85, 85, 85, 85, 84, 85, 81, 81, 81, 81, 72, 74, 72, 67, 67, 67, 67, 67, 67, 105, 59, 68, 68, 68, 68, 34, 34, 34, 34, 69, 71, 69, 69, 69, 69, 69, 84, 69, 71,
  71, 71, 71, 65, 72, 65,
];
/** Width assumed for characters outside Latin-1 (quotes, dashes, €, …): on the wide side. */
const OTHER_WIDTH = 100;
const SPACE_WIDTH = 35;

/** Width of `text` in ems of DejaVu Sans Bold. */
export function textWidthEm(text: string): number {
  let hundredths = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    hundredths += code >= 0x20 && code <= 0xff ? (LATIN1_WIDTHS[code - 0x20] ?? OTHER_WIDTH) : OTHER_WIDTH;
  }
  return hundredths / 100;
}

/**
 * The caption as drawn: NFC, emoji/pictographs, variation selectors, zero-width joiners and
 * control characters removed (the font has no emoji: they would be empty boxes), whitespace
 * (newlines included) collapsed to single spaces, trimmed.
 */
export function cleanCaption(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{FE00}-\u{FE0F}\u{200B}-\u{200D}\u{2060}\u{E0020}-\u{E007F}\p{Regional_Indicator}]|\u{20E3}/gu, '')
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u{2028}\u{2029}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** `text` (clean, one line) wrapped into lines of at most `maxEm` ems; a word longer than a line is cut. */
export function wrapText(text: string, maxEm: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = () => {
    if (line) lines.push(line);
    line = '';
  };
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidthEm(candidate) <= maxEm) {
      line = candidate;
      continue;
    }
    push();
    let rest = word;
    while (textWidthEm(rest) > maxEm) {
      let cut = 1;
      const chars = [...rest];
      while (cut < chars.length && textWidthEm(chars.slice(0, cut + 1).join('')) <= maxEm) cut += 1;
      lines.push(chars.slice(0, cut).join(''));
      rest = chars.slice(cut).join('');
    }
    line = rest;
  }
  push();
  return lines;
}

export interface FittedCaption {
  /** The lines, shorter ones led by spaces so that they look centred under the longest. */
  lines: string[];
  fontSize: number;
}

/**
 * Lines and font size for `text` (already clean) in a block at most `maxWidthPx` wide and
 * `maxLines` lines tall: the largest size from `fontSize` down to 60% of it that fits; at the
 * smallest size, extra lines are dropped and the last kept line ends with '…'.
 */
export function fitCaption(text: string, options: { maxWidthPx: number; fontSize: number; maxLines: number }): FittedCaption {
  const { maxWidthPx, maxLines } = options;
  const smallest = Math.round(options.fontSize * 0.6);
  let fontSize = options.fontSize;
  let lines = wrapText(text, maxWidthPx / fontSize);
  while (lines.length > maxLines && fontSize > smallest) {
    fontSize = Math.max(smallest, Math.round(fontSize * 0.9));
    lines = wrapText(text, maxWidthPx / fontSize);
  }
  if (lines.length > maxLines) {
    lines = lines.slice(0, maxLines);
    const maxEm = maxWidthPx / fontSize;
    let last = `${lines[maxLines - 1]}…`;
    while (textWidthEm(last) > maxEm && last.length > 1) last = `${[...last].slice(0, -2).join('').trimEnd()}…`;
    lines[maxLines - 1] = last;
  }
  const widest = Math.max(0, ...lines.map(textWidthEm));
  const centred = lines.map((line) => `${' '.repeat(Math.floor((widest - textWidthEm(line)) / 2 / (SPACE_WIDTH / 100)))}${line}`);
  return { lines: centred, fontSize };
}

/** Where a caption block sits: its top or bottom edge at `marginPx` from that edge of the frame. */
export interface CaptionPlacement {
  anchor: 'top' | 'bottom';
  marginPx: number;
}

/** Timing of a caption: drawn only between these seconds of its stream (timeline `enable`). */
export interface CaptionTiming {
  startSeconds: number;
  endSeconds: number;
}

/**
 * Writes the text files of captions into `workDir` and builds their drawtext filters. One painter
 * per video (its file names are numbered).
 */
export class CaptionPainter {
  private count = 0;

  constructor(
    private readonly workDir: string,
    private readonly look: BrandLook,
    private readonly frame: { width: number; height: number },
  ) {}

  /** Caption font size for this frame: 5.2% of its shorter side (56 px at 1080). */
  get baseFontSize(): number {
    return Math.round(Math.min(this.frame.width, this.frame.height) * 0.052);
  }

  /**
   * The filters (comma-joined, to append to a video chain) drawing `text` as a block, or '' when
   * the text is empty once cleaned. Accent frame and underline: the same block drawn first with
   * invisible text, `border` px larger at the top, more at the sides and most at the bottom.
   */
  async block(text: string, placement: CaptionPlacement, options: { timing?: CaptionTiming; fontSize?: number; maxLines?: number } = {}): Promise<string> {
    const clean = cleanCaption(text);
    if (!clean) return '';
    const pad = Math.round(Math.min(this.frame.width, this.frame.height) * 0.02);
    const fitted = fitCaption(clean, { maxWidthPx: this.frame.width * 0.86 - 2 * pad, fontSize: options.fontSize ?? this.baseFontSize, maxLines: options.maxLines ?? 4 });
    this.count += 1;
    const file = path.join(this.workDir, `caption-${this.count}.txt`);
    await writeFile(file, fitted.lines.join('\n'), 'utf8');
    const border = Math.max(3, Math.round(pad / 4));
    const shift = border;
    const lineSpacing = Math.round(fitted.fontSize * 0.22);
    const y =
      placement.anchor === 'top'
        ? `${placement.marginPx + pad + border}`
        : `h-${placement.marginPx + pad + border + 2 * shift}-text_h`;
    const enable = options.timing ? `:enable='between(t,${options.timing.startSeconds.toFixed(3)},${options.timing.endSeconds.toFixed(3)})'` : '';
    const common = `fontfile=${filterValue(captionFontPath())}:textfile=${filterValue(file)}:expansion=none:fontsize=${fitted.fontSize}:line_spacing=${lineSpacing}:box=1:x=(w-text_w)/2`;
    const frame = `drawtext=${common}:fontcolor=black@0:boxcolor=${ffColor(this.look.accentColor)}:boxborderw=${pad + border + shift}:y=${y}+${shift}${enable}`;
    const face = `drawtext=${common}:fontcolor=${textColorOn(this.look.primaryColor)}:boxcolor=${ffColor(this.look.primaryColor)}:boxborderw=${pad}:y=${y}${enable}`;
    return `${frame},${face}`;
  }
}
