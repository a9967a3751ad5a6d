/**
 * Music theory of a score, with `tonal`: the scale of its key and mode, scale degrees as MIDI
 * notes, and roman numerals as chords (pitch classes from the root up). tonal's own roman
 * numeral progression ignores the numeral's case (it reads 'vi' as a major chord), so the chord
 * quality is built here from the case and the suffix (score.ts ROMAN_NUMERAL_PATTERN).
 */
import { Chord, Note, RomanNumeral, Scale } from 'tonal';
import { ROMAN_NUMERAL_PATTERN, type Score } from './score';

/** A chord: its name (e.g. 'Am7'), root pitch class (0–11) and tones as pitch classes, root first (root, third, fifth, seventh…). */
export interface ChordTones {
  name: string;
  root: number;
  tones: number[];
}

/** Pitch class (0 = C … 11 = B) of a note name such as 'Bb'. */
export function chroma(note: string): number {
  const value = Note.chroma(note);
  if (value === undefined || Number.isNaN(value)) throw new Error(`not a note: ${note}`);
  return value;
}

/** Semitones above the tonic of each of the 7 degrees of the score's scale. */
export function scaleSteps(score: Pick<Score, 'key' | 'mode'>): number[] {
  const notes = Scale.get(`${score.key} ${score.mode}`).notes;
  if (notes.length !== 7) throw new Error(`unsupported scale: ${score.key} ${score.mode}`);
  const tonic = chroma(score.key);
  return notes.map((note) => (chroma(note) - tonic + 12) % 12);
}

/** MIDI note of scale degree `degree` (0 = tonic in `octave`, 7 = an octave up, negatives below). */
export function degreeToMidi(degree: number, steps: readonly number[], key: string, octave: number): number {
  const tonic = 12 * (octave + 1) + chroma(key);
  const octaves = Math.floor(degree / 7);
  const index = degree - octaves * 7;
  return tonic + 12 * octaves + (steps[index] ?? 0);
}

/** The tonal chord type of a numeral's suffix, for a major (upper case) or minor (lower case) numeral. */
function chordType(suffix: string, major: boolean): string {
  switch (suffix) {
    case '':
      return major ? '' : 'm';
    case '7':
      return major ? '7' : 'm7';
    case 'maj7':
      return major ? 'maj7' : 'mMaj7';
    case 'o':
    case '°':
    case 'dim':
      return 'dim';
    case 'o7':
    case '°7':
    case 'dim7':
      return 'dim7';
    case 'ø7':
    case 'm7b5':
      return 'm7b5';
    case '+':
      return 'aug';
    case 'sus2':
    case 'sus4':
      return suffix;
    case '6':
    case '9':
    case 'add9':
      return major ? suffix : `m${suffix}`;
    default:
      throw new Error(`unknown chord suffix: ${suffix}`);
  }
}

/** The chord of roman numeral `numeral` in `key` (throws on a numeral outside ROMAN_NUMERAL_PATTERN). */
export function romanChord(numeral: string, key: string): ChordTones {
  const match = ROMAN_NUMERAL_PATTERN.exec(numeral);
  if (!match) throw new Error(`not a roman numeral: ${numeral}`);
  const suffix = match[2] ?? '';
  const base = numeral.slice(0, numeral.length - suffix.length);
  const parsed = RomanNumeral.get(base);
  if (parsed.empty) throw new Error(`not a roman numeral: ${numeral}`);
  const major = match[1] === match[1]?.toUpperCase();
  const rootName = Note.simplify(Note.transpose(key, parsed.interval));
  const type = chordType(suffix, major);
  const chord = Chord.getChord(type, rootName);
  if (chord.empty || chord.notes.length === 0) throw new Error(`unknown chord: ${rootName}${type}`);
  return { name: `${rootName}${type}`, root: chroma(rootName), tones: chord.notes.map(chroma) };
}
