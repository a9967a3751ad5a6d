/**
 * The offline score writer (issue 18 item 1: "the offline provider writes the score
 * deterministically from the same inputs"). No model: rules and a seeded choice.
 * - The mood (free Spanish text; SOUNDTRACK_MOODS are the suggestions) picks a profile by
 *   keywords: keys, modes with their verse and chorus progressions, melody rhythms and register, drum
 *   density, harmony style, pad and section energies. Unknown moods get a profile by the seed.
 * - The style (SOUNDTRACK_STYLES, free text too) picks the instruments (GM programs), the drum
 *   kit and patterns, the bass and comping patterns, swing and seventh chords. Unknown: by seed.
 * - The seed is a hash of the mood, style, tempo and brand name: the same brief gives the same
 *   score; another mood, style or tempo gives another one. Within the profile it chooses the key,
 *   the progressions and the melody (chord tones on strong beats, steps between them, ending on
 *   the tonic's chord).
 */
import type { BrandContext } from '../../../platform/ai';
import { beatsPerBar, type Drums, type MelodyNote, type Score, type Section } from './score';
import { degreeToMidi, romanChord, scaleSteps } from './theory';

export const OFFLINE_SCORE_MODEL = 'offline-score-v1';

/** The inputs the offline writer reads (SoundtrackBrief's fields). */
export interface OfflineBrief {
  mood: string;
  tempo: number;
  durationSeconds: number;
  style: string;
}

type Density = 'none' | 'sparse' | 'normal' | 'busy';

interface Harmony {
  mode: Score['mode'];
  verse: string[];
  chorus: string[];
}

const harmony = (mode: Score['mode'], verse: string[], chorus: string[]): Harmony => ({ mode, verse, chorus });

interface MoodProfile {
  id: string;
  words: string[];
  keys: Score['key'][];
  /** The harmonies to choose from: a mode with its verse and chorus progressions (chords of that mode). */
  harmonies: Harmony[];
  /** Rhythm cells of a 4/4 bar, beats (3/4 cells derived by dropping the last beat). */
  rhythms: number[][];
  octave: number;
  density: Density;
  pad: boolean;
  arpeggio: boolean;
  sections: Section[];
  waltz: boolean;
}

const section = (name: Section['name'], bars: number, energy: Section['energy'], melody: boolean): Section => ({ name, bars, energy, melody });

const MOODS: MoodProfile[] = [
  {
    id: 'happy',
    words: ['alegr', 'feliz', 'divert', 'optimis', 'positiv', 'fiesta', 'festiv', 'verano', 'lumin', 'brillant', 'happy', 'jovial', 'animad'],
    keys: ['C', 'G', 'D', 'F', 'A'],
    harmonies: [
      harmony('major', ['I', 'V', 'vi', 'IV'], ['IV', 'V', 'I', 'vi']),
      harmony('major', ['I', 'IV', 'V', 'IV'], ['vi', 'IV', 'I', 'V']),
      harmony('major', ['I', 'vi', 'IV', 'V'], ['IV', 'I', 'V', 'V']),
      harmony('mixolydian', ['I', 'bVII', 'IV', 'I'], ['IV', 'bVII', 'I', 'I']),
    ],
    rhythms: [[1, 0.5, 0.5, 1, 1], [0.5, 0.5, 0.5, 0.5, 2], [1, 1, 0.5, 0.5, 1], [0.5, 1, 0.5, 2]],
    octave: 5,
    density: 'normal',
    pad: false,
    arpeggio: false,
    sections: [section('intro', 2, 'medium', false), section('verse', 4, 'medium', true), section('chorus', 4, 'high', true), section('outro', 2, 'medium', false)],
    waltz: false,
  },
  {
    id: 'calm',
    words: ['tranquil', 'calm', 'relaj', 'suave', 'seren', 'paz', 'chill', 'dulce', 'sosieg', 'zen', 'descans'],
    keys: ['F', 'Eb', 'D', 'Bb', 'G'],
    harmonies: [
      harmony('major', ['Imaj7', 'IVmaj7', 'Imaj7', 'IVmaj7'], ['vi7', 'IVmaj7', 'Imaj7', 'Vsus4']),
      harmony('major', ['I', 'iii', 'IV', 'I'], ['vi', 'IV', 'I', 'V']),
      harmony('lydian', ['I', 'II', 'I', 'II'], ['vii', 'II', 'I', 'I']),
    ],
    rhythms: [[2, 2], [3, 1], [4], [1.5, 0.5, 2]],
    octave: 4,
    density: 'sparse',
    pad: true,
    arpeggio: true,
    sections: [section('intro', 2, 'low', false), section('verse', 4, 'low', true), section('chorus', 4, 'medium', true), section('outro', 2, 'low', false)],
    waltz: true,
  },
  {
    id: 'epic',
    words: ['epic', 'heroic', 'grandios', 'poderos', 'triunf', 'majest', 'legend', 'glori', 'aventur'],
    keys: ['D', 'C', 'E', 'A'],
    harmonies: [
      harmony('minor', ['i', 'bVI', 'bIII', 'bVII'], ['bVI', 'bVII', 'i', 'i']),
      harmony('minor', ['i', 'bVII', 'bVI', 'bVII'], ['bVI', 'bIII', 'bVII', 'i']),
    ],
    rhythms: [[1.5, 0.5, 2], [1, 1, 2], [3, 0.5, 0.5], [2, 1, 1]],
    octave: 4,
    density: 'busy',
    pad: true,
    arpeggio: false,
    sections: [section('intro', 2, 'low', false), section('verse', 4, 'medium', true), section('bridge', 2, 'medium', false), section('chorus', 4, 'high', true), section('outro', 2, 'medium', false)],
    waltz: false,
  },
  {
    id: 'emotional',
    words: ['emoti', 'emocion', 'trist', 'nostalg', 'melancol', 'romant', 'tiern', 'sentiment', 'inspira', 'conmov', 'amor'],
    keys: ['A', 'E', 'B', 'D'],
    harmonies: [
      harmony('minor', ['i', 'iv', 'bVII', 'bIII'], ['bVI', 'bVII', 'i', 'v']),
      harmony('minor', ['i', 'bVI', 'iv', 'v'], ['bIII', 'bVII', 'iv', 'i']),
      harmony('major', ['vi', 'IV', 'I', 'V'], ['IV', 'V', 'iii', 'vi']),
    ],
    rhythms: [[2, 1, 1], [1, 1, 2], [3, 1], [1.5, 0.5, 1, 1]],
    octave: 5,
    density: 'sparse',
    pad: true,
    arpeggio: true,
    sections: [section('intro', 2, 'low', false), section('verse', 4, 'low', true), section('chorus', 4, 'medium', true), section('outro', 2, 'low', false)],
    waltz: true,
  },
  {
    id: 'energetic',
    words: ['energ', 'intens', 'rapid', 'potent', 'dinamic', 'motiv', 'deport', 'activ', 'fuerte', 'vibrant', 'euforic'],
    keys: ['E', 'A', 'D', 'B'],
    harmonies: [
      harmony('minor', ['i', 'bVII', 'bVI', 'bVII'], ['bVI', 'bVII', 'i', 'i']),
      harmony('dorian', ['i', 'IV', 'i', 'IV'], ['bIII', 'IV', 'i', 'bVII']),
    ],
    rhythms: [[0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1], [0.5, 0.5, 1, 0.5, 0.5, 1], [1, 0.5, 0.5, 0.5, 0.5, 1]],
    octave: 5,
    density: 'busy',
    pad: false,
    arpeggio: false,
    sections: [section('intro', 2, 'medium', false), section('verse', 4, 'high', true), section('chorus', 4, 'high', true), section('outro', 2, 'medium', false)],
    waltz: false,
  },
  {
    id: 'mysterious',
    words: ['mister', 'oscur', 'suspens', 'intrig', 'tenebr', 'miedo', 'noct', 'enigm', 'secret', 'inquiet'],
    keys: ['C#', 'F#', 'B', 'D'],
    harmonies: [
      harmony('minor', ['i', 'bVI', 'iv', 'V'], ['iv', 'bVI', 'V', 'i']),
      harmony('phrygian', ['i', 'bII', 'i', 'bVII'], ['bVI', 'bII', 'i', 'i']),
    ],
    rhythms: [[3, 1], [2, 2], [1, 3], [1.5, 1.5, 1]],
    octave: 4,
    density: 'sparse',
    pad: true,
    arpeggio: true,
    sections: [section('intro', 2, 'low', false), section('verse', 4, 'low', true), section('chorus', 4, 'medium', true), section('outro', 2, 'low', false)],
    waltz: false,
  },
];

interface StyleProfile {
  id: string;
  words: string[];
  melody: number;
  harmony: number;
  pad: number;
  bassProgram: number;
  harmonyStyle: Score['harmony']['style'];
  /** Comping and bass hits by beat position in a 4/4 bar. */
  comp: number[];
  bassLine: [number, string][];
  kit: number | null;
  kick: number[];
  snare: number[];
  hihat: number[];
  extra: Partial<Record<'openHat' | 'ride' | 'clap' | 'shaker', number[]>>;
  swing: number;
  sevenths: boolean;
}

const eighths = [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5];

const STYLES: StyleProfile[] = [
  {
    id: 'pop',
    words: ['pop', 'comercial', 'radio', 'indie'],
    melody: 80, // Square lead
    harmony: 0, // Acoustic grand piano
    pad: 89, // Warm pad
    bassProgram: 33, // Fingered bass
    harmonyStyle: 'block',
    comp: [0, 1, 1.5, 2, 3, 3.5],
    bassLine: [[0, '1'], [1.5, '1'], [2, '5'], [3, '8'], [3.5, '5']],
    kit: 0,
    kick: [0, 1.5, 2],
    snare: [1, 3],
    hihat: eighths,
    extra: {},
    swing: 0,
    sevenths: false,
  },
  {
    id: 'acoustic',
    words: ['acust', 'folk', 'guitarra', 'unplugged', 'organic', 'natural', 'country'],
    melody: 73, // Flute
    harmony: 25, // Steel-string guitar
    pad: 48, // Strings
    bassProgram: 32, // Acoustic bass
    harmonyStyle: 'strum',
    comp: [0, 1, 1.5, 2.5, 3],
    bassLine: [[0, '1'], [2, '5']],
    kit: 40, // Brush
    kick: [0, 2],
    snare: [1, 3],
    hihat: [0.5, 1.5, 2.5, 3.5],
    extra: { shaker: eighths },
    swing: 0,
    sevenths: false,
  },
  {
    id: 'electronic',
    words: ['electron', 'edm', 'techno', 'house', 'synth', 'sintet', 'dance', 'futur'],
    melody: 81, // Sawtooth lead
    harmony: 90, // Polysynth
    pad: 95, // Sweep pad
    bassProgram: 38, // Synth bass 1
    harmonyStyle: 'block',
    comp: [0.5, 1.5, 2.5, 3.5],
    bassLine: [[0.5, '1'], [1.5, '1'], [2.5, '1'], [3.5, '8']],
    kit: 25, // 808/909
    kick: [0, 1, 2, 3],
    snare: [],
    hihat: [0.5, 1.5, 2.5, 3.5],
    extra: { clap: [1, 3], openHat: [] },
    swing: 0,
    sevenths: false,
  },
  {
    id: 'cinematic',
    words: ['cine', 'orquest', 'banda sonora', 'trailer', 'sinfon', 'clasic', 'pelicul'],
    melody: 60, // French horn
    harmony: 48, // String ensemble
    pad: 52, // Choir aahs
    bassProgram: 43, // Contrabass
    harmonyStyle: 'block',
    comp: [0, 2],
    bassLine: [[0, '1'], [2, '5']],
    kit: 48, // Orchestral percussion
    kick: [0, 2.5],
    snare: [],
    hihat: [],
    extra: {},
    swing: 0,
    sevenths: false,
  },
  {
    id: 'jazz',
    words: ['jazz', 'swing', 'blues', 'bossa', 'lounge', 'soul'],
    melody: 65, // Alto sax
    harmony: 0, // Piano
    pad: 48,
    bassProgram: 32, // Acoustic bass
    harmonyStyle: 'block',
    comp: [0, 1.5, 3],
    bassLine: [[0, '1'], [1, '3'], [2, '5'], [3, '7']],
    kit: 32, // Jazz kit
    kick: [0],
    snare: [2.5],
    hihat: [1, 3],
    extra: { ride: [0, 1, 1.5, 2, 3, 3.5] },
    swing: 0.33,
    sevenths: true,
  },
  {
    id: 'lofi',
    words: ['lo-fi', 'lofi', 'lo fi', 'hip hop', 'hiphop', 'chillhop', 'estudi'],
    melody: 11, // Vibraphone
    harmony: 4, // Electric piano
    pad: 89,
    bassProgram: 33,
    harmonyStyle: 'block',
    comp: [0, 2.5],
    bassLine: [[0, '1'], [1.5, '1'], [2.5, '5']],
    kit: 0,
    kick: [0, 1.5, 2.5],
    snare: [1, 3],
    hihat: eighths,
    extra: {},
    swing: 0.2,
    sevenths: true,
  },
];

/** FNV-1a of `text`, 32 bits. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** A small seeded generator (mulberry32): the same seed, the same sequence in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lower case, accents removed, spaces collapsed. */
export function normalized(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function pick<T>(items: readonly T[], next: () => number): T {
  const item = items[Math.floor(next() * items.length) % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** The profile whose keyword appears first in `text`, else one chosen by `next`. */
function profileFor<T extends { words: string[] }>(profiles: readonly T[], text: string, next: () => number): T {
  const clean = normalized(text);
  let best: { profile: T; at: number } | undefined;
  for (const profile of profiles) {
    for (const word of profile.words) {
      const at = clean.indexOf(word);
      if (at >= 0 && (!best || at < best.at)) best = { profile, at };
    }
  }
  return best?.profile ?? pick(profiles, next);
}

/** A step string of `bpb` beats, 4 steps a beat, with hits at the given beats (positions past the bar dropped). */
function steps(bpb: number, beats: readonly number[]): string {
  const cells = Array.from({ length: bpb * 4 }, () => '.');
  for (const beat of beats) {
    const index = Math.round(beat * 4);
    if (index < cells.length) cells[index] = 'x';
  }
  return cells.join('');
}

/** Comping steps: each hit held until the next (a rest just before it). */
function compSteps(bpb: number, beats: readonly number[]): string {
  const cells = Array.from({ length: bpb * 4 }, () => '.');
  const hits = beats.map((beat) => Math.round(beat * 4)).filter((index) => index < cells.length).sort((a, b) => a - b);
  hits.forEach((index, i) => {
    const next = hits[i + 1] ?? cells.length;
    cells[index] = 'x';
    for (let k = index + 1; k < next - 1; k += 1) cells[k] = '-';
  });
  return cells.join('');
}

function bassSteps(bpb: number, hits: readonly [number, string][]): string {
  const cells = Array.from({ length: bpb * 4 }, () => '.');
  const placed = hits.map(([beat, tone]) => [Math.round(beat * 4), tone] as const).filter(([index]) => index < cells.length).sort((a, b) => a[0] - b[0]);
  placed.forEach(([index, tone], i) => {
    const next = placed[i + 1]?.[0] ?? cells.length;
    cells[index] = tone;
    for (let k = index + 1; k < next - 1; k += 1) cells[k] = '-';
  });
  if (placed.length === 0) cells[0] = '1';
  return cells.join('');
}

function drumsFor(style: StyleProfile, density: Density, bpb: number): Drums | undefined {
  if (style.kit === null || density === 'none') return undefined;
  const inBar = (beats: readonly number[]) => beats.filter((beat) => beat < bpb);
  let kick = inBar(style.kick);
  let snare = inBar(style.snare);
  let hihat = inBar(style.hihat);
  const extra = { ...style.extra };
  if (bpb === 3) {
    kick = [0];
    snare = style.snare.length > 0 ? [1, 2] : [];
    hihat = hihat.length > 0 ? [0, 1, 2] : [];
  }
  if (density === 'sparse') {
    kick = kick.slice(0, 1);
    snare = snare.length > 0 ? [bpb - 1] : [];
    hihat = hihat.filter((beat) => Number.isInteger(beat));
    delete extra.openHat;
    delete extra.clap;
  } else if (density === 'busy') {
    hihat = hihat.length > 0 ? Array.from({ length: bpb * 4 }, (_, i) => i / 4) : [];
    if (kick.length < bpb && style.id !== 'cinematic') kick = [...new Set([...kick, ...Array.from({ length: bpb }, (_, i) => i)])];
    if (snare.length === 0 && !extra.clap) extra.clap = bpb === 4 ? [1, 3] : [2];
    if (style.id === 'cinematic') snare = [bpb - 1, bpb - 0.5, bpb - 0.25];
  }
  const drums: Drums = { kit: style.kit, kick: steps(bpb, kick), snare: steps(bpb, snare), hihat: steps(bpb, hihat) };
  for (const [name, beats] of Object.entries(extra) as [keyof typeof extra, number[]][]) {
    const kept = inBar(beats);
    if (name === 'openHat' && kept.length === 0 && density === 'busy') drums.openHat = steps(bpb, [bpb - 0.5]);
    else if (kept.length > 0) drums[name] = steps(bpb, kept);
  }
  return drums;
}

/** Seventh chords for jazz and lo-fi: a triad numeral with no suffix gets its diatonic-ish seventh. */
function withSeventh(numeral: string): string {
  if (!/^[b#]?[IViv]+$/.test(numeral)) return numeral;
  const bare = numeral.replace(/^[b#]/, '');
  if (numeral === 'V' || numeral === 'bVII' || numeral === 'II') return `${numeral}7`;
  if (bare === bare.toUpperCase()) return `${numeral}maj7`;
  return `${numeral}7`;
}

/** The scale degree the offline melody gravitates to (the fourth above the tonic). */
const MELODY_CENTER = 3;

/** A melody over the progression: one rhythm cell a bar, chord tones on the downbeats, steps between, ending on a tone of the last chord. */
function writeMelody(score: Pick<Score, 'key' | 'mode'>, progression: readonly string[], rhythms: readonly number[][], bpb: number, next: () => number): MelodyNote[] {
  const steps = scaleSteps(score);
  const notes: MelodyNote[] = [];
  let degree = pick([0, 2, 4], next);
  progression.forEach((numeral, barIndex) => {
    const chord = romanChord(numeral, score.key);
    const chordDegrees = Array.from({ length: 12 }, (_, i) => i - 3).filter((candidate) => chord.tones.includes(degreeToMidi(candidate, steps, score.key, 4) % 12));
    let cell = [...pick(rhythms, next)];
    if (bpb === 3) {
      const trimmed: number[] = [];
      let total = 0;
      for (const beats of cell) {
        if (total + beats > 3) break;
        trimmed.push(beats);
        total += beats;
      }
      if (total < 3) trimmed.push(3 - total);
      cell = trimmed;
    }
    const last = barIndex === progression.length - 1;
    cell.forEach((beats, i) => {
      if (i === 0 || (last && i === cell.length - 1)) {
        // The chord tone nearest to a point between the last note and the middle of the range.
        const aim = (degree + MELODY_CENTER) / 2;
        degree = chordDegrees.length > 0 ? chordDegrees.reduce((best, candidate) => (Math.abs(candidate - aim) < Math.abs(best - aim) ? candidate : best)) : degree;
      } else {
        const moves = degree < MELODY_CENTER - 2 ? [1, 1, 2, 0, -1] : degree > MELODY_CENTER + 2 ? [-1, -1, -2, 0, 1] : [-2, -1, -1, 1, 1, 2, 0];
        degree = Math.max(-2, Math.min(9, degree + pick(moves, next)));
      }
      notes.push({ degree, beats });
    });
    const final = notes[notes.length - 1];
    if (last && final && final.beats >= 1 && next() < 0.5) {
      // Breathe before the loop starts again: the last note halved, then a rest.
      final.beats /= 2;
      notes.push({ degree: 0, beats: final.beats, rest: true });
    }
  });
  return notes;
}

/** The offline score of a brief (see the module header). */
export function writeOfflineScore(brief: OfflineBrief, brand: BrandContext): Score {
  const seed = hash([normalized(brief.mood), normalized(brief.style), Math.round(brief.tempo), normalized(brand.brandName ?? '')].join('|'));
  const next = random(seed);
  const mood = profileFor(MOODS, brief.mood, next);
  const style = profileFor(STYLES, brief.style, next);
  const { mode, verse: verseChords, chorus: chorusChords } = pick(mood.harmonies, next);
  const key = pick(mood.keys, next);
  const waltz = mood.waltz && (style.id === 'acoustic' || style.id === 'jazz' || style.id === 'cinematic');
  const timeSignature: Score['timeSignature'] = waltz ? '3/4' : '4/4';
  const bpb = beatsPerBar({ timeSignature });

  const verse = style.sevenths ? verseChords.map(withSeventh) : verseChords;
  const chorus = style.sevenths ? chorusChords.map(withSeventh) : chorusChords;

  const sections = mood.sections.map((part) => (part.name === 'chorus' ? { ...part, progression: chorus } : { ...part }));
  const density: Density = mood.density === 'busy' && style.id === 'jazz' ? 'normal' : mood.density;
  const harmonyStyle = mood.arpeggio && style.id !== 'electronic' ? 'arpeggio' : style.harmonyStyle;
  const comp = harmonyStyle === 'arpeggio' ? steps(bpb, Array.from({ length: bpb * 2 }, (_, i) => i / 2)) : compSteps(bpb, style.comp.filter((beat) => beat < bpb));
  const melodyOctave = Math.max(3, Math.min(6, mood.octave + (style.id === 'cinematic' || style.id === 'jazz' ? -1 : 0)));

  const drums = drumsFor(style, density, bpb);
  return {
    title: `Música ${brief.mood.trim().toLowerCase()} · ${brief.style.trim().toLowerCase()}`.slice(0, 80),
    key,
    mode,
    tempo: brief.tempo,
    timeSignature,
    progression: verse,
    sections,
    melody: { program: style.melody, octave: melodyOctave, notes: writeMelody({ key, mode }, verse, mood.rhythms, bpb, next) },
    harmony: { program: style.harmony, style: harmonyStyle, steps: comp, ...(mood.pad || style.id === 'cinematic' ? { padProgram: style.pad } : {}) },
    bass: { program: style.bassProgram, steps: bassSteps(bpb, style.bassLine) },
    ...(drums ? { drums } : {}),
    swing: style.swing,
  };
}
