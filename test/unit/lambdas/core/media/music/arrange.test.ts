/**
 * The arrangement of a score over a duration (issue 18 item 1; renderScore "loops or extends the
 * sections to fill, ending with a cadence"): whole bars that fit, intro first, body sections
 * repeated, outro last, V7–I at the end.
 */
import { describe, expect, it } from 'vitest';
import { arrange } from '../../../../../../lambdas/core/media/music/arrange';
import type { Score } from '../../../../../../lambdas/core/media/music/score';

const SCORE: Score = {
  title: 'Prueba',
  key: 'C',
  mode: 'major',
  tempo: 120,
  timeSignature: '4/4',
  progression: ['I', 'vi', 'IV', 'V'],
  sections: [
    { name: 'intro', bars: 2, energy: 'low', melody: false },
    { name: 'verse', bars: 4, energy: 'medium', melody: true },
    { name: 'chorus', bars: 4, energy: 'high', melody: true, progression: ['IV', 'V', 'I', 'I'] },
    { name: 'outro', bars: 2, energy: 'low', melody: false },
  ],
  melody: { program: 0, octave: 5, notes: [{ degree: 0, beats: 2 }, { degree: 2, beats: 2 }] },
  harmony: { program: 0, style: 'block', steps: 'x---------------' },
  bass: { program: 33, steps: '1.......5.......' },
  drums: { kit: 0, kick: 'x.......x.......', snare: '....x.......x...', hihat: 'x.x.x.x.x.x.x.x.' },
  swing: 0,
};

describe('arrange', () => {
  it('fills 60 s at 120 bpm with intro, verse and chorus repeated, outro, then V7 and the held tonic', () => {
    // A bar is 2 s: 29 whole bars fit before the last second.
    const { bars, totalBeats } = arrange(SCORE, 60);
    expect(totalBeats).toBe(120);
    expect(bars).toHaveLength(29);
    const names = bars.map((bar) => bar.section.name);
    expect(names.slice(0, 2)).toEqual(['intro', 'intro']);
    expect(names.slice(2, 10)).toEqual([...Array(4).fill('verse'), ...Array(4).fill('chorus')]);
    expect(names.slice(10, 18)).toEqual([...Array(4).fill('verse'), ...Array(4).fill('chorus')]);
    expect(names.slice(-3, -1)).toEqual(['outro', 'outro']);
    expect(bars.slice(2, 10).map((bar) => bar.chord)).toEqual(['I', 'vi', 'IV', 'V', 'IV', 'V', 'I', 'I']);
    expect(bars.at(-2)?.chord).toBe('V7');
    expect(bars.at(-1)).toMatchObject({ chord: 'I', final: true });
  });

  it('uses only body sections and the cadence when the piece is short', () => {
    const { bars } = arrange(SCORE, 10);
    expect(bars.map((bar) => `${bar.section.name}:${bar.chord}`)).toEqual(['verse:I', 'verse:vi', 'verse:V7', 'verse:I']);
  });

  it('ends a minor piece on the minor tonic', () => {
    expect(arrange({ ...SCORE, mode: 'minor', progression: ['i', 'iv'] }, 20).bars.at(-1)?.chord).toBe('i');
  });
});
