/**
 * composeSlideshow and composeImageClip (lambdas/core/media/video/slideshow.ts, issue 18 item 2)
 * with the real ffmpeg: five stills of odd sizes (PNG, JPEG, WEBP, a small one upscaled) become a
 * 1920×1080 H.264/AAC yuv420p video (a transparent logo flattened onto the primary colour) as long as the scenes together (within 5%), with captions full
 * of quotes, colons, accents, percent signs, braces and backslashes drawn on a box in the brand's
 * primary colour framed in its accent colour, and a sound track that is not silent (test tones as
 * music and voice-over). One image (a phone photo stored sideways, turned upright by its EXIF
 * orientation) becomes a 1080×1920 clip with its caption and the looped music.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeImageClip, composeSlideshow, type SceneRender } from '../../../../../../lambdas/core/media/video';
import { loudness, probe } from '../../../../../support/media';
import { audioTail, columnAt, near, orientedJpeg, pixelAt, stillImage, testTone, transparentImage } from '../../../../../support/video-fixtures';

const LOOK = { primaryColor: '#1f2937', accentColor: '#f59e0b', brandName: 'Café Sol' };
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'slideshow-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Whether the frame's lower part (column at the centre) shows the caption box and its accent frame. */
async function captionDrawn(video: string, seconds: number): Promise<boolean> {
  const column = await columnAt(video, seconds, 0.5, 0.55);
  return column.some((pixel) => near(pixel, LOOK.primaryColor, 12)) && column.some((pixel) => near(pixel, LOOK.accentColor, 30));
}

describe('composeSlideshow', () => {
  it('renders five scenes at 1920×1080 with captions, fades and a sound track', async () => {
    const [a, b, c, d] = await Promise.all([
      stillImage(dir, 'a.png', 1201, 801),
      stillImage(dir, 'b.jpg', 641, 961, 'mandelbrot'),
      stillImage(dir, 'c.webp', 301, 201, 'smptebars'),
      transparentImage(dir, 'd.png', 4001, 999),
    ]);
    const [music, voice] = await Promise.all([testTone(dir, 4), testTone(dir, 5, 'voice.m4a', 880)]);
    const scenes: SceneRender[] = [
      { imagePath: a, caption: '¿Sabías que el café de "Sol" lleva 50% más aroma? Pruébalo: ¡ya!', durationSeconds: 2, transition: 'fundido' },
      { imagePath: b, caption: "L'offre: 100% arábica; {sin} [trucos], a=b \\ c", durationSeconds: 2, transition: 'corte', motion: 'desplazar' },
      { imagePath: c, caption: 'Pequeña, pero ampliada 🎉', durationSeconds: 2.5, transition: 'fundido', motion: 'alejar' },
      { imagePath: d, caption: '', durationSeconds: 2, transition: 'corte' },
      { imagePath: a, caption: 'Ven hoy: abrimos a las 8:00 %{pts} %% y cerramos tarde, con música en directo y terraza al sol para todos', durationSeconds: 2, transition: 'fundido' },
    ];
    const progress: number[] = [];
    const video = await composeSlideshow({ scenes, format: 'horizontal', look: LOOK, audioPath: music, voicePath: voice, workDir: dir, onProgress: (f) => progress.push(f) });

    const expected = 10.5;
    const probed = await probe(video.path);
    expect(probed.video).toEqual({ codec: 'h264', width: 1920, height: 1080, pixelFormat: 'yuv420p' });
    expect(probed.audio?.codec).toBe('aac');
    expect(Math.abs(probed.durationSeconds - expected) / expected).toBeLessThan(0.05);
    expect(Math.abs(video.durationSeconds - expected) / expected).toBeLessThan(0.05);
    expect((await loudness(video.path)).meanDb).toBeGreaterThan(-50);
    expect(progress.at(-1)).toBe(1);
    expect(path.dirname(video.path)).toBe(dir);
    // The first scene's and the last scene's captions are on screen (mid-scene, away from the fades).
    expect(await captionDrawn(video.path, 1)).toBe(true);
    expect(await captionDrawn(video.path, 9.5)).toBe(true);
    // The fourth scene (a wide transparent logo) has no caption, and its transparent parts show the primary colour.
    expect(await captionDrawn(video.path, 7.5)).toBe(false);
    expect(near(await pixelAt(video.path, 7.5, 0.03, 0.5), LOOK.primaryColor)).toBe(true);
    expect(near(await pixelAt(video.path, 7.5, 0.5, 0.5), '#0000ff', 40)).toBe(true);
    // Caption text never enters the filter graph: it is in the work directory's text files.
    expect((await readdir(dir)).filter((name) => name.startsWith('caption-')).length).toBe(4);
  });
});

describe('composeImageClip', () => {
  it('renders one image as a 1080×1920 clip with its caption and the music, a phone photo upright', async () => {
    // Stored sideways with EXIF orientation 6: upright, red is on top and blue below.
    const image = await orientedJpeg(dir, 'phone.jpg', 6);
    const music = await testTone(dir, 3, 'loop.mp3', 330);
    const clip = await composeImageClip({ imagePath: image, caption: 'Oferta: 2×1 en "cafés" — ¡sólo hoy, 100%!', durationSeconds: 6, format: 'vertical', look: LOOK, audioPath: music, workDir: dir });
    const probed = await probe(clip.path);
    expect(probed.video).toEqual({ codec: 'h264', width: 1080, height: 1920, pixelFormat: 'yuv420p' });
    expect(probed.audio?.codec).toBe('aac');
    expect(Math.abs(probed.durationSeconds - 6) / 6).toBeLessThan(0.05);
    expect((await loudness(clip.path)).meanDb).toBeGreaterThan(-50);
    // The 3-second music is looped to the clip's length: still playing after 4 s (before the fade-out).
    expect((await loudness(await audioTail(clip.path, 4, dir))).meanDb).toBeGreaterThan(-40);
    expect(await captionDrawn(clip.path, 3)).toBe(true);
    expect(near(await pixelAt(clip.path, 3, 0.8, 0.1), '#ff0000', 60)).toBe(true);
    expect(near(await pixelAt(clip.path, 3, 0.2, 0.95), '#0000ff', 60)).toBe(true);
  });
});
