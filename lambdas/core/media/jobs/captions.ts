/**
 * Timed captions of an audiogram (issue 18) from an Amazon Transcribe transcript: the JSON's
 * `results.items` (pronunciations with `start_time`/`end_time`, punctuation without) grouped into
 * lines of at most CAPTION_WORDS words, a line also ending at a sentence's end. Anything else
 * (no items, a malformed file) gives no captions.
 */

/** Words per caption line (short enough for a 1080-pixel-wide vertical video). */
export const CAPTION_WORDS = 7;
/** How long the render waits for Transcribe, and how often it asks. */
export const TRANSCRIPT_WAIT_MS = 5 * 60 * 1000;
export const TRANSCRIPT_POLL_MS = 3000;

interface TranscriptItem {
  type?: string;
  start_time?: string;
  end_time?: string;
  alternatives?: { content?: string }[];
}

export interface TimedCaption {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

/** Caption lines of transcript `json` (see the module header). */
export function transcriptCaptions(json: unknown): TimedCaption[] {
  const items = (json as { results?: { items?: TranscriptItem[] } } | null)?.results?.items;
  if (!Array.isArray(items)) return [];
  const lines: TimedCaption[] = [];
  let words: string[] = [];
  let start = 0;
  let end = 0;
  const flush = () => {
    if (words.length) lines.push({ startSeconds: start, endSeconds: end, text: words.join(' ') });
    words = [];
  };
  for (const item of items) {
    const content = item.alternatives?.[0]?.content?.trim();
    if (!content) continue;
    if (item.type === 'punctuation') {
      if (words.length) words[words.length - 1] += content;
      if (/[.!?…]/.test(content)) flush();
      continue;
    }
    const from = Number(item.start_time);
    const to = Number(item.end_time);
    if (!Number.isFinite(from) || !Number.isFinite(to)) continue;
    if (!words.length) start = from;
    words.push(content);
    end = to;
    if (words.length >= CAPTION_WORDS) flush();
  }
  flush();
  return lines;
}
