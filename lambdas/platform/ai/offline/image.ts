/**
 * The offline image renderer: a real PNG that reflects the prompt without any model.
 * - Palette: Spanish colour words in the prompt, in order (rojo, azul, verde, amarillo, naranja,
 *   morado, rosa, negro, blanco, gris, dorado, turquesa, marrón...; also a few things with an obvious
 *   colour: mar, cielo, bosque, sol, fuego, noche, pan, chocolate); missing colours come from a hash
 *   of the prompt. Brand keywords are not used: the prompt alone decides.
 * - Composition: a gradient whose angle, plus 3–7 circles/rectangles whose sizes and positions, all
 *   derive from the prompt's hash, so different prompts give different images and the same prompt
 *   the same bytes.
 * - Honesty: a hazard-striped band across the bottom reading "OFFLINE - SIN IA" in a built-in 5x7
 *   bitmap font, and tEXt chunks saying it was made without an AI model.
 * - Reference image: when it is a PNG the codec can read cheaply, its average colour is blended
 *   into the background (30 %); other formats (JPEG, WebP...) are ignored.
 */
import { fnv1a } from '../providers/offline/embed';
import { averagePngColor, encodePng } from './png';
import { normalizeSpanish } from './spanish';

type Rgb = [number, number, number];

const COLOR_WORDS: Record<string, Rgb> = {
  rojo: [200, 40, 45], azul: [40, 85, 200], verde: [45, 150, 75], amarillo: [245, 205, 45], naranja: [245, 135, 35], morado: [120, 60, 170],
  violeta: [140, 80, 200], lila: [190, 150, 220], purpura: [110, 40, 130], rosa: [240, 135, 175], rosado: [240, 150, 180], negro: [22, 22, 28],
  blanco: [246, 246, 240], gris: [130, 132, 138], dorado: [212, 175, 55], oro: [212, 175, 55], plateado: [192, 194, 202], plata: [192, 194, 202],
  turquesa: [40, 200, 190], marron: [120, 75, 40], beige: [225, 205, 170], crema: [240, 228, 200], celeste: [130, 190, 240], granate: [128, 22, 42],
  burdeos: [110, 20, 40], fucsia: [230, 40, 140], cian: [0, 190, 215], carmesi: [190, 20, 60], ocre: [200, 140, 50], esmeralda: [20, 160, 110],
  mar: [30, 110, 170], cielo: [120, 180, 235], bosque: [30, 100, 50], hoja: [70, 160, 60], sol: [250, 200, 60], fuego: [230, 90, 30],
  noche: [20, 25, 60], pan: [205, 150, 85], chocolate: [90, 50, 30], cafe: [110, 70, 45], arena: [220, 195, 140], nieve: [240, 245, 250],
};

/** Colour words → colour, accepting feminine and plural forms (roja, azules, verdes, grises...). */
function colorOf(token: string): Rgb | undefined {
  const candidates = [token, token.replace(/es$/, ''), token.replace(/s$/, ''), token.replace(/a$/, 'o'), token.replace(/as$/, 'o')];
  for (const candidate of candidates) {
    const color = COLOR_WORDS[candidate];
    if (color) return color;
  }
  return undefined;
}

/** Colours named in the prompt, in order, without repeats (at most 3). */
export function promptColors(prompt: string): Rgb[] {
  const out: Rgb[] = [];
  for (const token of normalizeSpanish(prompt).split(' ')) {
    const color = colorOf(token);
    if (color && !out.some((c) => c.join() === color.join())) out.push(color);
    if (out.length === 3) break;
  }
  return out;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round((a[i] as number) * (1 - t) + (b[i] as number) * t)) as Rgb;

// 5x7 glyphs, one string of 5 bits per row.
const GLYPHS: Record<string, string[]> = {
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  I: ['01110', '00100', '00100', '00100', '00100', '00100', '01110'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  '-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};

export const OFFLINE_IMAGE_MODEL = 'offline-png-v1';
const MIN_SIZE = 64;
const MAX_SIZE = 1024;

class Canvas {
  readonly rgb: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgb = new Uint8Array(width * height * 3);
  }

  blend(x: number, y: number, color: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const p = (y * this.width + x) * 3;
    for (let i = 0; i < 3; i += 1) this.rgb[p + i] = Math.round((this.rgb[p + i] as number) * (1 - alpha) + (color[i] as number) * alpha);
  }

  rect(x0: number, y0: number, w: number, h: number, color: Rgb, alpha = 1): void {
    for (let y = Math.max(0, y0); y < Math.min(this.height, y0 + h); y += 1) {
      for (let x = Math.max(0, x0); x < Math.min(this.width, x0 + w); x += 1) this.blend(x, y, color, alpha);
    }
  }

  circle(cx: number, cy: number, r: number, color: Rgb, alpha: number): void {
    for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(this.height - 1, Math.ceil(cy + r)); y += 1) {
      for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(this.width - 1, Math.ceil(cx + r)); x += 1) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.blend(x, y, color, alpha);
      }
    }
  }

  text(message: string, x0: number, y0: number, scale: number, color: Rgb): void {
    [...message].forEach((char, i) => {
      const glyph = GLYPHS[char] ?? GLYPHS[' '];
      glyph?.forEach((row, gy) => {
        [...row].forEach((bit, gx) => {
          if (bit === '1') this.rect(x0 + (i * 6 + gx) * scale, y0 + gy * scale, scale, scale, color);
        });
      });
    });
  }
}

function clampSize(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 512;
  return Math.max(MIN_SIZE, Math.min(MAX_SIZE, Math.round(value)));
}

export interface OfflineImageOptions {
  prompt: string;
  width?: number;
  height?: number;
  referenceImage?: { bytes: Uint8Array; mediaType: string };
}

/** Renders the offline image for a prompt: deterministic PNG bytes (see the module header). */
export function renderOfflineImage(options: OfflineImageOptions): Uint8Array {
  const width = clampSize(options.width);
  const height = clampSize(options.height);
  const normalized = normalizeSpanish(options.prompt);
  const seed = fnv1a(normalized);
  const random = mulberry32(seed);
  const named = promptColors(options.prompt);
  const palette: Rgb[] = [...named];
  while (palette.length < 3) palette.push(hslToRgb((seed / 7 + palette.length * 137) % 360, 0.55 + random() * 0.3, 0.4 + random() * 0.25));
  const [first, second, c2] = palette as [Rgb, Rgb, Rgb];
  let c0 = first;
  let c1 = second;
  const reference = options.referenceImage && /png$/i.test(options.referenceImage.mediaType) ? averagePngColor(options.referenceImage.bytes) : null;
  if (reference) {
    c0 = mix(c0, reference, 0.3);
    c1 = mix(c1, reference, 0.3);
  }

  const canvas = new Canvas(width, height);
  // Background: linear gradient c0 → c1 along a prompt-derived angle.
  const angle = random() * Math.PI * 2;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const span = Math.abs(dx) * width + Math.abs(dy) * height;
  const start = Math.min(0, dx * width) + Math.min(0, dy * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) canvas.blend(x, y, mix(c0, c1, (x * dx + y * dy - start) / span));
  }
  // Shapes: count and placement from the prompt.
  const words = normalized ? normalized.split(' ').length : 0;
  const shapes = 3 + ((words + seed) % 5);
  for (let i = 0; i < shapes; i += 1) {
    const color = i % 2 === 0 ? c2 : mix(c2, c0, 0.5);
    const size = (0.08 + random() * 0.22) * Math.min(width, height);
    const x = Math.round(random() * width);
    const y = Math.round(random() * height * 0.8);
    if (random() < 0.55) canvas.circle(x, y, size, color, 0.65);
    else canvas.rect(Math.round(x - size), Math.round(y - size / 2), Math.round(size * 2), Math.round(size), color, 0.6);
  }
  // The OFFLINE band: hazard stripes, a dark plate and the label.
  const band = Math.max(12, Math.round(height * 0.14));
  const top = height - band;
  for (let y = top; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) canvas.blend(x, y, Math.floor((x + y) / 12) % 2 === 0 ? [250, 210, 20] : [20, 20, 20]);
  }
  const label = width >= 120 ? 'OFFLINE - SIN IA' : 'OFFLINE';
  const scale = Math.max(1, Math.min(Math.floor((width * 0.8) / (label.length * 6)), Math.floor((band - 6) / 7)));
  const textWidth = label.length * 6 * scale - scale;
  const textX = Math.round((width - textWidth) / 2);
  const textY = top + Math.round((band - 7 * scale) / 2);
  canvas.rect(textX - 2 * scale, textY - scale, textWidth + 4 * scale, 9 * scale, [15, 15, 15]);
  canvas.text(label, textX, textY, scale, [255, 255, 255]);

  return encodePng(width, height, canvas.rgb, {
    Software: 'Director IA - modo sin conexion',
    Description: `Imagen generada sin modelo de IA a partir de la instruccion: ${normalized.slice(0, 200)}`,
  });
}
