/**
 * The live studio's rules (spec 4 'Live stream', 5 'Live start'): it starts only with at least
 * one image and a music file, the picker keeps only images (up to the loop's limit) with a Spanish
 * reason for the rest, and the loop turns through every image and back to the first.
 */
import { describe, expect, it } from 'vitest';
import type { Asset } from '@director-ia/shared';
import {
  acceptLoopImages,
  canStartLive,
  FIRST_FRAME,
  formatElapsed,
  frameDurationMs,
  galleryLoopCandidates,
  galleryMusicCandidates,
  isAudioFile,
  loopKindOf,
  LIVE_MSG,
  MAX_LOOP_IMAGES,
  nextFrame,
  type LoopFrame,
} from '../../../../../../../web/src/pages/taller/live/liveStudio';

const file = (name: string, type: string) => ({ name, type });

describe('live start', () => {
  it('needs at least one image and a music file, with the spec message verbatim', () => {
    expect(canStartLive(0, false)).toBe(false);
    expect(canStartLive(3, false)).toBe(false);
    expect(canStartLive(0, true)).toBe(false);
    expect(canStartLive(1, true)).toBe(true);
    expect(LIVE_MSG.needFiles).toBe('Debes subir al menos una imagen y un archivo de música.');
    expect(LIVE_MSG.simulation).toBe('Simulación: la emisión a plataformas aún no está conectada.');
  });
});

describe('picked files', () => {
  it('keeps images in order and explains each file that is not one', () => {
    const { accepted, problems } = acceptLoopImages([file('a.png', 'image/png'), file('notas.txt', 'text/plain'), file('b.webp', 'image/webp'), file('x', '')], 0);
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.webp']);
    expect(problems).toEqual([LIVE_MSG.notImage('notas.txt'), LIVE_MSG.notImage('x')]);
  });

  it(`stops at ${MAX_LOOP_IMAGES} images and says so once`, () => {
    const many = Array.from({ length: 5 }, (_, i) => file(`${i}.jpg`, 'image/jpeg'));
    const { accepted, problems } = acceptLoopImages(many, MAX_LOOP_IMAGES - 2);
    expect(accepted.map((f) => f.name)).toEqual(['0.jpg', '1.jpg']);
    expect(problems).toEqual([`El bucle admite como máximo ${MAX_LOOP_IMAGES} imágenes.`]);
  });

  it('takes only audio as music', () => {
    expect(isAudioFile(file('fondo.mp3', 'audio/mpeg'))).toBe(true);
    expect(isAudioFile(file('video.mp4', 'video/mp4'))).toBe(false);
  });
});

describe('the loop', () => {
  it('turns through every image and back, fading from the previous one', () => {
    const frames: LoopFrame[] = [FIRST_FRAME];
    for (let i = 0; i < 3; i += 1) frames.push(nextFrame(frames.at(-1) as LoopFrame, 3));
    expect(frames).toEqual([
      { index: 0, previous: null },
      { index: 1, previous: 0 },
      { index: 2, previous: 1 },
      { index: 0, previous: 2 },
    ]);
  });

  it('keeps a single image on screen without a fade, and recovers when images were removed', () => {
    expect(nextFrame({ index: 0, previous: null }, 1)).toEqual(FIRST_FRAME);
    expect(nextFrame({ index: 4, previous: 3 }, 2)).toEqual({ index: 1, previous: 0 });
  });

  it('shows the on-air time as mm:ss, then h:mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(75)).toBe('01:15');
    expect(formatElapsed(3600 + 62)).toBe('1:01:02');
  });
});

describe('the gallery in the live (issue 18 item 3)', () => {
  const asset = (id: string, type: Asset['type'], mediaType: string): Asset => ({ id, type, mediaType, prompt: id, createdAt: '2026-07-01T10:00:00Z', size: 10, offline: true, model: 'offline', url: `https://b/${id}`, downloadUrl: `https://b/${id}?d` });
  const gallery = [asset('img', 'image', 'image/png'), asset('avatar', 'avatar', 'image/png'), asset('clip', 'video', 'video/mp4'), asset('song', 'music', 'audio/mpeg'), asset('voz', 'voice', 'audio/wav')];

  it('offers images, avatars and videos for the loop, and soundtracks for the music', () => {
    expect(galleryLoopCandidates(gallery).map((a) => a.id)).toEqual(['img', 'avatar', 'clip']);
    expect(galleryMusicCandidates(gallery).map((a) => a.id)).toEqual(['song']);
    expect(galleryLoopCandidates(undefined)).toEqual([]);
    expect(galleryMusicCandidates(undefined)).toEqual([]);
  });

  it('shows an image for the loop interval and a video until it ends', () => {
    expect(loopKindOf('image/webp')).toBe('image');
    expect(loopKindOf('video/mp4')).toBe('video');
    expect(loopKindOf('audio/mpeg')).toBeNull();
    expect(frameDurationMs('image', 4000)).toBe(4000);
    expect(frameDurationMs('video', 4000)).toBeNull();
  });
});
