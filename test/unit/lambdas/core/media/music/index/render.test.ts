/**
 * `renderScore` (issue 18 item 1, "rendered to audio with a General MIDI SoundFont"; "a test
 * compares their scores and checks the audio's duration and loudness with the decoder"): the
 * real SoundFont, synthesizer and MP3 encoder, checked with ffprobe and ffmpeg's volumedetect
 * (test/support/media.ts), and the MIDI file read back with @tonejs/midi.
 */
import * as tonejsMidi from '@tonejs/midi';
import { describe, expect, it } from 'vitest';
import { offlineProvider } from '../../../../../../../lambdas/platform/ai';
import { composeScore, renderScore, type RenderedSoundtrack, type SoundtrackBrief } from '../../../../../../../lambdas/core/media/music';
import { loudness, probe } from '../../../../../../support/media';

/** @tonejs/midi's class under plain Node (its UMD build has no named ES export). */
const Midi = tonejsMidi.Midi ?? (tonejsMidi as unknown as { default: typeof tonejsMidi }).default.Midi;

const HAPPY: SoundtrackBrief = { mood: 'alegre', tempo: 110, durationSeconds: 30, style: 'pop' };
const CALM: SoundtrackBrief = { mood: 'tranquila', tempo: 70, durationSeconds: 12, style: 'acústico' };
/** One render of a 30 s piece takes ~5 s on an idle 2-core machine; the tests share it with others. */
const RENDER_TIMEOUT = 90_000;

let happy: Promise<{ rendered: RenderedSoundtrack; progress: number[]; seconds: number }> | undefined;
/** The "alegre, 110 bpm, pop" 30 s piece, rendered once for the tests that inspect it. */
function renderHappy() {
  happy ??= (async () => {
    const { score } = await composeScore(HAPPY, { brandName: 'Panadería La Espiga' }, offlineProvider);
    const progress: number[] = [];
    const started = performance.now();
    const rendered = await renderScore(score, HAPPY.durationSeconds, (fraction) => progress.push(fraction));
    return { rendered, progress, seconds: (performance.now() - started) / 1000 };
  })();
  return happy;
}

describe('renderScore', () => {
  it('renders 30 s of "alegre, 110 bpm" as an MP3 that is neither silent nor clipped', { timeout: RENDER_TIMEOUT }, async () => {
    const { rendered, progress, seconds } = await renderHappy();
    console.info(`30 s soundtrack rendered in ${seconds.toFixed(1)} s`);
    expect(rendered.durationSeconds).toBe(30);
    const probed = await probe(rendered.mp3);
    expect(probed.audio).toEqual({ codec: 'mp3', sampleRate: 44_100, channels: 2 });
    expect(probed.video).toBeUndefined();
    expect(Math.abs(probed.durationSeconds - 30)).toBeLessThanOrEqual(0.5);
    // 160 kbps: 30 s is about 600 kB.
    expect(rendered.mp3.length).toBeGreaterThan(30 * 128_000 / 8);
    expect(rendered.mp3.length).toBeLessThan(30 * 192_000 / 8);
    const level = await loudness(rendered.mp3);
    expect(level.meanDb).toBeGreaterThan(-35);
    expect(level.maxDb).toBeLessThan(-0.1);
    // Progress rises from 0 to 1.
    expect(progress.length).toBeGreaterThan(5);
    expect(progress[progress.length - 1]).toBe(1);
    expect(progress.every((value, i) => value >= 0 && value <= 1 && (i === 0 || value >= (progress[i - 1] ?? 0)))).toBe(true);
  });

  it('writes a MIDI file with the tempo, the parts on their channels (drums on 10) and nothing past the end', { timeout: RENDER_TIMEOUT }, async () => {
    const { rendered } = await renderHappy();
    const { score } = await composeScore(HAPPY, { brandName: 'Panadería La Espiga' }, offlineProvider);
    const midi = new Midi(rendered.midi);
    expect(midi.header.tempos[0]?.bpm).toBeCloseTo(110, 3);
    expect(midi.header.timeSignatures[0]?.timeSignature).toEqual([4, 4]);
    const tracks = midi.tracks.map((track) => ({ name: track.name, channel: track.channel, program: track.instrument.number, notes: track.notes.length > 0 }));
    expect(tracks).toEqual([
      { name: 'Melodía', channel: 0, program: score.melody.program, notes: true },
      { name: 'Armonía', channel: 1, program: score.harmony.program, notes: true },
      { name: 'Bajo', channel: 2, program: score.bass.program, notes: true },
      { name: 'Batería', channel: 9, program: score.drums?.kit, notes: true },
    ]);
    const lastNoteEnd = Math.max(...midi.tracks.flatMap((track) => track.notes.map((note) => note.time + note.duration)));
    expect(lastNoteEnd).toBeLessThanOrEqual(30);
    expect(lastNoteEnd).toBeGreaterThan(28);
  });

  it('renders another brief to other audio of its own length', { timeout: RENDER_TIMEOUT }, async () => {
    const { score } = await composeScore(CALM, {}, offlineProvider);
    const calm = await renderScore(score, CALM.durationSeconds);
    const { rendered } = await renderHappy();
    expect(Buffer.from(calm.mp3).equals(Buffer.from(rendered.mp3))).toBe(false);
    expect(Math.abs((await probe(calm.mp3)).durationSeconds - 12)).toBeLessThanOrEqual(0.5);
    expect((await loudness(calm.mp3)).meanDb).toBeGreaterThan(-35);
    const midi = new Midi(calm.midi);
    expect(midi.header.tempos[0]?.bpm).toBeCloseTo(70, 3);
    expect(midi.tracks.map((track) => track.instrument.number)).not.toEqual(new Midi(rendered.midi).tracks.map((track) => track.instrument.number));
  });

  it('refuses a duration past the render limit and a score that does not validate', async () => {
    const { score } = await composeScore(CALM, {}, offlineProvider);
    await expect(renderScore(score, 600)).rejects.toThrow(/duration/);
    await expect(renderScore({ ...score, progression: ['H'] }, 10)).rejects.toThrow();
  });
});
