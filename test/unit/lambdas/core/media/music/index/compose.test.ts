/**
 * `composeScore` (issue 18 item 1, "the AI writes a score, not audio"; "the offline provider
 * writes the score deterministically from the same inputs, labelled offline"; "two different
 * briefs give audibly different pieces"): the offline writer is deterministic and follows the
 * mood and style; with a model, its JSON is validated against ScoreSchema by the AI layer and an
 * invalid answer surfaces as the AI layer's AiOutputError.
 */
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/mini';
import { AiOutputError, AiRetryableError, offlineProvider, type AiProvider, type TextRequest } from '../../../../../../../lambdas/platform/ai';
import { generateJsonWithRepair } from '../../../../../../../lambdas/platform/ai/json';
import { composeScore, OFFLINE_SCORE_MODEL, ScoreSchema, scoreSummary, type Score, type SoundtrackBrief } from '../../../../../../../lambdas/core/media/music';

const HAPPY: SoundtrackBrief = { mood: 'alegre', tempo: 110, durationSeconds: 30, style: 'pop' };
const CALM: SoundtrackBrief = { mood: 'tranquila', tempo: 70, durationSeconds: 30, style: 'acústico' };
const BRAND = { brandName: 'Panadería La Espiga', brandPersonality: 'cercana y artesanal' };

/** The GM programs a score uses (melody, harmony, pad, bass) and its kit. */
const sound = (score: Score) => ({ melody: score.melody.program, harmony: score.harmony.program, pad: score.harmony.padProgram, bass: score.bass.program, kit: score.drums?.kit });
/** Hits per bar of the drum lines. */
const drumHits = (score: Score) => Object.values(score.drums ?? {}).filter((value): value is string => typeof value === 'string').join('').replace(/[.-]/g, '').length;

describe('the offline score writer', () => {
  it('writes a valid score, labelled offline, with the brief tempo', async () => {
    const composed = await composeScore(HAPPY, BRAND, offlineProvider);
    expect(composed.offline).toBe(true);
    expect(composed.model).toBe(OFFLINE_SCORE_MODEL);
    expect(safeParse(ScoreSchema, composed.score).success).toBe(true);
    expect(composed.score.tempo).toBe(110);
  });

  it('gives the same score for the same brief', async () => {
    const first = await composeScore(HAPPY, BRAND, offlineProvider);
    const second = await composeScore({ ...HAPPY }, { ...BRAND }, offlineProvider);
    expect(second).toEqual(first);
  });

  it('gives a different piece for "alegre, 110 bpm, pop" and "tranquila, 70 bpm, acústico"', async () => {
    const { score: happy } = await composeScore(HAPPY, BRAND, offlineProvider);
    const { score: calm } = await composeScore(CALM, BRAND, offlineProvider);
    expect(happy.mode).toBe('major');
    expect(`${calm.key} ${calm.mode}`).not.toBe(`${happy.key} ${happy.mode}`);
    expect(calm.progression).not.toEqual(happy.progression);
    expect(calm.tempo).toBe(70);
    // Style: other instruments and drum kit (brushes for acoustic, the standard kit for pop).
    expect(sound(calm)).not.toEqual(sound(happy));
    expect(calm.drums?.kit).toBe(40);
    expect(happy.drums?.kit).toBe(0);
    // Mood: calm music has fewer drum hits, arpeggiated harmony and a lower melody.
    expect(drumHits(calm)).toBeLessThan(drumHits(happy));
    expect(calm.harmony.style).toBe('arpeggio');
    expect(calm.melody.octave).toBeLessThan(happy.melody.octave);
  });

  it('changes the score when only the mood, the style or the tempo changes', async () => {
    const { score: base } = await composeScore(HAPPY, BRAND, offlineProvider);
    const { score: minor } = await composeScore({ ...HAPPY, mood: 'misteriosa' }, BRAND, offlineProvider);
    const { score: jazz } = await composeScore({ ...HAPPY, style: 'jazz' }, BRAND, offlineProvider);
    const { score: faster } = await composeScore({ ...HAPPY, tempo: 140 }, BRAND, offlineProvider);
    expect(minor.mode).not.toBe('major');
    expect(sound(jazz)).not.toEqual(sound(base));
    expect(jazz.swing).toBeGreaterThan(0);
    expect(faster.tempo).toBe(140);
    for (const other of [minor, jazz, faster]) expect(other).not.toEqual(base);
  });

  it('reads free text: accents, case and words around the mood', async () => {
    const { score: plain } = await composeScore({ ...HAPPY, mood: 'epica' }, BRAND, offlineProvider);
    const { score: accented } = await composeScore({ ...HAPPY, mood: 'Muy ÉPICA' }, BRAND, offlineProvider);
    expect(plain.mode).toBe('minor');
    expect(accented.mode).toBe('minor');
  });

  it('writes a score for a mood and style it has no rule for', async () => {
    const composed = await composeScore({ mood: 'como un lunes por la mañana', tempo: 95, durationSeconds: 20, style: 'polca' }, {}, offlineProvider);
    expect(safeParse(ScoreSchema, composed.score).success).toBe(true);
  });
});

/** A model that answers `answers` in turn through the AI layer's real JSON validation and repair, recording the requests. */
function model(answers: string[], requests: TextRequest[] = []): AiProvider {
  return {
    id: 'openai-compatible',
    offline: false,
    generateText: () => Promise.reject(new Error('unused')),
    generateJson: (request, schema) =>
      generateJsonWithRepair('openai-compatible', request, schema, (sent) => {
        requests.push(sent);
        return Promise.resolve({ text: answers[Math.min(requests.length - 1, answers.length - 1)] ?? '', toolCalls: [], offline: false, model: 'compositor-1' });
      }),
    generateImage: () => Promise.reject(new Error('unused')),
    embed: () => Promise.reject(new Error('unused')),
  };
}

const MODEL_SCORE: Score = {
  title: 'Amanecer en la panadería',
  key: 'G',
  mode: 'major',
  tempo: 96,
  timeSignature: '4/4',
  progression: ['I', 'V', 'vi', 'IV'],
  sections: [
    { name: 'intro', bars: 2, energy: 'low', melody: false },
    { name: 'verse', bars: 4, energy: 'medium', melody: true },
    { name: 'chorus', bars: 4, energy: 'high', melody: true, progression: ['IV', 'V', 'iii', 'vi'] },
  ],
  melody: { program: 73, octave: 5, notes: [{ degree: 4, beats: 1 }, { degree: 2, beats: 1 }, { degree: 0, beats: 2 }] },
  harmony: { program: 24, style: 'strum', steps: 'x---x---x---x---' },
  bass: { program: 32, steps: '1.......5.......' },
  drums: { kit: 0, kick: 'x.......x.......', snare: '....x.......x...', hihat: 'x.x.x.x.x.x.x.x.' },
  swing: 0,
};

describe('the score from a model', () => {
  it('sends the brief and the brand, and keeps the validated score with the brief tempo', async () => {
    const requests: TextRequest[] = [];
    const composed = await composeScore(HAPPY, BRAND, model([JSON.stringify(MODEL_SCORE)], requests));
    expect(composed).toEqual({ score: { ...MODEL_SCORE, tempo: 110 }, offline: false, model: 'compositor-1' });
    expect(requests).toHaveLength(1);
    const request = requests[0];
    expect(request?.system).toContain('Panadería La Espiga');
    expect(request?.system).toContain('cercana y artesanal');
    expect(request?.system).toContain('JSON Schema');
    const message = request?.messages[0]?.content ?? '';
    for (const text of ['alegre', 'pop', '110 bpm', '30 segundos']) expect(message).toContain(text);
  });

  it('accepts a score the model repairs after one invalid answer', async () => {
    const requests: TextRequest[] = [];
    const broken = JSON.stringify({ ...MODEL_SCORE, progression: ['I', 'V', 'Fmaj7'] });
    const composed = await composeScore(HAPPY, BRAND, model([broken, JSON.stringify(MODEL_SCORE)], requests));
    expect(requests).toHaveLength(2);
    expect(composed.score.progression).toEqual(MODEL_SCORE.progression);
  });

  it('fails with the AI layer error when the model keeps answering an invalid score', async () => {
    const invalid = JSON.stringify({ ...MODEL_SCORE, melody: { ...MODEL_SCORE.melody, program: 300 }, bass: { program: 32, steps: 'do re mi' } });
    const failure = composeScore(HAPPY, BRAND, model([invalid]));
    await expect(failure).rejects.toBeInstanceOf(AiOutputError);
    await expect(failure).rejects.toMatchObject({ code: 'OUTPUT_INVALID', message: 'La IA devolvió una respuesta con un formato no válido. Inténtalo de nuevo.' });
  });

  it('lets a provider failure through unchanged (retryable, with its Spanish message)', async () => {
    const busy = new AiRetryableError('gemini', '429');
    const failing: AiProvider = { ...model([]), generateJson: () => Promise.reject(busy) };
    await expect(composeScore(HAPPY, BRAND, failing)).rejects.toBe(busy);
  });
});

describe('scoreSummary', () => {
  it('says mood, style, tempo, key and length in Spanish', () => {
    expect(scoreSummary({ ...MODEL_SCORE, key: 'C', mode: 'major', tempo: 110 }, HAPPY)).toBe('Alegre · pop · 110 bpm · Do mayor · 30 s');
    expect(scoreSummary({ ...MODEL_SCORE, key: 'F#', mode: 'minor', tempo: 70 }, CALM)).toBe('Tranquila · acústico · 70 bpm · Fa♯ menor · 30 s');
    expect(scoreSummary({ ...MODEL_SCORE, key: 'Bb', mode: 'dorian', tempo: 70 }, { ...CALM, mood: 'épica' })).toBe('Épica · acústico · 70 bpm · Si♭ dórico · 30 s');
  });
});
