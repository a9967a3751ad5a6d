/**
 * The gallery's type filter (issue 18: 'Música' among the types): 'Todos' keeps every asset in
 * order, a type keeps only its assets. And its players' URLs: a re-read signs fresh URLs, but a
 * player keeps the one it shows (a new src would stop a playing video) until it is
 * ASSETS_REFRESH_MS old.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Asset } from '@director-ia/shared';

vi.mock('../../../../../../web/src/lib/auth', () => ({ getAccessToken: async () => null }));
vi.mock('../../../../../../web/src/lib/config', () => ({ getConfig: () => ({ apiBase: '/api' }) }));

const { ASSETS_REFRESH_MS } = await import('../../../../../../web/src/features/assets/useAssets');
const { filterAssets, keepShownUrls } = await import('../../../../../../web/src/pages/taller/GalleryTab');

const asset = (id: string, type: Asset['type'], url = 'u'): Asset => ({ id, type, mediaType: 'x/y', prompt: id, createdAt: '2026-07-01T10:00:00Z', size: 1, offline: false, model: 'm', url, downloadUrl: 'd' });

describe('filterAssets', () => {
  const assets = [asset('a', 'music'), asset('b', 'image'), asset('c', 'music'), asset('d', 'video')];
  it('keeps every asset for Todos and only the chosen type otherwise', () => {
    expect(filterAssets(assets, 'all').map((a) => a.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(filterAssets(assets, 'music').map((a) => a.id)).toEqual(['a', 'c']);
    expect(filterAssets(assets, 'voice')).toEqual([]);
  });
});

describe('keepShownUrls', () => {
  it('keeps a young URL across re-reads, takes the fresh one once it is old, and forgets deleted assets', () => {
    const first = keepShownUrls(new Map(), [asset('a', 'video', 'https://b/a?sig=1'), asset('b', 'music', 'https://b/b?sig=1')], 1000);
    expect(first.get('a')).toEqual({ url: 'https://b/a?sig=1', at: 1000 });
    const reread = keepShownUrls(first, [asset('a', 'video', 'https://b/a?sig=2'), asset('c', 'image', 'https://b/c?sig=2')], 1000 + ASSETS_REFRESH_MS - 1);
    expect(reread.get('a')?.url).toBe('https://b/a?sig=1');
    expect(reread.get('c')?.url).toBe('https://b/c?sig=2');
    expect(reread.has('b')).toBe(false);
    const later = keepShownUrls(reread, [asset('a', 'video', 'https://b/a?sig=3')], 1000 + ASSETS_REFRESH_MS);
    expect(later.get('a')).toEqual({ url: 'https://b/a?sig=3', at: 1000 + ASSETS_REFRESH_MS });
  });
});
