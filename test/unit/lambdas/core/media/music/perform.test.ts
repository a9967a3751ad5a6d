/**
 * The performance of an arranged score (perform.ts): every part's notes inside the duration for
 * every suggested mood and style at the limits of tempo and length, drums on channel 10 with the
 * score's kit, and a melody that meets the chord on strong beats.
 */
import { describe, expect, it } from 'vitest';
import { SOUNDTRACK_LIMITS, SOUNDTRACK_MOODS, SOUNDTRACK_STYLES } from '@director-ia/shared';
import { arrange } from '../../../../../../lambdas/core/media/music/arrange';
import { writeOfflineScore } from '../../../../../../lambdas/core/media/music/offline';
import { perform } from '../../../../../../lambdas/core/media/music/perform';
import type { Score } from '../../../../../../lambdas/core/media/music/score';

const SCORE: Score = {
  title: 'Prueba',
  key: 'C',
  mode: 'major',
  tempo: 120,
  timeSignature: '4/4',
  progression: ['I'],
  sections: [{ name: 'verse', bars: 4, energy: 'medium', melody: true }],
  melody: { program: 0, octave: 4, notes: [{ degree: 3, beats: 1 }, { degree: 3, beats: 3 }] },
  harmony: { program: 0, style: 'block', steps: 'x---------------' },
  bass: { program: 33, steps: '1.......5.......' },
  swing: 0,
};

describe('perform', () => {
  it('keeps every note of every suggested mood and style within the duration, drums on channel 10', () => {
    for (const mood of SOUNDTRACK_MOODS) {
      for (const style of SOUNDTRACK_STYLES) {
        for (const [tempo, seconds] of [
          [SOUNDTRACK_LIMITS.minTempo, SOUNDTRACK_LIMITS.minSeconds],
          [SOUNDTRACK_LIMITS.maxTempo, SOUNDTRACK_LIMITS.maxSeconds],
          [97, 33],
        ] as const) {
          const score = writeOfflineScore({ mood, style, tempo, durationSeconds: seconds }, {});
          const performance = perform(score, arrange(score, seconds));
          const beats = (seconds * tempo) / 60;
          for (const part of performance.parts) {
            const label = `${mood} ${style} ${tempo} bpm ${seconds} s ${part.name}`;
            expect(part.notes.length, label).toBeGreaterThan(0);
            expect(Math.max(...part.notes.map((note) => note.beat + note.beats)), label).toBeLessThanOrEqual(beats + 1e-9);
            expect(part.notes.every((note) => note.midi >= 0 && note.midi <= 127 && note.beats > 0), label).toBe(true);
          }
          const drums = performance.parts.find((part) => part.channel === 9);
          expect(drums === undefined ? undefined : drums.program).toBe(score.drums?.kit);
        }
      }
    }
  });

  it('moves a melody note off the chord on a strong beat to the nearest chord tone', () => {
    // Degree 3 (F) over C major on beat 1 becomes E; on beat 2 it stays F.
    const melody = perform(SCORE, arrange(SCORE, 10)).parts.find((part) => part.name === 'Melodía');
    expect(melody?.notes.slice(0, 2).map((note) => note.midi)).toEqual([64, 65]);
  });

  it('swings the off-beat eighths', () => {
    const score: Score = { ...SCORE, drums: { kit: 32, kick: '........', snare: '........', hihat: 'xxxxxxxx' }, swing: 1 / 3 };
    const hats = perform(score, arrange(score, 10)).parts.find((part) => part.channel === 9)?.notes ?? [];
    expect(hats.slice(0, 4).map((note) => Number(note.beat.toFixed(3)))).toEqual([0, 0.667, 1, 1.667]);
  });
});
