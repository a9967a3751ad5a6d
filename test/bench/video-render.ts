/**
 * Render speed of composed video (issue 18): wall time per second of 1080p video, beside a floor
 * measured in the same run on the same machine:
 *   - render: `composeSlideshow` of 5 stills (odd sizes, busy test patterns) × 2 s, horizontal
 *     1920×1080, with Ken Burns motion, captions, fades and looped music: the render Lambda's work;
 *   - floor: ffmpeg encoding a plain colour source of the same length and size, with a test tone,
 *     with the same encoder settings (VIDEO_ENCODE_ARGS, AUDIO_ENCODE_ARGS): what encoding alone costs;
 *   - ratio render / floor.
 * The target is on the render figure: ≤ 2 s per second of video (the longest video,
 * MAX_RENDER_SECONDS, then composes in a fraction of Lambda's 15 minutes). Run alone:
 * `npx tsx test/bench/video-render.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIDEO_FPS } from '@director-ia/shared';
import { composeSlideshow } from '../../lambdas/core/media/video';
import { AUDIO_ENCODE_ARGS, CONTAINER_ARGS, VIDEO_ENCODE_ARGS } from '../../lambdas/core/media/video/encode';
import { runFfmpeg } from '../../lambdas/platform/media/ffmpeg';
import { stillImage, testTone } from '../support/video-fixtures';

/** Target: seconds of rendering per second of 1080p video. */
export const VIDEO_RENDER_TARGET = 2;

export interface VideoRenderFigures {
  videoSeconds: number;
  /** Wall seconds per second of video. */
  renderPerSecond: number;
  floorPerSecond: number;
  ratio: number;
}

const SCENES = 5;
const SCENE_SECONDS = 2;

/** Measures both figures (about half a minute on 2 cores). */
export async function measureVideoRender(): Promise<VideoRenderFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-video-'));
  try {
    const images = await Promise.all([
      stillImage(dir, 'a.png', 1201, 801),
      stillImage(dir, 'b.jpg', 641, 961, 'mandelbrot'),
      stillImage(dir, 'c.webp', 301, 201, 'smptebars'),
      stillImage(dir, 'd.png', 3001, 1999, 'testsrc'),
      stillImage(dir, 'e.jpg', 1920, 1080, 'rgbtestsrc'),
    ]);
    const music = await testTone(dir, 4);
    const videoSeconds = SCENES * SCENE_SECONDS;

    const floorStart = performance.now();
    await runFfmpeg([
      '-f', 'lavfi', '-i', `color=c=0x1f2937:s=1920x1080:r=${VIDEO_FPS}:d=${videoSeconds}`,
      '-f', 'lavfi', '-i', `sine=f=440:d=${videoSeconds}`,
      ...VIDEO_ENCODE_ARGS, ...AUDIO_ENCODE_ARGS, ...CONTAINER_ARGS,
      path.join(dir, 'floor.mp4'),
    ]);
    const floorSeconds = (performance.now() - floorStart) / 1000;

    const renderStart = performance.now();
    await composeSlideshow({
      scenes: images.map((imagePath, index) => ({
        imagePath,
        caption: `Escena ${index + 1}: «café de especialidad», 100% arábica y tostado cada mañana`,
        durationSeconds: SCENE_SECONDS,
        transition: index % 2 === 0 ? 'fundido' : 'corte',
      })),
      format: 'horizontal',
      look: { primaryColor: '#1f2937', accentColor: '#f59e0b' },
      audioPath: music,
      workDir: dir,
    });
    const renderSeconds = (performance.now() - renderStart) / 1000;

    const renderPerSecond = renderSeconds / videoSeconds;
    const floorPerSecond = floorSeconds / videoSeconds;
    return { videoSeconds, renderPerSecond, floorPerSecond, ratio: renderPerSecond / floorPerSecond };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Prints the figures (the bench's format: a mark, the figure, the target, the floor). */
export async function printVideoRender(): Promise<void> {
  const figures = await measureVideoRender();
  const ok = figures.renderPerSecond <= VIDEO_RENDER_TARGET;
  console.log(`\nVideo render (composeSlideshow, ${SCENES} scenes, ${figures.videoSeconds} s of 1920×1080 at ${VIDEO_FPS} fps, libx264 veryfast + AAC)`);
  console.log(
    `  ${ok ? 'ok ' : 'OVER'} render time per second of 1080p video ${figures.renderPerSecond.toFixed(2)} s (target ≤ ${VIDEO_RENDER_TARGET} s) · ${figures.ratio.toFixed(1)}× the floor`,
  );
  console.log(`  floor: ffmpeg encoding a plain colour source of the same size and length, same encoder settings: ${figures.floorPerSecond.toFixed(2)} s per second of video`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await printVideoRender();
}
