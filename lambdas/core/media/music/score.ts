/**
 * The score of a soundtrack (issue 18 item 1): what the AI writes (validated JSON), or the offline
 * writer builds, and what the renderer turns into MIDI and audio. It is a compact lead sheet, not
 * a note list:
 * - key and mode, tempo (quarter notes per minute), time signature ('4/4' or '3/4');
 * - a chord progression in roman numerals (one chord a bar, looped), sections with their bars,
 *   energy and an optional progression of their own;
 * - a melody as scale degrees with durations in beats (looped over the piece);
 * - bass, harmony and drum patterns as step strings that span one bar (any length 2–32, stretched
 *   over the bar);
 * - instruments as General MIDI program numbers and a GM drum kit (bank 128 program).
 * Roman numerals: optional 'b'/'#', I..VII (upper case major, lower case minor) and an optional
 * suffix (7, maj7, o, °, dim, o7, dim7, ø7, m7b5, sus2, sus4, add9, 6, 9, +).
 */
import * as z from 'zod/mini';

export const SCORE_KEYS = ['C', 'C#', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'Gb', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
export const SCORE_MODES = ['major', 'minor', 'dorian', 'mixolydian', 'lydian', 'phrygian'] as const;
export const TIME_SIGNATURES = ['4/4', '3/4'] as const;
export const SECTION_NAMES = ['intro', 'verse', 'chorus', 'bridge', 'outro'] as const;
export const ENERGIES = ['low', 'medium', 'high'] as const;
export const HARMONY_STYLES = ['block', 'arpeggio', 'strum'] as const;

/** Roman numeral of a chord in the key (see the module header). */
export const ROMAN_NUMERAL_PATTERN = /^[b#]?(VII|VI|IV|V|III|II|I|vii|vi|iv|v|iii|ii|i)(maj7|m7b5|dim7|sus2|sus4|add9|dim|o7|°7|ø7|7|o|°|6|9|\+)?$/;
/** Drum and harmony steps: 'x' hit, 'X' accented hit, '-' hold the previous hit, '.' rest. */
export const HIT_STEPS_PATTERN = /^[xX.-]{2,32}$/;
/** Bass steps: a chord tone ('1' root, '3' third, '5' fifth, '7' seventh, '8' octave), '-' hold, '.' rest. */
export const BASS_STEPS_PATTERN = /^[13578.-]{2,32}$/;

/** The GM drum kits of the SoundFont (bank 128 programs): standard, room, power, electronic, 808/909, jazz, brush, orchestral. */
export const DRUM_KITS = [0, 8, 16, 24, 25, 32, 40, 48] as const;

const program = z.number().check(z.int(), z.gte(0), z.lte(127));
const hits = z.string().check(z.regex(HIT_STEPS_PATTERN));
const roman = z.string().check(z.regex(ROMAN_NUMERAL_PATTERN));
const progression = z.array(roman).check(z.minLength(1), z.maxLength(16));

export const SectionSchema = z.object({
  name: z.enum(SECTION_NAMES),
  bars: z.number().check(z.int(), z.gte(1), z.lte(16)),
  /** low: no melody doubling, soft or no drums; medium: the patterns; high: louder, crash at the start, melody doubled an octave up. */
  energy: z.enum(ENERGIES),
  /** Whether the melody plays in this section. */
  melody: z.boolean(),
  /** This section's own chords (else the score's progression). */
  progression: z.optional(progression),
});
export type Section = z.infer<typeof SectionSchema>;

export const MelodyNoteSchema = z.object({
  /** Scale degree from the tonic: 0 = tonic, 1 = second, … 7 = the octave above, negatives below. */
  degree: z.number().check(z.int(), z.gte(-7), z.lte(14)),
  /** Duration in beats (quarter notes). */
  beats: z.number().check(z.gte(0.25), z.lte(8)),
  /** A rest of `beats` instead of a note. */
  rest: z.optional(z.boolean()),
});
export type MelodyNote = z.infer<typeof MelodyNoteSchema>;

export const DrumsSchema = z.object({
  /** GM drum kit (DRUM_KITS). */
  kit: z.number().check(z.int(), z.gte(0), z.lte(127)),
  kick: hits,
  snare: hits,
  hihat: hits,
  openHat: z.optional(hits),
  ride: z.optional(hits),
  clap: z.optional(hits),
  shaker: z.optional(hits),
});
export type Drums = z.infer<typeof DrumsSchema>;

/** The score (see the module header). */
export const ScoreSchema = z.object({
  title: z.string().check(z.maxLength(80)),
  key: z.enum(SCORE_KEYS),
  mode: z.enum(SCORE_MODES),
  /** Quarter notes per minute. */
  tempo: z.number().check(z.gte(40), z.lte(220)),
  timeSignature: z.enum(TIME_SIGNATURES),
  /** One chord a bar, looped over each section that has no progression of its own. */
  progression,
  sections: z.array(SectionSchema).check(z.minLength(1), z.maxLength(12)),
  melody: z.object({
    program,
    /** The octave of the tonic (MIDI octave: 4 is middle C's). */
    octave: z.number().check(z.int(), z.gte(2), z.lte(6)),
    notes: z.array(MelodyNoteSchema).check(z.minLength(1), z.maxLength(96)),
  }),
  harmony: z.object({
    program,
    style: z.enum(HARMONY_STYLES),
    /** When the chord sounds in the bar. */
    steps: hits,
    /** An optional sustained pad doubling the chords. */
    padProgram: z.optional(program),
  }),
  bass: z.object({ program, steps: z.string().check(z.regex(BASS_STEPS_PATTERN)) }),
  /** Absent: no drums. */
  drums: z.optional(DrumsSchema),
  /** 0 = straight eighths; up to 0.5 = the off-beat eighth delayed by half its length (swing). */
  swing: z.number().check(z.gte(0), z.lte(0.5)),
});
export type Score = z.infer<typeof ScoreSchema>;

/** Beats (quarter notes) in a bar of the score. */
export function beatsPerBar(score: Pick<Score, 'timeSignature'>): number {
  return score.timeSignature === '3/4' ? 3 : 4;
}
