/**
 * composeSlideshow and composeImageClip (lambdas/core/media/video/slideshow.ts, issue 18 item 2)
 * with the real ffmpeg: five stills of odd sizes (PNG, JPEG, WEBP, a small one upscaled) become a
 * 1920×1080 H.264/AAC yuv420p video (a transparent logo flattened onto the primary colour) as long as the scenes together (within 5%), with captions full
 * of quotes, colons, accents, percent signs, braces and backslashes drawn on a box in the brand's
 * primary colour framed in its accent colour, and a sound track that is not silent (test tones as
 * music and voice-over). One image (a phone photo stored sideways, turned upright by its EXIF
 * orientation) becomes a 1080×1920 clip with its caption and the looped music.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeImageClip, composeSlideshow, type SceneRender } from '../../../../../../lambdas/core/media/video';
import { FFMPEG, loudness, probe } from '../../../../../support/media';

const execFileAsync = promisify(execFile);
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
    // Intermediate files (prepared stills, caption texts) are gone: only the inputs and the video remain.
    expect((await readdir(dir)).sort()).toEqual(['a.png', 'b.jpg', 'c.webp', 'd.png', 'music.mp3', 'slideshow.mp4', 'voice.m4a']);
  });
});

describe('composeSlideshow with a video clip as a scene', () => {
  it('covers the frame with the clip and loops a short clip to the length of its scene', async () => {
    const work = await mkdtemp(path.join(dir, 'clip-'));
    const clip = path.join(work, 'generated.mp4');
    // A 1-second 640×360 pure-red clip with a loud tone (as a generated clip could have).
    await execFileAsync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=640x360:r=24:d=1', '-f', 'lavfi', '-i', 'sine=f=1000:d=1', '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip]);
    const still = await stillImage(work, 's.png', 800, 600);
    const quiet = await testTone(work, 1, 'quiet.mp3', 220);
    const video = await composeSlideshow({
      scenes: [
        { imagePath: '', clipPath: clip, caption: '', durationSeconds: 3, transition: 'corte' },
        { imagePath: still, caption: 'Después', durationSeconds: 2, transition: 'corte' },
      ],
      format: 'vertical',
      look: LOOK,
      audioPath: quiet,
      workDir: work,
    });
    const probed = await probe(video.path);
    expect(probed.video).toMatchObject({ width: 1080, height: 1920 });
    expect(Math.abs(probed.durationSeconds - 5) / 5).toBeLessThan(0.05);
    // The clip fills the whole frame, past its own 1 s (looped), corners included.
    for (const [x, y] of [[0.02, 0.02], [0.98, 0.98], [0.5, 0.5]] as const) expect(near(await pixelAt(video.path, 2.2, x, y), '#ff0000', 40)).toBe(true);
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
