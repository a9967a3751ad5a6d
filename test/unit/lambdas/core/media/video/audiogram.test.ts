/**
 * composeAudiogram (lambdas/core/media/video/audiogram.ts, issue 18 item 2) with the real ffmpeg:
 * a 10-second audio becomes a 1920×1080 H.264/AAC yuv420p video as long as the audio (within 5%),
 * with its sound, the background in the brand's primary colour, the waveform in its accent colour
 * across the middle, the title at the top and each timed caption only while it is due.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAudiogram } from '../../../../../../lambdas/core/media/video';
import { loudness, probe } from '../../../../../support/media';
import { columnAt, near, pixelAt, testTone } from '../../../../../support/video-fixtures';

const LOOK = { primaryColor: '#0e7490', accentColor: '#fde047' };
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'audiogram-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('composeAudiogram', () => {
  it('renders the waveform, title and timed captions over the whole audio', async () => {
    const audio = await testTone(dir, 10, 'episode.m4a', 220);
    const video = await composeAudiogram({
      audioPath: audio,
      title: 'Episodio 3: "Cómo vender más" al 100%',
      captions: [
        { startSeconds: 0, endSeconds: 4, text: 'Hola: hoy hablamos de café, ¿vale?' },
        { startSeconds: 6, endSeconds: 12, text: "L'oferta del 20% \\ termina hoy" },
      ],
      format: 'horizontal',
      look: LOOK,
      workDir: dir,
    });
    const probed = await probe(video.path);
    expect(probed.video).toEqual({ codec: 'h264', width: 1920, height: 1080, pixelFormat: 'yuv420p' });
    expect(probed.audio?.codec).toBe('aac');
    expect(Math.abs(probed.durationSeconds - 10) / 10).toBeLessThan(0.05);
    expect((await loudness(video.path)).meanDb).toBeGreaterThan(-50);

    // Background in the primary colour at a corner; the waveform (accent) somewhere down the middle column.
    expect(near(await pixelAt(video.path, 2, 0.02, 0.4), LOOK.primaryColor)).toBe(true);
    const middle = await columnAt(video.path, 2, 0.5, 0.3);
    expect(middle.slice(0, Math.round(middle.length * 0.4)).some((pixel) => near(pixel, LOOK.accentColor, 40))).toBe(true);
    // Captions (accent frame in the lower fifth) at 2 s and 8 s, none at 5 s.
    const lowerAccent = async (seconds: number) => (await columnAt(video.path, seconds, 0.5, 0.8)).some((pixel) => near(pixel, LOOK.accentColor, 40));
    expect(await lowerAccent(2)).toBe(true);
    expect(await lowerAccent(5)).toBe(false);
    expect(await lowerAccent(8)).toBe(true);
    // Title frame in the upper fifth.
    expect((await columnAt(video.path, 5, 0.5, 0)).slice(0, 216).some((pixel) => near(pixel, LOOK.accentColor, 40))).toBe(true);
  });
});
