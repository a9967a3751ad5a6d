/**
 * The arrangement of a score over a requested duration (issue 18 item 1): which bar of which
 * section plays when, with which chord, so that the piece fills `durationSeconds`.
 * - Whole bars that fit in the duration minus a one-second tail; the last of them is the final
 *   cadence (the tonic chord, held to the end), the one before it the dominant (V7) when there
 *   are at least three bars.
 * - The other bars: the intro (at most a quarter of them), then the body sections (everything
 *   that is not intro or outro, or every section when that leaves none) repeated in order until
 *   the outro (at most a fifth of them) — a section may be cut short.
 * - Each bar's chord: its section's progression (or the score's) at the bar's index within the
 *   section, looped.
 */
import { beatsPerBar, type Score, type Section } from './score';

/** One bar of the arrangement. */
export interface ArrangedBar {
  /** Index of the bar in the piece. */
  index: number;
  section: Section;
  /** Which pass through a section this is (sections repeat): bars with the same `run` are contiguous. */
  run: number;
  /** Index of the bar within its section's pass. */
  barInSection: number;
  /** Whether it is the last bar of its section's pass. */
  lastInSection: boolean;
  /** Roman numeral of the bar's chord. */
  chord: string;
  /** The final cadence bar (held tonic). */
  final: boolean;
}

export interface Arrangement {
  bars: ArrangedBar[];
  beatsPerBar: number;
  /** Seconds of a beat (a quarter note). */
  beatSeconds: number;
  /** The piece's whole length in beats (durationSeconds / beatSeconds, not whole bars). */
  totalBeats: number;
}

/** Seconds after the last bar begins that are left for the final chord to ring, at least. */
const TAIL_SECONDS = 1;

function tonicNumeral(score: Score): string {
  return score.mode === 'major' || score.mode === 'lydian' || score.mode === 'mixolydian' ? 'I' : 'i';
}

/** The arrangement of `score` over `durationSeconds` (see the module header). */
export function arrange(score: Score, durationSeconds: number): Arrangement {
  const bpb = beatsPerBar(score);
  const beatSeconds = 60 / score.tempo;
  const barSeconds = bpb * beatSeconds;
  const count = Math.max(1, Math.floor((durationSeconds - TAIL_SECONDS) / barSeconds));
  const bodyBars = count - 1;

  const intro = score.sections.filter((section) => section.name === 'intro');
  const outro = score.sections.filter((section) => section.name === 'outro');
  let body = score.sections.filter((section) => section.name !== 'intro' && section.name !== 'outro');
  if (body.length === 0) body = score.sections;

  const plan: { section: Section; bars: number }[] = [];
  const take = (sections: Section[], budget: number) => {
    let left = budget;
    for (const section of sections) {
      if (left <= 0) break;
      const bars = Math.min(section.bars, left);
      plan.push({ section, bars });
      left -= bars;
    }
    return budget - left;
  };
  const sum = (sections: Section[]) => sections.reduce((total, section) => total + section.bars, 0);
  const introBars = bodyBars >= 4 ? Math.min(sum(intro), Math.floor(bodyBars / 4)) : 0;
  const outroBars = bodyBars >= 6 ? Math.min(sum(outro), Math.floor(bodyBars / 5)) : 0;
  take(intro, introBars);
  let middle = bodyBars - introBars - outroBars;
  while (middle > 0) middle -= take(body, middle);
  take(outro, outroBars);

  const bars: ArrangedBar[] = [];
  plan.forEach(({ section, bars: length }, run) => {
    const progression = section.progression ?? score.progression;
    for (let barInSection = 0; barInSection < length; barInSection += 1) {
      bars.push({
        index: bars.length,
        section,
        run,
        barInSection,
        lastInSection: barInSection === length - 1,
        chord: progression[barInSection % progression.length] ?? tonicNumeral(score),
        final: false,
      });
    }
  });
  const penultimate = bars[bars.length - 1];
  if (penultimate && bars.length >= 2) penultimate.chord = 'V7';
  const last = plan[plan.length - 1]?.section ?? score.sections[0];
  if (!last) throw new Error('a score has at least one section');
  bars.push({ index: bars.length, section: last, run: plan.length, barInSection: 0, lastInSection: true, chord: tonicNumeral(score), final: true });

  return { bars, beatsPerBar: bpb, beatSeconds, totalBeats: durationSeconds / beatSeconds };
}
