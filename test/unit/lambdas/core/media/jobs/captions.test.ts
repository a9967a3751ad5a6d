/** An audiogram's timed captions from an Amazon Transcribe transcript (issue 18 item 2). */
import { describe, expect, it } from 'vitest';
import { CAPTION_WORDS, transcriptCaptions } from '../../../../../../lambdas/core/media/jobs/captions';

const word = (content: string, start: number) => ({ type: 'pronunciation', start_time: String(start), end_time: String(start + 0.4), alternatives: [{ content }] });
const mark = (content: string) => ({ type: 'punctuation', alternatives: [{ content }] });

describe('transcriptCaptions', () => {
  it('groups words into timed lines, ending a line at a sentence end and after CAPTION_WORDS words', () => {
    const items = [word('Hola', 0), word('a', 0.5), word('todos', 1), mark('.'), ...'uno dos tres cuatro cinco seis siete ocho'.split(' ').map((w, i) => word(w, 2 + i * 0.5))];
    const lines = transcriptCaptions({ results: { items } });
    expect(lines).toEqual([
      { startSeconds: 0, endSeconds: 1.4, text: 'Hola a todos.' },
      { startSeconds: 2, endSeconds: 2 + 6 * 0.5 + 0.4, text: 'uno dos tres cuatro cinco seis siete' },
      { startSeconds: 5.5, endSeconds: 5.9, text: 'ocho' },
    ]);
    expect(lines[1]?.text.split(' ')).toHaveLength(CAPTION_WORDS);
  });

  it.each([null, {}, { results: {} }, { results: { items: 'no' } }, 'texto'])('gives no captions for %j', (json) => {
    expect(transcriptCaptions(json)).toEqual([]);
  });

  it('skips items without times or content', () => {
    expect(transcriptCaptions({ results: { items: [{ type: 'pronunciation', alternatives: [{ content: 'x' }] }, word('', 1), word('vale', 2)] } })).toEqual([{ startSeconds: 2, endSeconds: 2.4, text: 'vale' }]);
  });
});
