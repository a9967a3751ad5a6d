/**
 * A post's media as gallery assets (issue 13 item 1): the ids gone from the gallery (or that are
 * not images or videos), and the media validatePost reads — the found ones in order, none for a
 * post without media, unknown while the gallery is being read.
 */
import { describe, expect, it } from 'vitest';
import { foundMedia, missingMedia, previewMediaOf } from '../../../../../../web/src/features/publishing/media';
import { asset } from './fixtures';

const gallery = [asset('a'), asset('v', { type: 'video', mediaType: 'video/mp4', size: 1000 }), asset('voz', { type: 'voice', mediaType: 'audio/mpeg' })];

describe('missingMedia', () => {
  it('lists the ids not in the gallery as images or videos, none while it is read', () => {
    expect(missingMedia(['a', 'gone', 'voz', 'v'], gallery)).toEqual(['gone', 'voz']);
    expect(missingMedia(['gone'], undefined)).toEqual([]);
  });
});

describe('foundMedia', () => {
  it('gives the media found in the gallery in order and leaves the missing out', () => {
    expect(foundMedia(['v', 'gone', 'a'], gallery)).toEqual([
      { kind: 'video', contentType: 'video/mp4', size: 1000 },
      { kind: 'image', contentType: 'image/jpeg', size: 200_000 },
    ]);
  });

  it('is empty without media and unknown while the gallery is read', () => {
    expect(foundMedia([], undefined)).toEqual([]);
    expect(foundMedia(['a'], undefined)).toBeUndefined();
  });
});

describe('previewMediaOf', () => {
  it('shows the found media with their URLs, in order', () => {
    expect(previewMediaOf(['v', 'gone', 'a'], gallery)).toEqual([
      { id: 'v', kind: 'video', url: 'https://files.example/v' },
      { id: 'a', kind: 'image', url: 'https://files.example/a' },
    ]);
  });
});
