/**
 * The performance of an arranged score: the notes each part plays, in beats (quarter notes from
 * the start), with General MIDI channels, programs and mix settings. The MIDI writer (midi.ts)
 * turns it into a file. What the score's fields do here:
 * - melody: its notes looped from the start of every section pass that has `melody`, cut at the
 *   pass's end; a note starting on a strong beat (1, or 3 in 4/4) that is not in the bar's chord
 *   moves to the nearest chord tone, so a model's melody never clashes where it is heard most;
 *   doubled an octave up in 'high' energy; the final bar holds the tonic.
 * - harmony: the chord, voiced around middle C with smooth voice leading, on the `steps` hits:
 *   'block' (all tones), 'arpeggio' (one tone a hit, rising) or 'strum' (tones a few
 *   milliseconds apart); the optional pad holds the whole bar.
 * - bass: the steps' chord tones in the bass register; 'low' energy holds the root.
 * - drums (channel 10, the kit as its program): 'low' energy keeps only the hi-hat, ride and
 *   shaker, softly; 'high' adds a crash on the section's first bar and a snare fill before a
 *   'high' section; the final bar is a crash and a kick.
 * - swing delays every off-beat eighth (and scales the sixteenths around it).
 * Velocities are 0–1.
 */
import type { ArrangedBar, Arrangement } from './arrange';
import { beatsPerBar, DRUM_KITS, type Score } from './score';
import { degreeToMidi, romanChord, scaleSteps, type ChordTones } from './theory';

export interface PerformedNote {
  midi: number;
  /** Start, beats from the beginning. */
  beat: number;
  /** Length, beats. */
  beats: number;
  velocity: number;
}

export interface Part {
  name: string;
  /** MIDI channel 0–15 (9 = drums). */
  channel: number;
  /** GM program (the drum kit on channel 9). */
  program: number;
  /** Channel volume, pan (0 left … 1 right) and reverb send, 0–1. */
  volume: number;
  pan: number;
  reverb: number;
  notes: PerformedNote[];
}

export interface Performance {
  tempo: number;
  beatsPerBar: number;
  /** Length of the piece, beats. */
  totalBeats: number;
  parts: Part[];
}

/** GM percussion keys. */
export const DRUM_NOTES = { kick: 36, snare: 38, clap: 39, hihat: 42, openHat: 46, crash: 49, ride: 51, shaker: 70 } as const;

const ENERGY_VELOCITY = { low: 0.55, medium: 0.7, high: 0.85 } as const;

/** One hit of a step pattern: the step index, its length in steps (hit plus held steps) and whether it is accented. */
interface Hit {
  step: number;
  length: number;
  accent: boolean;
  symbol: string;
}

/** The hits of a step string ('x'/'X' or a digit start a hit, '-' holds it, '.' rests). */
export function hitsOf(steps: string): Hit[] {
  const hits: Hit[] = [];
  let current: Hit | undefined;
  for (let index = 0; index < steps.length; index += 1) {
    const symbol = steps[index] ?? '.';
    if (symbol === '-') {
      if (current) current.length += 1;
    } else if (symbol === '.') {
      current = undefined;
    } else {
      current = { step: index, length: 1, accent: symbol === 'X', symbol };
      hits.push(current);
    }
  }
  return hits;
}

/** Beat position with swing applied (see the module header). */
function swung(beat: number, swing: number): number {
  if (swing === 0) return beat;
  const whole = Math.floor(beat);
  const within = beat - whole;
  const offbeat = 0.5 + swing * 0.5;
  const mapped = within < 0.5 ? (within / 0.5) * offbeat : offbeat + ((within - 0.5) / 0.5) * (1 - offbeat);
  return whole + mapped;
}

/** The MIDI note of pitch class `pitchClass` nearest to `target`. */
function nearest(pitchClass: number, target: number): number {
  const base = target - ((((target - pitchClass) % 12) + 12) % 12);
  return target - base <= 6 ? base : base + 12;
}

/** The chord's tones voiced within an octave-and-a-bit around `center` (close voicing, so consecutive chords move little). */
function voicing(chord: ChordTones, center: number): number[] {
  return chord.tones.slice(0, 4).map((tone) => nearest(tone, center)).sort((a, b) => a - b);
}

class PartBuilder {
  readonly notes: PerformedNote[] = [];
  constructor(
    private readonly swing: number,
    private readonly end: number,
  ) {}

  add(midi: number, beat: number, beats: number, velocity: number): void {
    if (beat >= this.end || beats <= 0) return;
    const start = swung(beat, this.swing);
    const stop = Math.min(this.end, swung(beat + beats, this.swing));
    if (stop <= start) return;
    this.notes.push({ midi: Math.max(0, Math.min(127, Math.round(midi))), beat: start, beats: stop - start, velocity: Math.max(0.05, Math.min(1, velocity)) });
  }
}

/** The performance of `score` as arranged by `arrangement` (see the module header). */
export function perform(score: Score, arrangement: Arrangement): Performance {
  const bpb = beatsPerBar(score);
  const steps = scaleSteps(score);
  const end = arrangement.totalBeats;
  const chordCache = new Map<string, ChordTones>();
  const chordOf = (numeral: string) => {
    let chord = chordCache.get(numeral);
    if (!chord) {
      chord = romanChord(numeral, score.key);
      chordCache.set(numeral, chord);
    }
    return chord;
  };

  const melody = new PartBuilder(score.swing, end);
  const harmony = new PartBuilder(score.swing, end);
  const pad = new PartBuilder(0, end);
  const bass = new PartBuilder(score.swing, end);
  const drums = new PartBuilder(score.swing, end);

  const finalBar = arrangement.bars[arrangement.bars.length - 1];
  const finalStart = (finalBar?.index ?? 0) * bpb;
  const ringBeats = Math.max(bpb, end - finalStart - 0.3 / arrangement.beatSeconds);

  // ---- harmony, pad, bass, drums, bar by bar ----
  let center = 62;
  for (const bar of arrangement.bars) {
    const start = bar.index * bpb;
    const chord = chordOf(bar.chord);
    const energy = bar.final ? 'medium' : bar.section.energy;
    const velocity = ENERGY_VELOCITY[energy];
    const voiced = voicing(chord, center);
    // The next chord is voiced around this one (smooth voice leading), kept between G3 and A4.
    center = Math.max(55, Math.min(69, Math.round(voiced.reduce((a, b) => a + b, 0) / voiced.length)));
    // The root from G#1 to G2 (MIDI 32–43).
    const bassRoot = 36 + chord.root - (chord.root >= 8 ? 12 : 0);

    if (bar.final) {
      voiced.forEach((note, i) => harmony.add(note, start + i * 0.03, ringBeats, 0.6));
      if (score.harmony.padProgram !== undefined) voiced.forEach((note) => pad.add(note, start, ringBeats, 0.45));
      bass.add(bassRoot, start, ringBeats, 0.7);
      if (score.drums) {
        drums.add(DRUM_NOTES.crash, start, 2, 0.7);
        drums.add(DRUM_NOTES.kick, start, 0.5, 0.8);
      }
      continue;
    }

    // harmony
    const stepBeats = bpb / score.harmony.steps.length;
    let arpeggioIndex = 0;
    for (const hit of hitsOf(score.harmony.steps)) {
      const at = start + hit.step * stepBeats;
      const length = hit.length * stepBeats * 0.95;
      const hitVelocity = velocity * (hit.accent ? 1.1 : 0.9) * (hit.step === 0 ? 1.05 : 1);
      if (score.harmony.style === 'arpeggio') {
        const tones = [...voiced, (voiced[0] ?? center) + 12];
        // One note a hit carries less than a chord: played a little harder.
        harmony.add(tones[arpeggioIndex % tones.length] ?? center, at, Math.max(length, stepBeats * 2), hitVelocity * 1.25);
        arpeggioIndex += 1;
      } else {
        const spread = score.harmony.style === 'strum' ? 0.04 : 0;
        voiced.forEach((note, i) => harmony.add(note, at + i * spread, length - i * spread, hitVelocity * (i === 0 ? 1 : 0.9)));
      }
    }
    if (score.harmony.padProgram !== undefined) voiced.forEach((note) => pad.add(note, start, bpb, velocity * 0.7));

    // bass
    if (energy === 'low') {
      bass.add(bassRoot, start, bpb * 0.95, velocity);
    } else {
      const bassStepBeats = bpb / score.bass.steps.length;
      for (const hit of hitsOf(score.bass.steps)) {
        const interval = (tone: number | undefined) => (tone === undefined ? 12 : (tone - chord.root + 12) % 12);
        const offset = hit.symbol === '3' ? interval(chord.tones[1]) : hit.symbol === '5' ? interval(chord.tones[2]) : hit.symbol === '7' ? interval(chord.tones[3]) : hit.symbol === '8' ? 12 : 0;
        bass.add(bassRoot + offset, start + hit.step * bassStepBeats, hit.length * bassStepBeats * 0.9, velocity * (hit.step === 0 ? 1.05 : 0.95));
      }
    }

    // drums
    if (score.drums) {
      const kit = score.drums;
      const lines: [keyof typeof DRUM_NOTES, string | undefined, number][] = [
        ['kick', kit.kick, 1],
        ['snare', kit.snare, 0.95],
        ['hihat', kit.hihat, 0.7],
        ['openHat', kit.openHat, 0.7],
        ['ride', kit.ride, 0.75],
        ['clap', kit.clap, 0.85],
        ['shaker', kit.shaker, 0.55],
      ];
      const soft = energy === 'low';
      const fill = nextStartsHigh(arrangement.bars, bar);
      for (const [name, pattern, level] of lines) {
        if (!pattern) continue;
        if (soft && !(name === 'hihat' || name === 'ride' || name === 'shaker')) continue;
        const drumStepBeats = bpb / pattern.length;
        for (const hit of hitsOf(pattern)) {
          const at = hit.step * drumStepBeats;
          if (fill && name === 'snare' && at >= bpb - 1) continue;
          drums.add(DRUM_NOTES[name], start + at, Math.max(0.1, drumStepBeats * 0.9), velocity * level * (hit.accent ? 1.15 : 1) * (soft ? 0.7 : 1));
        }
      }
      if (fill) for (let i = 0; i < 4; i += 1) drums.add(DRUM_NOTES.snare, start + bpb - 1 + i * 0.25, 0.2, 0.5 + i * 0.1);
      if (bar.barInSection === 0 && energy === 'high' && bar.index > 0) drums.add(DRUM_NOTES.crash, start, 2, 0.75);
    }
  }

  // ---- melody, pass by pass ----
  const melodyBeats = score.melody.notes.reduce((total, note) => total + note.beats, 0);
  let previousMelody = false;
  for (let i = 0; i < arrangement.bars.length; ) {
    const first = arrangement.bars[i];
    if (!first) break;
    let j = i;
    while (j < arrangement.bars.length && arrangement.bars[j]?.run === first.run && !arrangement.bars[j]?.final) j += 1;
    if (first.final) {
      if (previousMelody) melody.add(degreeToMidi(7, steps, score.key, score.melody.octave - 1), first.index * bpb, ringBeats * 0.9, 0.6);
      i += 1;
      continue;
    }
    const passStart = first.index * bpb;
    const passEnd = j * bpb;
    previousMelody = first.section.melody;
    if (first.section.melody && melodyBeats > 0) {
      const high = first.section.energy === 'high';
      const velocity = ENERGY_VELOCITY[first.section.energy] + 0.05;
      let at = passStart;
      for (let k = 0; at < passEnd; k += 1) {
        const note = score.melody.notes[k % score.melody.notes.length];
        if (!note) break;
        const length = Math.min(note.beats, passEnd - at);
        if (!note.rest) {
          let midi = degreeToMidi(note.degree, steps, score.key, score.melody.octave);
          const barIndex = Math.floor(at / bpb);
          const within = at - barIndex * bpb;
          const strong = Math.abs(within) < 1e-6 || (bpb === 4 && Math.abs(within - 2) < 1e-6);
          const chordBar = arrangement.bars[barIndex];
          if (strong && length >= 1 && chordBar) midi = toChordTone(midi, chordOf(chordBar.chord));
          melody.add(midi, at, length * 0.92, velocity * (strong ? 1.05 : 0.95));
          if (high) melody.add(midi + 12 <= 96 ? midi + 12 : midi - 12, at, length * 0.92, velocity * 0.55);
        }
        at += note.beats;
      }
    }
    i = j;
  }

  const parts: Part[] = [
    { name: 'Melodía', channel: 0, program: score.melody.program, volume: 0.8, pan: 0.55, reverb: 0.35, notes: melody.notes },
    { name: 'Armonía', channel: 1, program: score.harmony.program, volume: 0.62, pan: 0.4, reverb: 0.3, notes: harmony.notes },
    { name: 'Bajo', channel: 2, program: score.bass.program, volume: 0.78, pan: 0.5, reverb: 0.1, notes: bass.notes },
  ];
  if (score.harmony.padProgram !== undefined) parts.push({ name: 'Fondo', channel: 3, program: score.harmony.padProgram, volume: 0.45, pan: 0.65, reverb: 0.5, notes: pad.notes });
  if (score.drums) parts.push({ name: 'Batería', channel: 9, program: drumKit(score.drums.kit), volume: 0.78, pan: 0.5, reverb: 0.2, notes: drums.notes });
  return { tempo: score.tempo, beatsPerBar: bpb, totalBeats: end, parts };
}

/** Whether the bar after `bar` starts a 'high' energy section pass (and `bar` ends its own). */
function nextStartsHigh(bars: readonly ArrangedBar[], bar: ArrangedBar): boolean {
  const next = bars[bar.index + 1];
  return bar.lastInSection && next !== undefined && !next.final && next.barInSection === 0 && next.section.energy === 'high';
}

/** `midi` moved to the nearest tone of `chord` (itself when it is one; ties go down). */
function toChordTone(midi: number, chord: ChordTones): number {
  for (let distance = 0; distance <= 6; distance += 1) {
    if (chord.tones.includes((((midi - distance) % 12) + 12) % 12)) return midi - distance;
    if (chord.tones.includes((midi + distance) % 12)) return midi + distance;
  }
  return midi;
}

/** The SoundFont's kit for a requested GM kit program: the highest kit at or below it. */
function drumKit(program: number): number {
  return [...DRUM_KITS].reverse().find((kit) => kit <= program) ?? 0;
}
