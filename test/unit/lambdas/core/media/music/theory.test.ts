/**
 * Roman numerals and scale degrees of a score (theory.ts): the case of a numeral gives its
 * quality (tonal alone reads 'vi' as major), suffixes give sevenths and other colours, flats
 * borrow from the parallel key, and degrees follow the mode.
 */
import { describe, expect, it } from 'vitest';
import { degreeToMidi, romanChord, scaleSteps } from '../../../../../../lambdas/core/media/music/theory';

const names = (numerals: string[], key: string) => numerals.map((numeral) => romanChord(numeral, key).name);

describe('romanChord', () => {
  it('reads the quality from the case and the suffix', () => {
    expect(names(['I', 'ii', 'iii', 'IV', 'V7', 'vi', 'viio'], 'C')).toEqual(['C', 'Dm', 'Em', 'F', 'G7', 'Am', 'Bdim']);
    expect(names(['Imaj7', 'ii7', 'iiø7', 'Vsus4', 'IVadd9', 'V+'], 'C')).toEqual(['Cmaj7', 'Dm7', 'Dm7b5', 'Gsus4', 'Fadd9', 'Gaug']);
  });

  it('borrows flat degrees and spells other keys', () => {
    expect(names(['i', 'bVI', 'bIII', 'bVII'], 'A')).toEqual(['Am', 'F', 'C', 'G']);
    expect(names(['I', 'V', 'vi', 'IV'], 'Eb')).toEqual(['Eb', 'Bb', 'Cm', 'Ab']);
    expect(romanChord('vi', 'F#').tones).toEqual([3, 6, 10]);
  });

  it('refuses what is not a roman numeral', () => {
    expect(() => romanChord('H7', 'C')).toThrow();
    expect(() => romanChord('IVmaj9', 'C')).toThrow();
  });
});

describe('degreeToMidi', () => {
  it('maps degrees of the mode from the tonic in its octave, below and above', () => {
    const dorian = scaleSteps({ key: 'D', mode: 'dorian' });
    expect(dorian).toEqual([0, 2, 3, 5, 7, 9, 10]);
    expect([0, 2, 5, 7, -1].map((degree) => degreeToMidi(degree, dorian, 'D', 4))).toEqual([62, 65, 71, 74, 60]);
  });
});
