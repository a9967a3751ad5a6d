/**
 * Splits extracted text into passages for embedding: about `target` characters each (never more
 * than `max`), cut on paragraph boundaries first, then sentences, then words, and each passage
 * starting with a short overlap (the previous passage's last sentence or words) so an idea that
 * straddles a cut is still whole in one of them.
 */

export interface ChunkOptions {
  /** Preferred passage length, characters. */
  target?: number;
  /** Hard upper bound, characters. */
  max?: number;
  /** Longest overlap carried into the next passage, characters. */
  overlap?: number;
}

export const CHUNK_DEFAULTS = { target: 1000, max: 1200, overlap: 150 } as const;

/** Whitespace tidy-up: Unicode NFC, no control characters, paragraphs kept, lines joined. */
export function normalizeText(text: string): string[] {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u00ad]/g, '')
    .split(/\n[ \t\u00a0]*\n+/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** Sentences of a paragraph (the end mark stays with its sentence). */
export function splitSentences(paragraph: string): string[] {
  return paragraph
    .split(/(?<=[.!?…;:])\s+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Pieces of at most `max` characters, cut between words (or inside a word longer than `max`). */
function splitWords(sentence: string, max: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const word of sentence.split(' ')) {
    for (let start = 0; start < word.length; start += max) {
      const part = word.slice(start, start + max);
      if (!current) current = part;
      else if (current.length + 1 + part.length <= max) current += ` ${part}`;
      else {
        pieces.push(current);
        current = part;
      }
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

interface Unit {
  text: string;
  /** Whether it starts a paragraph (joined with a blank line rather than a space). */
  paragraphStart: boolean;
}

function units(paragraphs: string[], target: number, max: number): Unit[] {
  const out: Unit[] = [];
  for (const paragraph of paragraphs) {
    if (paragraph.length <= target) {
      out.push({ text: paragraph, paragraphStart: true });
      continue;
    }
    let first = true;
    for (const sentence of splitSentences(paragraph)) {
      for (const piece of sentence.length <= max ? [sentence] : splitWords(sentence, max)) {
        out.push({ text: piece, paragraphStart: first });
        first = false;
      }
    }
  }
  return out;
}

/** The tail of a passage to repeat at the start of the next: whole sentences, else whole words. */
function overlapTail(passage: string, overlap: number): string {
  if (overlap <= 0) return '';
  const sentences = splitSentences(passage.replace(/\n\n/g, ' '));
  let tail = '';
  for (let i = sentences.length - 1; i > 0; i--) {
    const candidate = tail ? `${sentences[i]} ${tail}` : (sentences[i] ?? '');
    if (candidate.length > overlap) break;
    tail = candidate;
  }
  if (tail) return tail;
  const words = passage.replace(/\s+/g, ' ').split(' ');
  const picked: string[] = [];
  let length = 0;
  for (let i = words.length - 1; i > 0; i--) {
    const word = words[i] ?? '';
    if (length + word.length + 1 > overlap) break;
    picked.unshift(word);
    length += word.length + 1;
  }
  return picked.join(' ');
}

/** The passages of `text`, in reading order. Empty text gives no passages. */
export function chunkText(text: string, options: ChunkOptions = {}): string[] {
  const { target, max, overlap } = { ...CHUNK_DEFAULTS, ...options };
  if (!(max >= target && target > overlap && overlap >= 0)) throw new RangeError('chunk options must satisfy max >= target > overlap >= 0');
  const chunks: string[] = [];
  let current = '';
  let fresh = false; // whether `current` holds anything beyond the carried overlap
  const flush = () => {
    if (fresh) chunks.push(current);
    const tail = fresh ? overlapTail(current, overlap) : '';
    current = tail;
    fresh = false;
  };
  for (const unit of units(normalizeText(text), target, max)) {
    const joiner = unit.paragraphStart ? '\n\n' : ' ';
    const combined = current.length + joiner.length + unit.text.length;
    // Past the target a passage ends, unless it is still short and the unit fits under max.
    if (fresh && (combined > max || (combined > target && current.length >= target / 2))) flush();
    if (current && current.length + joiner.length + unit.text.length > max) current = '';
    current = current ? current + joiner + unit.text : unit.text;
    fresh = true;
  }
  if (fresh) chunks.push(current);
  return chunks;
}
